"""The deal form's folds (issue 19, item 4): the rarer choices start folded on the phone, and open by
themselves for a deal that uses them (a change) or a post that came back with an error on them."""

import pytest

from scoring.sheets.forms import DealForm, RuleFacts, deal_initial

COINCHE = RuleFacts.of({"rules": "coinche", "options": {}})
PLAIN = {"contract": {"taker": "A", "trump": "hearts", "bid": 80, "multiplier": 1}, "tricks": {"A": 92, "B": 70}}


def form_for(deal):
    return DealForm(initial=deal_initial(deal), facts=COINCHE)


def test_a_plain_deal_keeps_everything_folded():
    form = form_for(PLAIN)
    assert not form.rare_open and not form.announcements_open
    assert [f.name for f in form.rare_fields] == ["multiplier", "capot", "last_trick"]


@pytest.mark.parametrize(
    ("change", "rare", "announcements"),
    [
        ({"capot": "B"}, True, False),
        ({"last_trick": "A"}, True, False),
        ({"contract": {**PLAIN["contract"], "multiplier": 2}}, True, False),
        ({"declarations": {"A": [{"type": "tierce", "suit": "hearts", "high": "K"}], "B": []}}, False, True),
    ],
)
def test_a_deal_that_uses_a_rare_choice_opens_its_fold(change, rare, announcements):
    form = form_for({**PLAIN, **change})
    assert (form.rare_open, form.announcements_open) == (rare, announcements)


def test_an_error_on_a_folded_field_opens_the_fold():
    form = DealForm(
        data={"taker": "A", "trump": "hearts", "bid": "80", "tricks_a": "92", "capot": "X", "version": "0"},
        facts=COINCHE,
    )
    assert not form.is_valid() and "capot" in form.errors
    assert form.rare_open
