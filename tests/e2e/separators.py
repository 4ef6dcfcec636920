"""Where a "·" joining items stands on the screen: one is dangling when it shows with nothing
of its row on one side of it (at a line's end or start). Any page, any markup: every "·"
character in the given elements' text is measured, with the visible characters around it."""
from __future__ import annotations

from tests.e2e.siete_pages import Player

# Each shown "·" (not hidden, not clipped away at its container's left edge) whose row has no
# other character before it or none after it within the same container.
DANGLING = """selector => [...document.querySelectorAll(selector)].flatMap(box => {
  const chars = [];
  // the left edge that clips the node: its nearest clipping element within the box, or the box
  const edgeOf = node => {
    for (let el = node.parentElement; el && box.contains(el); el = el.parentElement) {
      if (['clip', 'hidden'].includes(getComputedStyle(el).overflowX)) return el.getBoundingClientRect();
    }
    return box.getBoundingClientRect();
  };
  const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const edge = edgeOf(node);
    for (let i = 0; i < node.data.length; i++) {
      if (/\\s/.test(node.data[i])) continue;
      const range = document.createRange();
      range.setStart(node, i); range.setEnd(node, i + 1);
      const r = [...range.getClientRects()].find(r => r.width > 0 && r.height > 0);
      if (!r || r.right <= edge.left + 0.5) continue;  // hidden, or clipped at the row's start
      chars.push({c: node.data[i], top: r.top, bottom: r.bottom});
    }
  }
  const sameRow = (a, b) => a.top < b.bottom - 2 && b.top < a.bottom - 2;
  return chars.flatMap((ch, i) => {
    if (ch.c !== '·') return [];
    const before = chars.slice(0, i).some(o => o.c !== '·' && sameRow(o, ch));
    const after = chars.slice(i + 1).some(o => o.c !== '·' && sameRow(o, ch));
    return before && after ? [] : [{text: box.innerText.slice(0, 120), before, after}];
  });
})"""


def dangling_dots(player: Player, selector: str) -> list[dict]:
    """The "·" in the elements matching `selector` that end or start a row."""
    return player.page.evaluate(DANGLING, selector)


def dots_shown(player: Player, selector: str) -> int:
    """How many "·" show in those elements (to see that the check had something to check)."""
    return player.page.evaluate("""selector => [...document.querySelectorAll(selector)].reduce(
      (n, box) => n + (box.innerText.match(/·/g) || []).length, 0)""", selector)
