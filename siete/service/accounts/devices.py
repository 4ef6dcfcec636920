"""What a browser's User-Agent says it is, as codes: a browser and a system (the pages name them).

Only the families people recognise are told apart; the rest is OTHER. The order of the checks
matters: Edge, Opera and Samsung Internet also say "Chrome", Chrome also says "Safari", and
every iPhone browser says "Safari" and "Mac OS X".
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Browser(StrEnum):
    EDGE = "Edge"
    OPERA = "Opera"
    SAMSUNG = "Samsung Internet"
    FIREFOX = "Firefox"
    CHROME = "Chrome"
    SAFARI = "Safari"
    OTHER = "other"


class System(StrEnum):
    ANDROID = "Android"
    IPHONE = "iPhone"
    IPAD = "iPad"
    WINDOWS = "Windows"
    CHROME_OS = "ChromeOS"
    MACOS = "macOS"
    LINUX = "Linux"
    OTHER = "other"


# (marker in the User-Agent, what it means), first match wins
BROWSER_MARKERS = (("Edg/", Browser.EDGE), ("EdgA/", Browser.EDGE), ("EdgiOS/", Browser.EDGE),
                   ("OPR/", Browser.OPERA), ("SamsungBrowser/", Browser.SAMSUNG),
                   ("Firefox/", Browser.FIREFOX), ("FxiOS/", Browser.FIREFOX),
                   ("Chrome/", Browser.CHROME), ("Chromium/", Browser.CHROME), ("CriOS/", Browser.CHROME),
                   ("Safari/", Browser.SAFARI))
SYSTEM_MARKERS = (("Android", System.ANDROID), ("iPhone", System.IPHONE), ("iPad", System.IPAD),
                  ("Windows", System.WINDOWS), ("CrOS", System.CHROME_OS),
                  ("Mac OS X", System.MACOS), ("Macintosh", System.MACOS), ("Linux", System.LINUX))


@dataclass(frozen=True)
class Device:
    browser: Browser
    system: System


def device_of(user_agent: str) -> Device:
    """The browser and system a User-Agent header names (OTHER for what it does not)."""
    browser = next((b for marker, b in BROWSER_MARKERS if marker in user_agent), Browser.OTHER)
    system = next((s for marker, s in SYSTEM_MARKERS if marker in user_agent), System.OTHER)
    return Device(browser, system)
