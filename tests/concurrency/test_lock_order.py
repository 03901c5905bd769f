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
from scoring.sheets.services import sheet_correct
from tests.address_helpers import round_url
from tests.scoring.entry_helpers import HOHELUFT_GAME, organiser_actor, pin_of, released_round, table_of
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
        Sheet.objects.filter(pk=sheet.pk).update(
            status=Sheet.Status.SUBMITTED, entering_side="A", version=sheet.version + 1
        )
        tables.append((sheet.pk, link_b, sheet.version + 1, pin_of(link_b)))
    return round, tables


def race(round, tables, user):
    """Every table's side B confirms while the organiser closes the round (confirming the rest); returns
    ({sheet id: (status, body)}, close outcome). An exception in a thread is recorded, not lost."""
    barrier = threading.Barrier(len(tables) + 1)
    answers, errors = {}, []

    def confirm(sheet_id, link, version, pin):
        try:
            barrier.wait()
            body = {"version": version, "pin": pin}
            response = APIClient().post(f"/api/v1/table/{link.token}/confirm/", body, format="json")
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
            response = client.post(round_url(round, "close/"), {"confirm_all": "on", "reason": "last table called in"})
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
        for sheet_id, link, _version, _pin in tables:
            status, body = answers[sheet_id]
            assert status != 500
            sheet = Sheet.objects.get(pk=sheet_id)
            assert sheet.status == Sheet.Status.LOCKED
            confirms = list(
                SheetChange.objects.filter(sheet_id=sheet_id, action=SheetChange.Action.CONFIRM).values_list(
                    "link_id", "user_id"
                )
            )
            assert len(confirms) == 1, confirms
            if status == 200:
                # Counted: the link's confirmation is the sheet's one, and the close only locked it.
                assert confirms == [(link.pk, None)]
                assert body["status"] == Sheet.Status.CONFIRMED
            else:
                # Refused with a message; the organiser's close confirmed the sheet instead.
                # 403 when the close committed before the link was even read (the link of a closed round no
                # longer opens its sheet), 409 when it committed while the confirm waited for the sheet's lock.
                assert status in (400, 409) or (status == 403 and body["code"] == "round_closed"), body
                assert body["detail"] and body["code"] in ("round_closed", "sheet_confirmed"), body
                assert confirms == [(None, organiser.user.pk)]
        event = Event.objects.get(pk=round.event_id)
        assert event.standings_dirty or event.standings_version > 0


def correction_race(round, tables, user, deals):
    """The organiser corrects every (confirmed) sheet while closing the round in another tab; returns
    ({sheet id: (status, body)} with "close": status, errors)."""
    barrier = threading.Barrier(len(tables) + 1)
    answers, errors = {}, []

    def correct(sheet_id, version):
        try:
            client = APIClient()
            client.force_login(user)
            barrier.wait()
            response = client.post(
                f"/api/v1/sheets/{sheet_id}/correct/",
                {"deals": deals, "version": version, "reason": "swapped tricks"},
                format="json",
            )
            answers[sheet_id] = (response.status_code, response.json())
        except Exception as exc:
            errors.append(repr(exc))
        finally:
            connection.close()

    def close():
        try:
            client = Client()
            client.force_login(user)
            barrier.wait()
            # Land while the corrections validate their deals, holding their sheets.
            threading.Event().wait(random.uniform(0.02, 0.3))
            answers["close"] = client.post(round_url(round, "close/"), {}).status_code
        except Exception as exc:
            errors.append(repr(exc))
        finally:
            connection.close()

    threads = [threading.Thread(target=correct, args=(sheet_id, version)) for sheet_id, _link, version, _pin in tables]
    threads.append(threading.Thread(target=close))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads), "a request hangs"
    return answers, errors


def test_corrections_of_confirmed_sheets_racing_a_close_never_deadlock(organiser):
    """An organiser's correction of a settled sheet marks the standings dirty (an UPDATE of the event row):
    it takes the event first too, so a close racing it waits or goes first, and neither fails."""
    random.seed(12)
    other = [
        dict(d, tricks={"A": d["tricks"]["B"], "B": d["tricks"]["A"]}) if "tricks" in d else d for d in HOHELUFT_GAME
    ]
    for _ in range(4):
        round, tables = submitted_round(organiser)
        Sheet.objects.filter(pk__in=[t[0] for t in tables]).update(status=Sheet.Status.CONFIRMED)
        answers, errors = correction_race(round, tables, organiser.user, other)
        assert errors == []
        assert answers.pop("close") == 302
        round.refresh_from_db()
        assert round.status == Round.Status.CLOSED
        for sheet_id, _link, _version, _pin in tables:
            status, body = answers[sheet_id]
            assert Sheet.objects.get(pk=sheet_id).status == Sheet.Status.LOCKED
            corrections = SheetChange.objects.filter(
                sheet_id=sheet_id, action=SheetChange.Action.CORRECT, reason="swapped tricks"
            ).count()
            if status == 200:
                assert corrections == 1
            else:
                # After the close locked the sheet its version moved on: a conflict with the current sheet,
                # which the organiser corrects again from there.
                assert status == 409 and body["detail"] and corrections == 0, body
        if any(status == 200 for status, _body in answers.values()):
            assert Event.objects.get(pk=round.event_id).standings_dirty
