"""Closing a round while tables confirm their sheets, on PostgreSQL, each request in its own thread and
connection: one lock order (event, then round, then sheets) means no deadlock and no 500, the close always
succeeds, and every confirmation either counts in the closed round or is refused with a message."""

import random
import threading

import pytest
from django.db import connection
from django.test import Client
from rest_framework.test import APIClient

from scoring.models import Sheet, SheetChange
from scoring.services import sheet_correct
from tests.scoring.entry_helpers import HOHELUFT_GAME, organiser_actor, released_round, table_of
from tournaments.models import Event, Round

pytestmark = [pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]

TABLES = 20
RACES = 6


def submitted_round(membership):
    """A released round of TABLES games, each sheet finished and submitted by side A."""
    round, games = released_round(tables=TABLES, club=membership.club)
    actor = organiser_actor(membership)
    tables = []
    for game in games:
        sheet, _link_a, link_b = table_of(game)
        sheet = sheet_correct(sheet=sheet, deals=HOHELUFT_GAME, version=sheet.version, actor=actor, reason="set-up")
        Sheet.objects.filter(pk=sheet.pk).update(status=Sheet.Status.SUBMITTED, entering_side="A",
                                                 version=sheet.version + 1)
        tables.append((sheet.pk, link_b, sheet.version + 1))
    return round, tables


def race(round, tables, user):
    """Every table's side B confirms while the organiser closes the round (confirming the rest); returns
    ({sheet id: (status, body)}, close outcome). An exception in a thread is recorded, not lost."""
    barrier = threading.Barrier(len(tables) + 1)
    answers, errors = {}, []

    def confirm(sheet_id, link, version):
        try:
            barrier.wait()
            response = APIClient().post(f"/api/v1/table/{link.token}/confirm/", {"version": version}, format="json")
            answers[sheet_id] = (response.status_code, response.json())
        except Exception as exc:  # a deadlock surfaces here as an OperationalError
            errors.append(repr(exc))
        finally:
            connection.close()

    def close():
        try:
            client = Client()
            client.force_login(user)
            barrier.wait()
            threading.Event().wait(random.uniform(0, 0.05))
            response = client.post(f"/o/scores/round/{round.pk}/close/",
                                   {"confirm_all": "on", "reason": "last table called in"})
            answers["close"] = (response.status_code, None)
        except Exception as exc:
            errors.append(repr(exc))
        finally:
            connection.close()

    threads = [threading.Thread(target=confirm, args=table) for table in tables]
    threads.append(threading.Thread(target=close))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads), "a request hangs"
    return answers, errors


def test_confirms_racing_a_close_never_deadlock_and_each_counts_or_is_refused(organiser):
    random.seed(14)
    for _ in range(RACES):
        round, tables = submitted_round(organiser)
        answers, errors = race(round, tables, organiser.user)
        assert errors == []
        assert answers["close"][0] == 302
        round.refresh_from_db()
        assert round.status == Round.Status.CLOSED
        for sheet_id, link, _version in tables:
            status, body = answers[sheet_id]
            assert status != 500
            sheet = Sheet.objects.get(pk=sheet_id)
            assert sheet.status == Sheet.Status.LOCKED
            confirms = list(SheetChange.objects.filter(sheet_id=sheet_id, action=SheetChange.Action.CONFIRM)
                            .values_list("link_id", "user_id"))
            assert len(confirms) == 1, confirms
            if status == 200:
                # Counted: the link's confirmation is the sheet's one, and the close only locked it.
                assert confirms == [(link.pk, None)]
                assert body["status"] == Sheet.Status.CONFIRMED
            else:
                # Refused with a message; the organiser's close confirmed the sheet instead.
                assert status in (400, 409), body
                assert body["detail"] and body["code"] in ("round_closed", "sheet_confirmed"), body
                assert confirms == [(None, organiser.user.pk)]
        event = Event.objects.get(pk=round.event_id)
        assert event.standings_dirty or event.standings_version > 0
