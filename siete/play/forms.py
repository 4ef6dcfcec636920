"""The new-table form: seats, bots by profile, hand limit and turn timer (checked against the config)."""
from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from flask_wtf import FlaskForm
from wtforms import BooleanField, StringField
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from siete.engine.codes import BotProfile
from siete.engine.config import TURN_SECONDS_MAX, TURN_SECONDS_MIN, GameConfig
from siete.service.tables.lobby_actions import TableSpec
from siete.web.validators import AsciiIntegerField, PlainText, add_error

# The profiles a creator can seat, in the order the form shows them, each with its field.
BOT_FIELDS = tuple((p.value, f"{p.value}_bots") for p in BotProfile)


def _count(label: str, default: int, required: bool = True) -> AsciiIntegerField:
    # A field added later is optional: a tab opened before it, or a script, leaves it out (0).
    presence = InputRequired(message=_l("Enter a number (0 if none).")) if required else Optional()
    return AsciiIntegerField(label, default=default, validators=[
        presence, NumberRange(0, 7, message=_l("Choose 0 to 7 bots."))])


class NewTableForm(FlaskForm):
    """Open a table; the service re-checks everything, the form gives each field its own error."""

    name = StringField(_l("Table name"), validators=[Optional(), Length(max=60), PlainText()])
    seats = AsciiIntegerField(_l("Seats"), default=4, validators=[
        InputRequired(message=_l("Enter the number of seats.")),
        NumberRange(2, 8, message=_l("A table has 2 to 8 seats."))])
    standard_bots = _count(_l("Standard"), 1)
    cautious_bots = _count(_l("Cautious"), 1)
    bold_bots = _count(_l("Bold"), 1)
    expert_bots = _count(_l("Expert"), 0, required=False)  # plays the exact odds
    watch_only = BooleanField(_l("Bots only: I just watch (free seats get standard bots)"))
    show_odds = BooleanField(_l("Show the odds (a practice table: not rated)"))
    private = BooleanField(_l("Private table (invite link only)"))
    chat_spectators = BooleanField(_l("Spectators may read and write in the chat"))
    max_hands = AsciiIntegerField(_l("Hand limit"), default=15, validators=[
        InputRequired(message=_l("Enter a hand limit."))])
    turn_seconds = AsciiIntegerField(_l("Turn timer (seconds)"), default=30, validators=[
        InputRequired(message=_l("Enter the seconds a player has for a move.")),
        NumberRange(TURN_SECONDS_MIN, TURN_SECONDS_MAX,
                    message=_l("The turn timer is 5 to 600 seconds."))])

    def check_against(self, config: GameConfig) -> bool:
        """Checks that need the server's config or several fields; errors land on the fields."""
        ok = True
        if self.seats.data is not None and not config.min_players <= self.seats.data <= config.max_players:
            add_error(self.seats, _("This server allows %(min)s to %(max)s seats.",
                                    min=config.min_players, max=config.max_players))
            ok = False
        if self.max_hands.data is not None and not 1 <= self.max_hands.data <= config.max_hands:
            add_error(self.max_hands,
                      _("Choose 1 to %(max)s hands (15 or 30 are usual).", max=config.max_hands))
            ok = False
        if self.watch_only.data and not config.auto_mode:
            # Form-level: the checkbox is not even shown when auto mode is off.
            self.form_errors.append(_("Bots-only tables are switched off on this server."))
            ok = False
        return self._check_bot_count() and ok

    def _check_bot_count(self) -> bool:
        bots, seats = self.bot_count(), self.seats.data or 0
        room = seats if self.watch_only.data else seats - 1
        if bots > room:
            message = (_("Too many bots: %(bots)s bots for %(room)s seats.", bots=bots, room=room)
                       if self.watch_only.data else
                       ngettext("Too many bots: %(bots)s bots for %(num)s seat, leaving one for you.",
                                "Too many bots: %(bots)s bots for %(num)s seats, leaving one for you.",
                                room, bots=bots))
            add_error(self.standard_bots, message)
            return False
        return True

    def bot_count(self) -> int:
        return sum(getattr(self, name).data or 0 for _profile, name in BOT_FIELDS)

    def spec(self) -> TableSpec:
        """The table the form asks for; a watch-only table fills its free seats with standard bots."""
        bots = [profile for profile, name in BOT_FIELDS for _ in range(getattr(self, name).data or 0)]
        seats = _validated(self.seats.data)
        if self.watch_only.data:
            bots += [BotProfile.STANDARD] * (seats - len(bots))
        return TableSpec(name=(self.name.data or "").strip(), seats=seats, bots=tuple(bots),
                         max_hands=_validated(self.max_hands.data),
                         turn_seconds=_validated(self.turn_seconds.data),
                         creator_sits=not self.watch_only.data, show_odds=bool(self.show_odds.data),
                         private=bool(self.private.data),
                         chat_spectators=bool(self.chat_spectators.data))


def _validated(number: int | None) -> int:
    """A required number of a form that passed validation (its validators refuse a blank)."""
    if number is None:
        raise ValueError("spec() is for a form that passed validation")
    return number
