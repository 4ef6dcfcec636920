"""Words that said the wrong thing: the rules page's bots and review marks in the reader's
language, one Spanish word for Draw, error sentences that start with a capital, the winner's
badge beside any name, how a tie for first was broken (R7.2), whom the bank must beat (R4.2)."""
from __future__ import annotations

SPANISH = {"Accept-Language": "es-ES,es;q=0.9,en;q=0.5"}


def test_the_rules_page_describes_the_expert_and_says_the_marks_in_spanish(client):
    """The marks were English on the Spanish page once an English reader had seen it first:
    Jinja had folded 'best'|review_mark into the compiled template."""
    english = client.get("/rules").get_data(as_text=True)
    assert "Another bot profile" not in english and "Plays by the odds solver" in english
    page = client.get("/rules", headers=SPANISH).get_data(as_text=True)
    expert = page[page.index('id="bot-expert"'):]
    assert "calculador" in expert[:800]
    review = page[page.index('id="review"'):]
    for spanish in ("óptima", "imprecisión", "error", "error grave"):
        assert f"<strong>{spanish}</strong>" in review
    for english_mark in ("best", "inaccuracy", "mistake", "blunder"):
        assert f"<strong>{english_mark}</strong>" not in review
