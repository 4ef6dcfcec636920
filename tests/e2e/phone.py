"""A phone for the browser tests: its context options and the check every page passes on it
(no sideways scroll, every target a thumb presses at least 44 px)."""
from __future__ import annotations

from tests.e2e.siete_pages import Player

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True,
         "has_touch": True}


def assert_fits_a_phone(player: Player, what: str) -> None:
    page = player.page
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{what}: {overflow} px wider than the phone"
    small = page.evaluate("""() => [...document.querySelectorAll(
        'button, .btn, input:not([type=hidden]), select, .site-nav a, .game__links a, .table-tools label, '
        + '.skip-link, .site-name, .lobby__pages a, .reports__index-link, .report__title-link, '
        + '.report__more, .report__download, .report__page, .report__top')]
      .filter(e => e.offsetParent !== null)
      .map(e => e.matches('input[type=checkbox], input[type=radio]') && e.closest('label, .field--check')
                ? e.closest('label, .field--check') : e)  // a box is pressed through its label
      .map(e => { const r = e.getBoundingClientRect();
                  return {what: (e.id || e.textContent.trim()).slice(0, 30), w: r.width, h: r.height}; })
      .filter(r => r.h < 44 || r.w < 44)""")
    assert not small, f"{what}: targets under 44 px: {small}"
