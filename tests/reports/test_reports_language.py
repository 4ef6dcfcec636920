"""`reports` speaks one language: the one asked for with --lang, else the locale's, in its
titles, explanations and column headings, and in the titles it writes into the XML."""
from __future__ import annotations

import pytest

from siete.data.xmlfiles import read_reports_xml
from siete.i18n.catalogs import gettext_in
from siete.i18n.labels import COLUMN_LABELS
from siete.i18n.report_words import report_explanation, report_title
from siete.service.reports.definitions import REPORTS


@pytest.fixture
def app_config() -> dict:
    # The app's own default language is Spanish (the suite's is English): a command's words must
    # not fall back to it when the command was asked for English.
    return {"BABEL_DEFAULT_LOCALE": "es"}


def words(app, language: str) -> list[tuple[str, str]]:
    """Every report's (title, explanation) as a reader of `language` sees them on the web."""
    with app.test_request_context(headers={"Accept-Language": language}):
        return [(report_title(r.key), report_explanation(r.key)) for r in REPORTS]


def heading(language: str, column: str) -> str:
    return gettext_in(language, COLUMN_LABELS[column])


def test_the_two_languages_differ(app):
    # Otherwise the tests below could not tell one language from the other.
    spanish, english = words(app, "es"), words(app, "en")
    assert all(s[0] != e[0] and s[1] != e[1] for s, e in zip(spanish, english))
    assert heading("es", "player") != heading("en", "player")


@pytest.mark.parametrize(("how", "env", "language"), [
    (["--lang", "es"], {"LC_ALL": "en_GB.UTF-8"}, "es"),
    (["--lang", "en"], {"LC_ALL": "es_ES.UTF-8"}, "en"),
    ([], {"LC_ALL": "en_US.UTF-8"}, "en"),
    ([], {"LC_ALL": "es_ES.UTF-8"}, "es"),
])
def test_terminal_speaks_one_language(runner, app, games, how, env, language):
    result = runner.invoke(args=["reports", *how], env={"COLUMNS": "500", **env})
    assert result.exit_code == 0, result.output
    other = "en" if language == "es" else "es"
    # Each explanation is printed whole: the console is wide enough not to wrap it.
    for (title, explanation), (other_title, other_explanation) in zip(words(app, language),
                                                                      words(app, other)):
        assert title in result.output and explanation in result.output
        assert other_title not in result.output and other_explanation not in result.output
    assert heading(language, "player") in result.output
    assert heading(other, "player") not in result.output


@pytest.mark.parametrize("language", ["es", "en"])
def test_xml_titles_in_the_language_asked_for(runner, app, games, tmp_path, language):
    path = tmp_path / "reports.xml"
    result = runner.invoke(args=["reports", "--lang", language, "--xml", str(path)],
                           env={"COLUMNS": "500", "LC_ALL": "C.UTF-8"})
    assert result.exit_code == 0, result.output
    saved = read_reports_xml(path)
    assert [r["title"] for r in saved] == [title for title, _ in words(app, language)]
    saved_message = gettext_in(language, "Saved %(num)s report(s) to %(path)s.", num=16, path=path)
    assert saved_message in result.output


@pytest.mark.parametrize("language", ["es", "en"])
def test_json_keeps_reports_md_titles(runner, app, language):
    # A machine format, like replay's JSON: the same titles whatever the language.
    result = runner.invoke(args=["reports", "--lang", language, "--format", "json", "--only", "nemesis"])
    assert result.exit_code == 0, result.output
    assert '"title": "Nemesis"' in result.output


def test_an_unknown_language_is_a_usage_error(runner):
    result = runner.invoke(args=["reports", "--lang", "fr"])
    assert result.exit_code == 2
    assert "fr" in result.output


@pytest.mark.parametrize(("language", "title"), [("es", "Bestia negra"), ("en", "Nemesis")])
def test_web_downloads_speak_the_readers_language(client, language, title):
    # The web's XML titles follow the reader's language, as its pages do (never the app default's).
    xml = client.get("/reports/nemesis.xml", headers={"Accept-Language": language})
    assert xml.status_code == 200
    assert f'title="{title}"' in xml.get_data(as_text=True)
    page = client.get("/reports/nemesis", headers={"Accept-Language": language}).get_data(as_text=True)
    assert title in page and heading(language, "player") in page
