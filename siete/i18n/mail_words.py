"""The mails the site sends, in the language the person asked in (the worker writes them)."""
from __future__ import annotations

from siete.i18n.catalogs import N_, gettext_in

RESET_SUBJECT = N_("Reset your Siete y medio password")
RESET_BODY = N_(
    "Hello %(name)s,\n\nSomeone (we hope you) asked to reset your Siete y medio password. "
    "Open this link within %(minutes)s minutes to choose a new one:\n\n%(link)s\n\n"
    "The link works once. If you did not ask for it, ignore this mail: your password "
    "stays as it is.\n")


def reset_mail(locale: str, name: str, link: str, minutes: int) -> tuple[str, str]:
    """(subject, body) of the password-reset mail."""
    return (gettext_in(locale, RESET_SUBJECT),
            gettext_in(locale, RESET_BODY, name=name, minutes=minutes, link=link))
