"""The keys that keep accounts apart: one account per mailbox, no two names that look alike.

normal_email: the address as stored and compared. Surrounding spaces go; the domain is
case-folded (domains are case-insensitive by definition); the local part is lower-cased too.
RFC 5321 lets a server treat `Ana` and `ana` as two mailboxes, but no mail provider in common
use does, and sign-up has lower-cased whole addresses since it existed, so the stored rows
already agree. Dots and `+tags` are kept: they are distinct mailboxes on most providers.

name_skeleton: what a name looks like, after Unicode TR39's "skeleton" idea, on the characters
names may hold (ASCII letters and digits; bots also a hyphen). Two names with one skeleton are
one name. TR39's confusables.txt maps exactly four things between ASCII letters and digits:
`1` -> `l`, `I` -> `l`, `0` -> `O` and `m` -> `rn`. Names are also unique ignoring case, and
the two rules together make chains: `I` looks like `l` and is the capital of `i`, so `i`, `I`,
`l`, `L` and `1` are one letter here, as are `o`, `O` and `0`, and `m` is `rn`. So `aIice`,
`a1ice`, `ALICE` and `aiice` all share `alice`'s skeleton `allce`. Any other character (none
is allowed in a new name) only loses its case.
"""
from __future__ import annotations

# After lower-casing: every member of a look-alike class becomes the class's one letter.
LOOK_ALIKES = str.maketrans({"i": "l", "1": "l", "0": "o", "m": "rn"})


def normal_email(address: str) -> str:
    """The address as accounts store and compare it: trimmed, domain case-folded, local part
    lower-cased (see the module's note). An address without '@' is only trimmed and lowered."""
    local, at, domain = address.strip().rpartition("@")
    if not at:
        return address.strip().lower()
    return f"{local.lower()}@{domain.casefold()}"


def name_skeleton(name: str) -> str:
    """The look-alike key of a username or player name: equal keys look the same."""
    return name.strip().lower().translate(LOOK_ALIKES)
