"""Fixtures of the export tests: export files in a fresh MEDIA_ROOT, and the evening they export."""

import pytest

from scoring.models import Adjustment, Deal
from scoring.standings.store import standings_recompute_now
from tests.factories import AdjustmentFactory
from tests.scoring.standings_helpers import bye, make_entries, make_event, make_round, play


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def evening():
    """Three teams, two rounds. R1: 1–2 900:700 (deals 500:300, 400:400), 3 bye (bye 800).
    R2: 3–1 650:1000 (deals 250:600, 400:400), 2 bye. Team 2 has a -1 MP penalty ("Handy")."""
    event = make_event(name="Clubabend Jänner", bye_points=800)
    t1, t2, t3 = make_entries(event, 3)
    t1.name = "Kreuz Bube"
    t1.save()
    r1, r2 = make_round(event, 1), make_round(event, 2)
    g1 = play(r1, t1, t2, [(500, 300), (400, 400)])
    bye(r1, t3)
    play(r2, t3, t1, [(250, 600), (400, 400)])
    bye(r2, t2)
    for position, trump in enumerate(["hearts", "no_trump"]):
        Deal.objects.create(
            sheet=g1.sheet,
            position=position,
            data={"contract": {"taker": "A", "trump": trump}, "tricks": {"A": 100, "B": 62}},
        )
    AdjustmentFactory(event=event, entry=t2, kind=Adjustment.Kind.PENALTY, match_points=-1, reason="Handy")
    standings_recompute_now(event_id=event.pk)
    return event
