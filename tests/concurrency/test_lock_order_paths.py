"""Every sheet write that marks the event's standings dirty (an UPDATE of the event row) takes the event's
lock before the sheet's, checked path by path on PostgreSQL without relying on a lucky race.

Another connection holds the event row as a round close does (FOR UPDATE); the write under test then waits
for the event. While it waits it must not hold its sheet: a close, holding the event, goes on to lock the
sheets, and a write holding a sheet while waiting for the event would deadlock with it."""

import threading
import time

import psycopg
import pytest
from django.db import connection

from scoring.models import Sheet
from scoring.sheets import services
from tests.scoring.entry_helpers import HOHELUFT_GAME, card_actor, organiser_actor, released_round, table_of
from tests.scoring.live_helpers import connect

pytestmark = [pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]

EXTRA = {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 70}}


def settled_sheet(membership, status=Sheet.Status.CONFIRMED):
    """A sheet of a finished Hoheluft game (the last deal dropped, so that one can still be added) in `status`."""
    _round, games = released_round(tables=1, club=membership.club)
    sheet, _link_a, link_b = table_of(games[0])
    sheet = services.sheet_correct(
        sheet=sheet, deals=HOHELUFT_GAME[:-1], version=sheet.version, actor=organiser_actor(membership), reason="set-up"
    )
    Sheet.objects.filter(pk=sheet.pk).update(status=status, entering_side="A")
    return Sheet.objects.select_related("game__round__event").get(pk=sheet.pk), link_b


def _writes(membership):
    organiser = organiser_actor(membership)

    def on_confirmed(call):
        def make():
            sheet, _link_b = settled_sheet(membership)
            return sheet, lambda: call(sheet)

        return make

    def confirm_by_link():
        sheet, link_b = settled_sheet(membership, status=Sheet.Status.SUBMITTED)
        return sheet, lambda: services.sheet_confirm(sheet=sheet, version=sheet.version, actor=card_actor(link_b))

    return {
        "deal_create": on_confirmed(
            lambda s: services.deal_create(
                sheet=s, data=EXTRA, version=s.version, client_id="late-1", actor=organiser, reason="late deal"
            )
        ),
        "deal_update": on_confirmed(
            lambda s: services.deal_update(
                sheet=s, position=0, data=EXTRA, version=s.version, actor=organiser, reason="typo"
            )
        ),
        "deal_delete": on_confirmed(
            lambda s: services.deal_delete(sheet=s, position=0, version=s.version, actor=organiser, reason="twice")
        ),
        "deal_insert": on_confirmed(
            lambda s: services.deal_insert(
                sheet=s,
                position=0,
                data=EXTRA,
                version=s.version,
                client_id="ins-1",
                actor=organiser,
                reason="forgotten",
            )
        ),
        "sheet_correct": on_confirmed(
            lambda s: services.sheet_correct(
                sheet=s, deals=HOHELUFT_GAME, version=s.version, actor=organiser, reason="all of it"
            )
        ),
        "sheet_grid_save": on_confirmed(
            lambda s: services.sheet_grid_save(
                sheet=s, deals=HOHELUFT_GAME, version=s.version, actor=organiser, reason="paper sheet"
            )
        ),
        "sheet_confirm (link)": confirm_by_link,
        "sheet_confirm (organiser)": lambda: (
            lambda sheet: (
                sheet,
                lambda: services.sheet_confirm(sheet=sheet, version=sheet.version, actor=organiser, reason="by hand"),
            )
        )(settled_sheet(membership, status=Sheet.Status.SUBMITTED)[0]),
    }


def holds_sheet_while_waiting(sheet, write) -> bool:
    """Run `write` while another connection holds the event row; True if, once it waits, its sheet is
    locked (a third connection cannot take it)."""
    blocker, probe = connect(), connect()
    outcome = {}

    def run():
        try:
            write()
            outcome["ok"] = True
        except Exception as exc:  # the write itself must succeed once the event is free
            outcome["error"] = repr(exc)
        finally:
            connection.close()

    try:
        blocker.execute("SELECT id FROM tournaments_event WHERE id = %s FOR UPDATE", [sheet.game.round.event_id])
        thread = threading.Thread(target=run)
        thread.start()
        deadline = time.monotonic() + 20
        while True:
            waiting = probe.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
            ).fetchone()[0]
            probe.rollback()
            if waiting or not thread.is_alive() or time.monotonic() > deadline:
                break
            time.sleep(0.02)
        assert waiting, f"the write did not wait for the event: {outcome}"
        try:
            probe.execute("SELECT id FROM scoring_sheet WHERE id = %s FOR UPDATE NOWAIT", [sheet.pk])
            held = False
        except psycopg.errors.LockNotAvailable:
            held = True
        probe.rollback()
    finally:
        blocker.rollback()
        blocker.close()
        probe.close()
    thread.join(timeout=20)
    assert outcome.get("ok"), outcome
    return held


def test_writes_that_mark_the_event_dirty_lock_the_event_before_the_sheet(organiser):
    offenders = []
    for name, make in _writes(organiser).items():
        sheet, write = make()
        if holds_sheet_while_waiting(sheet, write):
            offenders.append(name)
    assert offenders == []
