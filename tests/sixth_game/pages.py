"""Highest number's pages, as games/kinds/<kind>/ holds a game's: its round form, its entry in
words, `form_data`, and its round inputs' template (templates/highest/round.html)."""

from __future__ import annotations

from django import forms

from games.kinds.base import NUMBER, RoundForm


class HighestForm(RoundForm):
    inputs_template = "highest/round.html"

    def add_fields(self) -> None:
        for player in self.players:
            # No limits here: the rules' sentence about a number out of range is the page's.
            self.fields[f"number_{player}"] = forms.IntegerField(
                widget=NUMBER, label=f"{self.names[player]}'s number"
            )

    def hand_fields(self, player: int) -> list[str]:
        return [f"number_{player}"]

    def build_entry(self) -> dict:
        data = self.cleaned_data
        return {"hands": {str(p): {"number": data[f"number_{p}"]} for p in self.players}}

    @classmethod
    def initial_from(cls, entry: dict) -> dict:
        return {f"number_{p}": hand.get("number") for p, hand in entry.get("hands", {}).items()}


def describe(game, entry, name) -> list[str]:
    return [f"{name(int(p))}: {hand['number']}" for p, hand in entry["hands"].items()]


round_form = HighestForm
form_data = HighestForm.post_data
