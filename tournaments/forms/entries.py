"""An entry (a team, or in mêlée a player), and one tap of the check-in."""

from __future__ import annotations

from django import forms
from django.utils.formats import date_format
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from tournaments.models import CheckIn, Entry, Event, Player
from tournaments.pairs_copy import pairs_copy_sources


class PlayerChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj):
        return f"{obj.last_name}, {obj.first_name}" + (f" ({obj.home_club})" if obj.is_guest and obj.home_club else "")


class EntryForm(forms.Form):
    """A team (two players) or, in mêlée, one player; optionally checked in at once."""

    player_1 = PlayerChoiceField(label=_("player"), queryset=Player.objects.none())
    player_2 = PlayerChoiceField(label=_("partner"), queryset=Player.objects.none(), required=False)
    name = forms.CharField(label=_("team name"), max_length=200, required=False)
    affiliation = forms.CharField(
        label=_("club"), max_length=200, required=False, help_text=_("For open events: same-club games are avoided.")
    )
    fixed_table = forms.IntegerField(label=_("stays at table"), min_value=1, required=False)
    needs_step_free = forms.BooleanField(label=_("needs a step-free table"), required=False)
    check_in = forms.BooleanField(label=_("checked in (present) for the next round"), required=False, initial=True)

    def __init__(self, *args, event: Event, edit: bool = False, entry: Entry | None = None, **kwargs):
        """`entry`: the entry being edited (its own players stay offered). The selects offer only members not
        entered yet (one query for both); any active member still validates, so a double booking posted
        anyway is refused by the service with a sentence naming the player. Each select carries `data-pick`
        for the type-to-search pick (static/tournaments/pick.js); without JavaScript it stays a select."""
        super().__init__(*args, **kwargs)
        self.event = event
        players = Player.objects.filter(club_id=event.club_id, is_active=True).order_by("last_name", "first_name")
        entered = Entry.objects.filter(event=event)
        if entry is not None:
            entered = entered.exclude(pk=entry.pk)
        free = players.exclude(pk__in=entered.values("player_1_id")).exclude(
            pk__in=entered.filter(player_2__isnull=False).values("player_2_id")
        )
        offered: list | None = None
        for name in ("player_1", "player_2"):
            field = self.fields[name]
            field.queryset = players
            if offered is None:
                offered = [("", field.empty_label), *((p.pk, field.label_from_instance(p)) for p in free)]
            field.widget.choices = offered
            field.widget.attrs.update(
                {
                    "data-pick": "",
                    "data-pick-placeholder": gettext("Type a name"),
                    "data-pick-empty": gettext("No member found who is not entered yet."),
                }
            )
        self.fields["player_1"].help_text = _("Members already entered tonight are not listed.")
        if event.team_mode == Event.TeamMode.MELEE:
            del self.fields["player_2"]
            del self.fields["name"]
        else:
            self.fields["player_2"].required = True
        if edit:
            del self.fields["check_in"]

    def clean(self):
        data = super().clean()
        if data.get("player_1") and data.get("player_2") and data["player_1"] == data["player_2"]:
            self.add_error("player_2", gettext("The partner must be another player."))
        return data


class CheckInForm(forms.Form):
    entry = forms.IntegerField(min_value=1, required=False)
    status = forms.ChoiceField(choices=CheckIn.Status.choices)
    all_remaining = forms.BooleanField(required=False)


class EntryIdsField(forms.Field):
    """The start entries ticked in a list (`name=pairs` once per ticked row): a list of ids, empty when none."""

    widget = forms.MultipleHiddenInput
    default_error_messages = {"invalid": _("Choose pairs from the list.")}

    def to_python(self, value):
        if value in self.empty_values:
            return []
        values = value if isinstance(value, list | tuple) else [value]
        try:
            ids = [int(v) for v in values]
        except (TypeError, ValueError):
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid") from None
        if any(i < 1 or i > 2**31 - 1 for i in ids):
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return ids


class PairsSourceForm(forms.Form):
    """The earlier event whose pairs are shown (the page's GET form)."""

    source = forms.ModelChoiceField(label=_("Copy the pairs of"), queryset=Event.objects.none())

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["source"].queryset = pairs_copy_sources(event=event)
        self.fields["source"].label_from_instance = lambda e: (
            ngettext("%(name)s, %(date)s (%(count)s entry)", "%(name)s, %(date)s (%(count)s entries)", e.entry_count)
            % {"name": e.name, "date": date_format(e.date, "SHORT_DATE_FORMAT"), "count": e.entry_count}
        )


class PairsCopyForm(PairsSourceForm):
    """The confirmation (POST): the source again, the pairs ticked in the list, and the check-in box.

    Only ever bound to the POST that carries the box: bound to the GET of "show the pairs" (which has no
    box), an unticked box would read as False and the pairs arrive not checked in."""

    pairs = EntryIdsField(required=False)
    check_in = forms.BooleanField(label=_("Check them in for the next round"), required=False, initial=True)


class LateEntryForm(EntryForm):
    """A pair (in mêlée a player) arriving while the event runs: the round it plays from and how the rounds
    it missed count, on the entries page's one form (docs/evening.md, "People change")."""

    joined_round = forms.IntegerField(label=_("plays from round"), min_value=1, required=False)
    missed_rounds_rule = forms.ChoiceField(
        label=_("the rounds it missed count"),
        choices=Entry.MissedRounds.choices,
        initial=Entry.MissedRounds.BYE,
        widget=forms.RadioSelect,
        required=False,
    )
    reason = forms.CharField(label=_("note for the history"), max_length=500, required=False)

    def __init__(self, *args, event: Event, first_round: int, **kwargs):
        super().__init__(*args, event=event, **kwargs)
        del self.fields["check_in"]
        self.first_round = first_round
        self.fields["joined_round"].initial = first_round
        self.fields["joined_round"].help_text = ngettext(
            "Checked in for that round at once. The event has %(rounds)s round.",
            "Checked in for that round at once. The event has %(rounds)s rounds.",
            event.rounds,
        ) % {"rounds": event.rounds}
        self.fields["missed_rounds_rule"].help_text = _(
            "A bye: the match points of a win and the event's bye points for each missed round. The average: "
            "the mean of its own rounds, recomputed after each round."
        )

    def clean(self):
        """Left empty: the first round still open, and its missed rounds as byes (what the form offers)."""
        data = super().clean()
        if data.get("joined_round") is None and "joined_round" not in self.errors:
            data["joined_round"] = self.first_round
        data["missed_rounds_rule"] = data.get("missed_rounds_rule") or Entry.MissedRounds.BYE
        return data


class WithdrawForm(forms.Form):
    """An entry withdraws from a round on (or, undone, plays again from a round on)."""

    from_round = forms.IntegerField(label=_("from round"), min_value=1)
    reason = forms.CharField(label=_("reason"), max_length=500, required=False)


class SubstituteForm(forms.Form):
    """One player of an entry replaced by a member (the type-to-search pick) or a new name."""

    player = forms.ChoiceField(label=_("replaced player"), widget=forms.RadioSelect)
    substitute = PlayerChoiceField(label=_("substitute"), queryset=Player.objects.none(), required=False)
    first_name = forms.CharField(label=_("or a new name: first name"), max_length=100, required=False)
    last_name = forms.CharField(label=_("last name"), max_length=100, required=False)
    from_round = forms.IntegerField(label=_("from round"), min_value=1)
    only_round = forms.BooleanField(label=_("for this round only"), required=False)
    reason = forms.CharField(label=_("reason"), max_length=500, required=False)

    def __init__(self, *args, entry: Entry, **kwargs):
        super().__init__(*args, **kwargs)
        players = [p for p in (entry.player_1, entry.player_2) if p is not None]
        self.fields["player"].choices = [(str(p.pk), str(p)) for p in players]
        if len(players) == 1:
            self.fields["player"].initial = str(players[0].pk)
        entered = Entry.objects.filter(event_id=entry.event_id)
        free = (
            Player.objects.filter(club_id=entry.event.club_id, is_active=True)
            .exclude(pk__in=entered.values("player_1_id"))
            .exclude(pk__in=entered.filter(player_2__isnull=False).values("player_2_id"))
            .order_by("last_name", "first_name")
        )
        field = self.fields["substitute"]
        field.queryset = Player.objects.filter(club_id=entry.event.club_id)
        field.widget.choices = [("", field.empty_label), *((p.pk, field.label_from_instance(p)) for p in free)]
        field.widget.attrs.update(
            {
                "data-pick": "",
                "data-pick-placeholder": gettext("Type a name"),
                "data-pick-empty": gettext("No member found who is not entered yet."),
            }
        )
        self.players = {str(p.pk): p for p in players}

    def clean(self):
        data = super().clean()
        if not data.get("substitute") and not (data.get("last_name") or "").strip():
            self.add_error("substitute", gettext("Pick the substitute from the members, or type a new name."))
        if data.get("substitute") and (data.get("last_name") or data.get("first_name")):
            self.add_error("last_name", gettext("Pick a member or type a new name, not both."))
        if data.get("player") in self.players:
            data["player"] = self.players[data["player"]]
        return data
