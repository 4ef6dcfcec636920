"""The README is a front door and the docs are all in the clone: every relative link of README.md,
SECURITY.md and docs/ (Markdown links, images, <img src>) names a file of the repository, and an
anchor a heading of that file; nothing points outside it (the specification is in docs/spec/)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted([ROOT / "README.md", ROOT / "SECURITY.md", *(ROOT / "docs").rglob("*.md")])
README_MOST_LINES = 250

FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s*\[[^\]]+\]:\s*(\S+)", re.MULTILINE)
IMG = re.compile(r"<img\b[^>]*\bsrc=\"([^\"]+)\"")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)


def prose(page: Path) -> str:
    """The page without its code blocks and code spans (a path in code is not a link)."""
    return CODE_SPAN.sub("", FENCE.sub("", page.read_text(encoding="utf-8")))


def targets(page: Path) -> list[str]:
    text = prose(page)
    return LINK.findall(text) + REFERENCE.findall(text) + IMG.findall(text)


def is_relative(target: str) -> bool:
    return not re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE)


def anchor_of(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, markup and punctuation dropped, spaces to '-'."""
    text = re.sub(r"[`*_]|\[([^\]]*)\]\([^)]*\)", r"\1", heading).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    return {anchor_of(h) for h in HEADING.findall(FENCE.sub("", page.read_text(encoding="utf-8")))}


def broken_links(page: Path, root: Path = ROOT) -> list[str]:
    broken = []
    for target in filter(is_relative, targets(page)):
        path, _, fragment = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.is_relative_to(root):
            broken.append(f"{target}: outside the repository")
        elif not file.exists():
            broken.append(f"{target}: no such file")
        elif fragment and file.suffix == ".md" and fragment not in anchors(file):
            broken.append(f"{target}: no heading #{fragment}")
    return broken


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_relative_link_names_a_file_of_the_repository(page):
    assert broken_links(page) == []


def test_the_checker_finds_links_and_ignores_code(tmp_path):
    (tmp_path / "there.md").write_text("# A heading, with `code`\n")
    page = tmp_path / "docs" / "page.md"
    page.parent.mkdir()
    page.write_text("See [there](../there.md#a-heading-with-code), ![pic](img/gone.png) and\n"
                    '<img src="gone.png" alt="x">, [away](https://example.org) and `[no](code.md)`.\n'
                    "```\n[not](a-link.md)\n```\n[bad anchor](../there.md#nowhere), [out](../../x.md)\n")
    assert targets(page) == ["../there.md#a-heading-with-code", "img/gone.png", "https://example.org",
                             "../there.md#nowhere", "../../x.md", "gone.png"]
    assert broken_links(page, root=tmp_path) == [
        "img/gone.png: no such file", "../there.md#nowhere: no heading #nowhere",
        "../../x.md: outside the repository", "gone.png: no such file"]


def test_the_readme_is_a_front_door():
    """Short, with the two commands and docker compose; the details live in docs/."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= README_MOST_LINES
    assert "../shared" not in readme
    for page in ("docs/configuration.md", "docs/production.md", "docs/scale-out.md", "docs/worker.md",
                 "docs/benchmarks.md", "docs/testing.md", "docs/rules.md", "docs/playing.md"):
        assert f"]({page}" in readme, f"the README links to {page}"
