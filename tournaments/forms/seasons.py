"""A season of the club, with its championship rules (checked as a whole by services.seasons)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.forms.base import DateInput
from tournaments.models import Season
from tournaments.models.divisions import division_letter

TIE_BREAK_CHOICES = [("", _("(none)")), *Season.TieBreak.choices]


class SeasonForm(forms.ModelForm):
    # The tie-breaks in order, as three picks (stored as one list).
    tie_break_1 = forms.ChoiceField(label=_("First tie-break"), choices=TIE_BREAK_CHOICES, required=False)
    tie_break_2 = forms.ChoiceField(label=_("Second tie-break"), choices=TIE_BREAK_CHOICES, required=False)
    tie_break_3 = forms.ChoiceField(label=_("Third tie-break"), choices=TIE_BREAK_CHOICES, required=False)

    class Meta:
        model = Season
        fields = [
            "name",
            "start_date",
            "end_date",
            "points_basis",
            "place_points",
            "score_mode",
            "ranking_rule",
            "best_n",
            "drop_worst",
            "min_evenings",
            "missed_penalty",
            "awarded_min_evenings",
            "guests",
            "ranked_as",
            "divisions",
            "promotion",
        ]
        widgets = {
            "start_date": DateInput(),
            "end_date": DateInput(),
            "place_points": forms.TextInput(attrs={"inputmode": "numeric", "placeholder": "8 7 6 5 4 3 2 1"}),
        }

    # Rules a form (or a script) may leave out: they keep their default (every evening counts, as before).
    OPTIONAL = (
        "score_mode",
        "points_basis",
        "drop_worst",
        "min_evenings",
        "missed_penalty",
        "awarded_min_evenings",
        "guests",
        "ranked_as",
        "divisions",
        "promotion",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in self.OPTIONAL:
            self.fields[name].required = False
        chosen = list(self.instance.tie_breaks or []) if self.instance.pk else ["game_points"]
        for index, name in enumerate(("tie_break_1", "tie_break_2", "tie_break_3")):
            self.fields[name].initial = chosen[index] if index < len(chosen) else ""

    def clean(self):
        data = super().clean()
        for name in self.OPTIONAL:
            if data.get(name) in (None, "") and name not in self.errors:
                data[name] = Season._meta.get_field(name).get_default()
        picks = [data.get(name) for name in ("tie_break_1", "tie_break_2", "tie_break_3")]
        chosen = [p for p in picks if p]
        if len(set(chosen)) != len(chosen):
            self.add_error("tie_break_2", _("Each tie-break once: the same one is chosen twice."))
        data["tie_breaks"] = chosen
        for name in ("tie_break_1", "tie_break_2", "tie_break_3"):
            data.pop(name, None)
        return data


class SeasonDivisionsForm(forms.Form):
    """One choice per player of the club: the division they play in this season (the lowest by default)."""

    def __init__(self, *args, season: Season, players, assigned: dict[int, int], **kwargs):
        super().__init__(*args, **kwargs)
        choices = [
            (str(n), _("Division %(letter)s") % {"letter": division_letter(n)}) for n in range(1, season.divisions + 1)
        ]
        self.players = list(players)
        for player in self.players:
            self.fields[f"player_{player.pk}"] = forms.TypedChoiceField(
                label=str(player),
                choices=choices,
                coerce=int,
                initial=str(min(assigned.get(player.pk, season.divisions), season.divisions)),
            )

    def divisions(self) -> dict[int, int]:
        return {p.pk: self.cleaned_data[f"player_{p.pk}"] for p in self.players}


class NextSeasonForm(forms.Form):
    name = forms.CharField(label=_("name"), max_length=100)
    start_date = forms.DateField(label=_("start"), widget=DateInput())
    end_date = forms.DateField(label=_("end"), widget=DateInput())
