"""scoring.sheets.permissions: the permissions a page shows agree with the refusals the services raise, in every
state of a sheet, and building them words nothing."""

import pytest

from scoring.models import Sheet
from scoring.sheets import permissions as access
from scoring.sheets.permissions import (
    confirm_refusal,
    dispute_refusal,
    entry_refusal,
    sheet_permissions,
    submit_refusal,
)
from tests.factories import MembershipFactory
from tests.scoring.entry_helpers import card_actor, link_actor, organiser_actor, released_round, table_of

pytestmark = pytest.mark.django_db

REFUSALS = {"edit": entry_refusal, "confirm": confirm_refusal, "dispute": dispute_refusal}


@pytest.fixture
def sheet_and_actors():
    _round, games = released_round(tables=1)
    sheet, link_a, link_b = table_of(games[0])
    return sheet, {
        "side A": link_actor(link_a),
        "side B": link_actor(link_b),
        "card A": card_actor(link_a),
        "card B": card_actor(link_b),
        "organiser": organiser_actor(MembershipFactory()),
    }


@pytest.mark.parametrize("status", [s for s, _ in Sheet.Status.choices])
@pytest.mark.parametrize("entering", ["", "A", "B"])
@pytest.mark.parametrize("finished", [False, True])
def test_permissions_say_yes_exactly_where_no_refusal_is_raised(sheet_and_actors, status, entering, finished):
    sheet, actors = sheet_and_actors
    sheet.status, sheet.entering_side, sheet.finished = status, entering, finished
    for who, actor in actors.items():
        allowed = sheet_permissions(sheet, actor)
        pin_asked = False
        for step, refusal in REFUSALS.items():
            refused = refusal(sheet, actor)
            # A game link may confirm and dispute with its side's PIN: allowed, and the page asks for it.
            needs_pin = refused is not None and refused.code == "pin_required"
            pin_asked |= needs_pin
            assert allowed[step] is (refused is None or needs_pin), (who, step)
        assert allowed["pin"] is pin_asked, (who, "pin")
        assert not pin_asked or (actor.card is None and not actor.organiser), who
        submit_ok = submit_refusal(sheet, actor) is None and sheet.status in access.EDITABLE_BY_LINK
        assert allowed["submit"] is submit_ok, (who, "submit")


def test_permissions_build_no_translated_refusal(sheet_and_actors, monkeypatch):
    sheet, actors = sheet_and_actors
    sheet.status, sheet.entering_side = Sheet.Status.SUBMITTED, "A"

    def no_wording(message):
        raise AssertionError(f"sheet_permissions worded a refusal: {message!r}")

    monkeypatch.setattr(access, "_", no_wording)
    for actor in actors.values():
        assert set(sheet_permissions(sheet, actor)) == {"edit", "submit", "confirm", "dispute", "pin"}
    with pytest.raises(AssertionError, match="worded"):
        confirm_refusal(sheet, actors["side A"])
