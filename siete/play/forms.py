"""The new-table form: seats, bots by profile, hand limit and turn timer (checked against the config)."""
from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import BooleanField, IntegerField, StringField
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from siete.engine.config import GameConfig
from siete.service.tables import TableSpec

# The profiles a creator can seat, in the order the form shows them (siete.engine.bots.PROFILES).
BOT_FIELDS = (("standard", "standard_bots"), ("cautious", "cautious_bots"), ("bold", "bold_bots"))


def _count(label: str, default: int) -> IntegerField:
    return IntegerField(label, default=default, validators=[
        InputRequired(message="Enter a number (0 if none)."),
        NumberRange(0, 7, message="Choose 0 to 7 bots.")])


class NewTableForm(FlaskForm):
    """Open a table; the service re-checks everything, the form gives each field its own error."""

    name = StringField("Table name", validators=[Optional(), Length(max=60)])
    seats = IntegerField("Seats", default=4, validators=[
        InputRequired(message="Enter the number of seats."),
        NumberRange(2, 8, message="A table has 2 to 8 seats.")])
    standard_bots = _count("Standard", 1)
    cautious_bots = _count("Cautious", 1)
    bold_bots = _count("Bold", 1)
    watch_only = BooleanField("Bots only: I just watch (free seats get standard bots)")
    max_hands = IntegerField("Hand limit", default=15, validators=[
        InputRequired(message="Enter a hand limit.")])
    turn_seconds = IntegerField("Turn timer (seconds)", default=30, validators=[
        InputRequired(message="Enter the seconds a player has for a move."),
        NumberRange(5, 600, message="The turn timer is 5 to 600 seconds.")])

    def check_against(self, config: GameConfig) -> bool:
        """Checks that need the server's config or several fields; errors land on the fields."""
        ok = True
        if self.seats.data is not None and not config.min_players <= self.seats.data <= config.max_players:
            self.seats.errors.append(
                f"This server allows {config.min_players} to {config.max_players} seats.")
            ok = False
        if self.max_hands.data is not None and not 1 <= self.max_hands.data <= config.max_hands:
            self.max_hands.errors.append(f"Choose 1 to {config.max_hands} hands (15 or 30 are usual).")
            ok = False
        if self.watch_only.data and not config.auto_mode:
            # Form-level: the checkbox is not even shown when auto mode is off.
            self.form_errors.append("Bots-only tables are switched off on this server.")
            ok = False
        return self._check_bot_count() and ok

    def _check_bot_count(self) -> bool:
        bots, seats = self.bot_count(), self.seats.data or 0
        room = seats if self.watch_only.data else seats - 1
        if bots > room:
            why = "seats" if self.watch_only.data else "seats, leaving one for you"
            self.standard_bots.errors.append(f"Too many bots: {bots} bots for {room} {why}.")
            return False
        return True

    def bot_count(self) -> int:
        return sum(getattr(self, name).data or 0 for _profile, name in BOT_FIELDS)

    def spec(self) -> TableSpec:
        """The table the form asks for; a watch-only table fills its free seats with standard bots."""
        bots = [profile for profile, name in BOT_FIELDS for _ in range(getattr(self, name).data)]
        if self.watch_only.data:
            bots += ["standard"] * (self.seats.data - len(bots))
        return TableSpec(name=(self.name.data or "").strip(), seats=self.seats.data, bots=tuple(bots),
                         max_hands=self.max_hands.data, turn_seconds=self.turn_seconds.data,
                         creator_sits=not self.watch_only.data)
