"""The event's history: each director's step is one row, read as a sentence on its page, kept in the archive."""

import pytest
from django.urls import reverse

from tests.factories import EntryFactory, EventFactory, MembershipFactory
from tournaments.history_labels import EVENT_LOG_ACTIONS, event_log_text
from tournaments.models import EventLogEntry
from tournaments.services.history import event_log_add

pytestmark = pytest.mark.django_db


def _url(event):
    return reverse("tournaments:event_history", kwargs={"club_slug": event.club.slug, "event_slug": event.slug})


def test_a_step_reads_as_a_sentence_on_the_history_page_newest_first(organiser_client, organiser):
    event = EventFactory(club=organiser.club)
    entry = EntryFactory(event=event)
    event_log_add(
        event=event,
        action="late_entry",
        user=organiser.user,
        entry=entry,
        round_number=2,
        reason="Bus verspätet",
        number=entry.number,
    )
    event_log_add(event=event, action="round_reopened", user=organiser.user, round_number=1, reason="Tisch 3", round=1)
    page = organiser_client.get(_url(event), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f"Pair {entry.number} entered late." in page and "Bus verspätet" in page
    assert page.index("Round 1 reopened.") < page.index(f"Pair {entry.number} entered late.")
    assert organiser.user.get_username() in page
    assert "late_entry" not in page and "round_reopened" not in page


def test_the_page_is_the_clubs_own(client):
    event = EventFactory()
    client.force_login(MembershipFactory().user)
    assert client.get(_url(event)).status_code == 404
    client.logout()
    assert client.get(_url(event)).status_code == 302


def test_an_unknown_step_is_refused_and_stores_nothing():
    event = EventFactory()
    with pytest.raises(ValueError, match="EVENT_LOG_ACTIONS"):
        event_log_add(event=event, action="teleported")
    assert not EventLogEntry.objects.exists()


def test_every_step_reads_without_its_details_and_in_german():
    from django.utils import translation

    with translation.override("de"):
        for action in EVENT_LOG_ACTIONS:
            text = event_log_text(action, {})
            assert text and "%(" not in text and action not in text
    assert event_log_text("no_longer_known", {}) == "Step of an earlier version."


def test_reissues_revocations_check_in_and_settings_during_the_evening_are_on_the_record(organiser):
    from django.utils import timezone, translation

    from scoring.models import TableLink, VenueScreen
    from scoring.sheets.links import (
        table_card_reissue,
        table_cards_ensure,
        table_link_revoke,
        team_link_reissue,
        venue_screen_create,
        venue_screen_revoke,
    )
    from tests.scoring.entry_helpers import organiser_actor, released_round
    from tournaments.models import Event
    from tournaments.services import checkin_set, event_update

    rnd, games = released_round(tables=1, club=organiser.club)
    event = Event.objects.get(pk=rnd.event_id)
    Event.objects.filter(pk=event.pk).update(started_at=timezone.now())
    event.refresh_from_db()
    actor = organiser_actor(organiser)
    table_cards_ensure(event=event, table_numbers=[1])
    table_card_reissue(event=event, table_number=1, actor=actor)
    table_link_revoke(link=TableLink.objects.active().filter(game=games[0]).first(), actor=actor)
    team_link_reissue(entry=games[0].entry_a, actor=actor)
    screen = venue_screen_create(event=event, user=organiser.user)
    venue_screen_revoke(screen=VenueScreen.objects.get(pk=screen.pk), user=organiser.user)
    event_update(event=event, data={"public_sheets": True}, user=organiser.user)
    with translation.override("en"):
        texts = [event_log_text(r.action, r.details) for r in EventLogEntry.objects.filter(event=event)]
    assert texts == [
        "Table 1: table card reissued (the old card, its code and its PIN are dead).",
        "Table 1, round 1: a game link replaced (the old one is dead).",
        f"Team link of no. {games[0].entry_a.number} reissued (the old one is dead).",
        "A venue screen address made.",
        "A venue screen address revoked.",
        "Settings changed: sheets are public.",
    ]
    assert EventLogEntry.objects.filter(event=event, user=organiser.user).count() == 6
    # Check-in changes for a round still to come are on the record too.
    assert event.rounds >= 2
    checkin_set(event=event, entry_ids=[games[0].entry_a_id], round_number=2, status="absent")
    with translation.override("en"):
        last = EventLogEntry.objects.filter(event=event).last()
        assert event_log_text(last.action, last.details) == "Check-in for round 2: 1 entry set to “Absent”."


@pytest.mark.parametrize(
    "played,german,english",
    [
        (1, "Partie nach 1 Spiel nicht beendet", "unfinished game after 1 deal;"),
        (3, "Partie nach 3 Spielen nicht beendet", "unfinished game after 3 deals;"),
    ],
)
def test_an_unfinished_games_ruling_counts_its_deals_in_words(played, german, english):
    """One deal is "1 Spiel", not "1 Spielen" (found on the history page of the evening-not-to-plan test)."""
    from django.utils import translation

    details = {"round": 3, "table": 2, "played": played, "rule": "average", "before": "110 : 52", "after": "324 : 324"}
    with translation.override("de"):
        assert german in event_log_text("unfinished_rule", details)
    with translation.override("en"):
        assert english in event_log_text("unfinished_rule", details)
