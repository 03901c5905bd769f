"""The club's forbidden pairings: two members, the kind, a reason (the service checks again)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.forms.entries import PlayerChoiceField
from tournaments.models import Club, ForbiddenPairing, Player
from tournaments.models.pairings import MAX_PAIRING_REASON


class ForbiddenPairingForm(forms.Form):
    player_a = PlayerChoiceField(label=_("player"), queryset=Player.objects.none())
    player_b = PlayerChoiceField(label=_("other player"), queryset=Player.objects.none())
    kind = forms.ChoiceField(
        label=_("they are"),
        choices=ForbiddenPairing.Kind.choices,
        initial=ForbiddenPairing.Kind.TABLE,
        widget=forms.RadioSelect,
        help_text=_("Never partners applies to mêlée evenings, where the draw makes the teams."),
    )
    reason = forms.CharField(
        label=_("reason"),
        max_length=MAX_PAIRING_REASON,
        required=False,
        help_text=_("Shown to organisers only, e.g. “family”."),
    )

    def __init__(self, *args, club: Club, **kwargs):
        """Both selects offer the club's active members and guests (one query for both), with the
        type-to-search pick (static/tournaments/pick.js)."""
        super().__init__(*args, **kwargs)
        players = Player.objects.filter(club=club, is_active=True).order_by("last_name", "first_name")
        offered: list | None = None
        for name in ("player_a", "player_b"):
            field = self.fields[name]
            field.queryset = players
            if offered is None:
                offered = [("", field.empty_label), *((p.pk, field.label_from_instance(p)) for p in players)]
            field.widget.choices = offered
            field.widget.attrs.update({"data-pick": "", "data-pick-placeholder": gettext("Type a name")})

    def clean(self):
        data = super().clean()
        if data.get("player_a") and data.get("player_b") and data["player_a"] == data["player_b"]:
            self.add_error("player_b", gettext("Other player: choose someone other than the first player."))
        return data
