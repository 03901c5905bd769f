"""The deal form of the referee page: fields that fit the event's rule set, to and from deal JSON (spec §6).

The form checks shape (types, ranges, what is missing); the rules engine checks the deal itself, and
`DealForm.add_engine_errors` puts its errors next to the fields they name.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.validators import MaxValueValidator
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from scoring.labels import (
    SIDE_CHOICES,
    SIDE_LABELS,
    TRUMP_LABELS,
)
from scoring.models import MAX_REASON
from scoring.sheets.form_choices import (
    RuleFacts,
    belote_choices,
    declaration_choices,
    declaration_code,
    declaration_from_code,
)
from scoring.sheets.services import CLIENT_ID_RE

PASS = "pass"


_SIDE_OR_NONE = [("", _("nobody")), *SIDE_CHOICES]

# Engine error field → form field (the first matching prefix wins; unknown fields become form errors).
_ENGINE_FIELDS = (
    ("contract.taker", "taker"),
    ("contract.trump", "trump"),
    ("contract.bid", "bid"),
    ("contract.multiplier", "multiplier"),
    ("tricks.A", "tricks_a"),
    ("tricks.B", "tricks_b"),
    ("tricks", "tricks"),
    ("last_trick", "last_trick"),
    ("capot", "capot"),
    ("belote", "belote"),
    ("declarations.A", "declarations_a"),
    ("declarations.B", "declarations_b"),
    ("declarations", "declarations"),
    ("eldest", "eldest"),
)
# Errors on "tricks" as a whole are shown next to the first trick field.
_FIELD_FALLBACK = {"tricks": "tricks_a", "declarations": "declarations_a"}


# A deal form's fields for each rule set, side (organiser or not) and language, made once and then shared by
# every form of that kind: copying and configuring a dozen fields was a twentieth of a phone's deal post.
# Nothing changes a field after `_make_fields` (errors and bound values live on the form, not the field).
_DEAL_FIELDS: dict[tuple[str, bool, str | None], dict[str, forms.Field]] = {}
_DEAL_FIELDS_KEPT = 512


class DealForm(forms.Form):
    """One deal as the referee types it. `facts` decides which fields exist; `organiser` adds the reason
    every organiser change needs. After `is_valid()`, `deal` is the deal JSON to store."""

    taker = forms.ChoiceField(label=_("Taker"), widget=forms.RadioSelect)
    trump = forms.ChoiceField(label=_("Trump"), required=False, widget=forms.RadioSelect)
    tricks_a = forms.IntegerField(label=_("Points North/South"), required=False, min_value=0)
    tricks_b = forms.IntegerField(label=_("Points East/West"), required=False, min_value=0)
    last_trick = forms.ChoiceField(
        label=_("Last trick"), required=False, choices=_SIDE_OR_NONE, widget=forms.RadioSelect
    )
    capot = forms.ChoiceField(label=_("Capot"), required=False, choices=_SIDE_OR_NONE, widget=forms.RadioSelect)
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)
    client_id = forms.RegexField(regex=CLIENT_ID_RE, required=False, widget=forms.HiddenInput)

    def __init__(self, *args, facts: RuleFacts, organiser: bool = False, **kwargs):
        key = (repr(facts), organiser, get_language())
        prototype = _DEAL_FIELDS.get(key)
        if prototype is not None:
            # An instance's own base_fields shadows the class's: BaseForm deep-copies nothing, the fields come below.
            self.__dict__["base_fields"] = {}
        super().__init__(*args, **kwargs)
        self.facts = facts
        self.deal: dict[str, Any] | None = None
        if prototype is not None:
            self.fields = dict(prototype)
            return
        self._make_fields(facts, organiser)
        if len(_DEAL_FIELDS) < _DEAL_FIELDS_KEPT:
            _DEAL_FIELDS[key] = dict(self.fields)

    def _make_fields(self, facts: RuleFacts, organiser: bool) -> None:
        f = self.fields
        f["taker"].choices = [*SIDE_CHOICES, (PASS, _("Passed"))]
        f["trump"].choices = [(t, TRUMP_LABELS[t]) for t in facts.trumps]
        top = max(facts.deal_totals.values())
        for name in ("tricks_a", "tricks_b"):
            f[name].max_value = top
            f[name].validators.append(MaxValueValidator(top))
            f[name].widget.attrs.update(
                {
                    "inputmode": "numeric",
                    "pattern": "[0-9]*",
                    "min": 0,
                    "max": top,
                    "autocomplete": "off",
                    # The pad's Enter key moves on (referee.js): to the reason when the organiser gives one.
                    "enterkeyhint": "next" if organiser else "done",
                }
            )
        if facts.has_bid:
            bids = [(str(b), str(b)) for b in range(80, (facts.bid_max or 160) + 1, 10)]
            f["bid"] = forms.ChoiceField(
                label=_("Bid"), required=False, choices=[("", "—"), *bids, ("capot", _("Capot"))]
            )
        if len(facts.multipliers) > 1:
            names = {1: _("—"), 2: _("×2 (coinche, contra)"), 4: _("×4 (surcoinche, recontra)")}
            f["multiplier"] = forms.TypedChoiceField(
                label=_("Doubled"),
                required=False,
                coerce=int,
                empty_value=1,
                choices=[(str(m), names[m]) for m in facts.multipliers],
                widget=forms.RadioSelect,
            )
        if facts.announcements != "none":
            f["belote"] = forms.MultipleChoiceField(
                label=_("Belote"), required=False, choices=belote_choices(facts), widget=forms.CheckboxSelectMultiple
            )
        if facts.announcements == "all":
            for side in ("a", "b"):
                f[f"declarations_{side}"] = forms.MultipleChoiceField(
                    label=_("Announcements %(side)s") % {"side": SIDE_LABELS[side.upper()]},
                    required=False,
                    choices=declaration_choices(),
                    widget=forms.SelectMultiple(attrs={"size": 6}),
                )
            if facts.announcement_tie == "eldest":
                f["eldest"] = forms.ChoiceField(
                    label=_("Eldest hand (left of the dealer)"),
                    required=False,
                    choices=_SIDE_OR_NONE,
                    widget=forms.RadioSelect,
                )
        if organiser:
            f["reason"] = forms.CharField(
                label=_("Reason for the change"),
                max_length=MAX_REASON,
                widget=forms.TextInput(attrs={"autocomplete": "off", "enterkeyhint": "done"}),
            )

    # Choices most deals leave alone, folded on the phone (templates/referee/_deal_form.html).
    RARE = ("multiplier", "capot", "last_trick")
    ANNOUNCEMENTS = ("declarations_a", "declarations_b", "eldest")

    @property
    def rare_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.RARE if name in self.fields]

    @property
    def rare_open(self) -> bool:
        """The rare choices start unfolded when one of them holds a value (a deal being changed) or an error."""
        return self._any_given(self.RARE)

    @property
    def announcements_open(self) -> bool:
        return self._any_given(self.ANNOUNCEMENTS)

    def _any_given(self, names: tuple[str, ...]) -> bool:
        for name in names:
            if name not in self.fields:
                continue
            field = self[name]
            # "1" is the multiplier's "not doubled"; "" is "nobody" for capot, last trick and eldest.
            if field.errors or field.value() not in (None, "", [], (), "1", 1):
                return True
        return False

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        taker = data.get("taker")
        if taker == PASS:
            self.deal = {"contract": None}
            return data
        trump = data.get("trump")
        if not trump:
            self.add_error("trump", _("Choose the trump."))
            return data
        contract: dict[str, Any] = {"taker": taker, "trump": trump}
        if self.facts.has_bid:
            bid = data.get("bid")
            if not bid:
                self.add_error("bid", _("Choose the bid."))
                return data
            contract["bid"] = bid if bid == "capot" else int(bid)
        if "multiplier" in self.fields:
            contract["multiplier"] = data.get("multiplier") or 1
        deal: dict[str, Any] = {"contract": contract}
        capot = data.get("capot") or None
        if capot:
            deal["capot"] = capot
        else:
            tricks = self._tricks(data, trump)
            if tricks is None:
                return data
            deal["tricks"] = tricks
        if data.get("last_trick"):
            deal["last_trick"] = data["last_trick"]
        belote = data.get("belote") or []
        if belote:
            deal["belote"] = [b if ":" not in b else {"team": b[0], "suit": b[2:]} for b in belote]
        declarations = {
            side.upper(): [declaration_from_code(c) for c in data.get(f"declarations_{side}") or []]
            for side in ("a", "b")
        }
        if declarations["A"] or declarations["B"]:
            deal["declarations"] = declarations
        if data.get("eldest"):
            deal["eldest"] = data["eldest"]
        self.deal = deal
        return data

    def _tricks(self, data: dict[str, Any], trump: str) -> dict[str, int] | None:
        """Trick points of both teams; one may be left out and is then filled in from the deal total."""
        a, b = data.get("tricks_a"), data.get("tricks_b")
        total = self.facts.deal_totals[trump]
        if a is None and b is None:
            self.add_error("tricks_a", _("Enter the trick points of one team (the other is filled in)."))
            return None
        for name, value in (("tricks_a", a), ("tricks_b", b)):
            if value is not None and value > total:
                self.add_error(
                    name,
                    _("At most %(total)s trick points in this contract; got %(got)s.") % {"total": total, "got": value},
                )
                return None
        if a is None:
            a = total - b
        elif b is None:
            b = total - a
        return {"A": a, "B": b}

    def add_engine_errors(self, errors: list[dict[str, Any]], position: int) -> None:
        """Put the engine's errors next to the fields they name: errors of the deal at `position` on its
        fields, errors of other deals (e.g. a later deal after the game ended) on the form as a whole."""
        for error in errors:
            field = None
            if error.get("deal") == position:
                field = _form_field(error.get("field") or "", self.fields)
            self.add_error(field, error["message"])  # the engine's message names its deal ("Deal 5: …")

    def field_errors(self) -> dict[str, list[str]]:
        """Errors by field name ("__all__" for the form as a whole), as plain strings for JSON."""
        return {name: [str(m) for m in messages] for name, messages in self.errors.items()}


def _form_field(engine_field: str, fields: dict) -> str | None:
    for prefix, name in _ENGINE_FIELDS:
        if engine_field == prefix or engine_field.startswith(prefix + "."):
            name = _FIELD_FALLBACK.get(name, name)
            return name if name in fields else None
    return None


def deal_initial(deal: dict[str, Any]) -> dict[str, Any]:
    """Form values of a stored deal (to edit it)."""
    contract = deal.get("contract")
    if contract is None:
        return {"taker": PASS}
    initial: dict[str, Any] = {"taker": contract.get("taker"), "trump": contract.get("trump")}
    if "bid" in contract:
        initial["bid"] = str(contract["bid"])
    if "multiplier" in contract:
        initial["multiplier"] = str(contract["multiplier"])
    tricks = deal.get("tricks") or {}
    initial["tricks_a"] = tricks.get("A")
    initial["tricks_b"] = tricks.get("B")
    initial["capot"] = deal.get("capot") or ""
    initial["last_trick"] = deal.get("last_trick") or ""
    initial["belote"] = [
        b if isinstance(b, str) else f"{b['team']}:{b['suit']}" if b.get("suit") else b["team"]
        for b in deal.get("belote") or []
    ]
    declarations = deal.get("declarations") or {}
    initial["declarations_a"] = [declaration_code(d) for d in declarations.get("A") or []]
    initial["declarations_b"] = [declaration_code(d) for d in declarations.get("B") or []]
    initial["eldest"] = deal.get("eldest") or ""
    return initial


PIN_INPUT_MAX = 12  # what a PIN field takes: a longer text is no PIN either (the service says so)


class DisputeForm(forms.Form):
    message = forms.CharField(
        label=_("What is wrong?"), max_length=MAX_REASON, widget=forms.Textarea(attrs={"rows": 3})
    )
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)
    # A game link's side PIN (any text: a wrong one is refused, and counted, by the service).
    pin = forms.CharField(label=_("PIN"), required=False, max_length=PIN_INPUT_MAX, strip=True)


class VersionForm(forms.Form):
    """Submit, confirm and delete carry the version the user saw (a stale one gets a conflict)."""

    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)
    reason = forms.CharField(label=_("Reason"), required=False, max_length=MAX_REASON)


class ConfirmForm(VersionForm):
    """A confirmation: the version, an organiser's reason, a game link's side PIN."""

    pin = forms.CharField(label=_("PIN"), required=False, max_length=PIN_INPUT_MAX, strip=True)


SMALL_NUMBER = 32767  # start numbers and rounds are small integers in the database
