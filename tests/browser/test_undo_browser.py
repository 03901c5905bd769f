"""The organiser's undo steps in Chromium, in German, at 1280 px and 360 px: reopening a closed round through its
folded confirmation (reason and tick), swapping a game's sides on the sheet page, restoring a backup. Nothing
overflows the narrow screen; screenshots go to ATOUT_SCREENSHOTS when it is set."""

import json
import os

import pytest
from django.urls import reverse

from scoring.exports.archive import event_archive
from scoring.models import Deal, Sheet
from tests.browser.helpers import axe_serious, session_login
from tests.factories import MembershipFactory
from tests.scoring.archive_helpers import make_rich_event
from tests.scoring.entry_helpers import HOHELUFT_GAME, fill, table_of
from tests.scoring.sheets.cards_helpers import evening
from tests.scoring.standings_helpers import make_entries, make_event, make_round, play, won
from tournaments.models import Event, Game, Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDER_THAN_SCREEN = "() => document.documentElement.scrollWidth > window.innerWidth"


def _shot(page, name):
    folder = os.environ.get("ATOUT_SCREENSHOTS")
    if folder:
        width = page.viewport_size["width"]
        page.screenshot(path=os.path.join(folder, f"{name}-{width}.png"), full_page=True)


@pytest.fixture(params=["desktop_page", "phone_page"])
def page(request):
    return request.getfixturevalue(request.param)


def test_reopening_a_closed_round_asks_for_a_reason_and_a_tick(live_server, page):
    event = make_event(status=Event.Status.RUNNING, rounds=2)
    t1, t2 = make_entries(event, 2)
    rnd = make_round(event, 1)
    play(rnd, t1, t2, won(900, 700), status=Sheet.Status.LOCKED)
    session_login(page.context, live_server, MembershipFactory(club=event.club).user)
    page.goto(live_server.url + reverse("tournaments:round", args=[event.club.slug, event.slug, 1]))
    page.get_by_text("Diese Runde wieder öffnen").click()
    button = page.get_by_role("button", name="Runde 1 wieder öffnen")
    button.wait_for()
    assert not page.evaluate(WIDER_THAN_SCREEN)
    page.fill("#id_reason", "Tisch 1: Stichpunkte falsch")
    _shot(page, "reopen-form")
    assert axe_serious(page) == []
    # Without the tick the browser sends nothing (the server refuses it too: test_reopen_views.py).
    assert page.evaluate("() => document.querySelector('#id_confirm').validity.valueMissing")
    page.check("#id_confirm")
    with page.expect_navigation():
        button.click()
    page.get_by_text("Runde 1 ist wieder offen").wait_for()
    _shot(page, "reopen-done")
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.RELEASED
    assert not page.evaluate(WIDER_THAN_SCREEN)


def test_swapping_the_sides_on_the_sheet_page(live_server, page):
    event, _round, _entries, games = evening(tables=1)
    sheet, link_a, _link_b = table_of(games[0])
    fill(sheet, link_a, HOHELUFT_GAME[:3])
    session_login(page.context, live_server, MembershipFactory(club=event.club).user)
    page.goto(live_server.url + reverse("desk:sheet", args=[event.club.slug, event.slug, 1, 1]))
    page.get_by_text("Falsch gesetzt? Seiten tauschen").click()
    page.get_by_label("Die beiden Teams saßen auf den Plätzen des anderen", exact=False).check()
    page.fill("#swap-reason", "Teams saßen vertauscht")
    assert not page.evaluate(WIDER_THAN_SCREEN)
    _shot(page, "swap-form")
    assert axe_serious(page) == []
    with page.expect_navigation():
        page.get_by_role("button", name="Seiten tauschen").click()
    page.get_by_text("Die Teams haben die Plätze getauscht").wait_for()
    _shot(page, "swap-done")
    assert Game.objects.get(pk=games[0].pk).entry_a_id == games[0].entry_b_id
    assert not page.evaluate(WIDER_THAN_SCREEN)


def test_restoring_a_backup_shows_what_is_replaced_then_asks(live_server, page, tmp_path, settings):
    settings.MEDIA_ROOT = tmp_path / "media"
    event = make_rich_event()
    archive = tmp_path / "abend.json"
    archive.write_text(json.dumps(event_archive(event_id=event.pk)))
    Deal.objects.filter(sheet__game__round__event=event).delete()
    session_login(page.context, live_server, MembershipFactory(club=event.club).user)
    page.goto(live_server.url + reverse("results:restore", args=[event.club.slug, event.slug]))
    page.set_input_files("#id_file", str(archive))
    with page.expect_navigation():
        page.get_by_role("button", name="Datei prüfen").click()
    page.get_by_role("button", name="Turnier aus dieser Datei wiederherstellen").wait_for()
    assert not page.evaluate(WIDER_THAN_SCREEN)
    page.fill("#id_reason", "Stand von 21 Uhr")
    page.check("#id_confirm")
    _shot(page, "restore-check")
    assert axe_serious(page) == []
    with page.expect_navigation():
        page.get_by_role("button", name="Turnier aus dieser Datei wiederherstellen").click()
    page.get_by_text("Das Turnier ist aus der Sicherung wiederhergestellt").wait_for()
    assert Deal.objects.filter(sheet__game__round__event=event).count() == 15
