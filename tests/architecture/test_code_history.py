"""The code says what is true now: no issue tags in siete/ (the issue tracker and the commit log
keep the history; docs/ keeps the dated notes)."""
from __future__ import annotations

import re

from tests.support.source_imports import ROOT

ISSUE_TAG = re.compile(r"#\d{2}\b|\bissue \d+", re.IGNORECASE)


def issue_tags() -> list[str]:
    found = []
    for path in sorted((ROOT / "siete").rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if ISSUE_TAG.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    return found


def test_the_pattern_finds_issue_tags_and_nothing_else():
    tagged = ["a private table (#26)", "#27.4: odds", "(issue 27 item 5)", "Issue 19 says"]
    plain = ["R4.6 makes the stand", "#table swaps", "fragment #flash", "issues are tracked", "7½"]
    assert [bool(ISSUE_TAG.search(text)) for text in tagged] == [True] * len(tagged)
    assert [bool(ISSUE_TAG.search(text)) for text in plain] == [False] * len(plain)


def test_no_issue_tags_in_the_package():
    assert issue_tags() == [], "say what the code does now, without the issue it came from"
