"""The venue screen's room part: the message to the room and the tables that called the director; its poll's
"room" moves with each, in three queries; a revoked screen's page, poll and part are gone, saying so."""

import pytest
from django.urls import reverse

from scoring.models import VenueScreen
from scoring.sheets.links import venue_screen_revoke
from tests.factories import GameFactory, MembershipFactory, RoundFactory
from tournaments.services.room import director_call_answer, director_call_open, event_room_message_set

pytestmark = pytest.mark.django_db


@pytest.fixture
def screen():
    round1 = RoundFactory(number=1)
    return VenueScreen.objects.create(event=round1.event)


def _version(client, screen) -> dict:
    return client.get(reverse("public:venue_version", args=[screen.token])).json()


def test_the_screen_shows_the_message_and_the_calls(client, screen, settings):
    settings.VENUE_POLL_MS = 700
    event = screen.event
    round1 = event.round_set.get()
    html = client.get(reverse("public:venue_screen", args=[screen.token])).content.decode()
    assert 'id="venue-room"' in html and 'id="venue-message"' not in html and 'id="venue-calls"' not in html
    assert 'data-poll-ms="700"' in html and f'data-room-url="/v/{screen.token}/room/"' in html

    event_room_message_set(event=event, text="Tisch 4 bitte melden", user=None)
    director_call_open(event=event, round=round1, table_number=4, side="A", reason="other")
    director_call_open(event=event, round=round1, table_number=9, side="B")
    html = client.get(reverse("public:venue_screen", args=[screen.token])).content.decode()
    assert '<p class="venue-message" id="venue-message" role="status">Tisch 4 bitte melden</p>' in html
    assert html.index('data-call-table="4"') < html.index('data-call-table="9"')  # oldest first
    assert "something else" not in html  # the room sees the table, not why it called


def test_the_polls_room_moves_with_a_call_an_answer_and_the_message(client, screen, django_assert_max_num_queries):
    event = screen.event
    round1 = event.round_set.get()
    seen = [_version(client, screen)]
    call, _ = director_call_open(event=event, round=round1, table_number=2, side="A")
    seen.append(_version(client, screen))
    director_call_answer(call=call, user=MembershipFactory(club=event.club).user)
    seen.append(_version(client, screen))
    event_room_message_set(event=event, text="Runde 2 beginnt in 5 Minuten", user=None)
    with django_assert_max_num_queries(3):  # the link with its event, the released rounds, the open calls
        seen.append(_version(client, screen))
    rooms = [v["room"] for v in seen]
    assert rooms[0] != rooms[1] != rooms[2]  # a call comes and goes (answered: as before the call)
    versions = [v["version"] for v in seen]
    assert versions[0] == versions[1] == versions[2]  # the slides stay: only the room part is swapped
    assert versions[3] != versions[2]  # a message takes rows from the slides: the screen reloads
    part = client.get(reverse("public:venue_room", args=[screen.token])).content.decode()
    assert part.lstrip().startswith("<div") and 'id="venue-room"' in part and "venue-calls" not in part
    call, _ = director_call_open(event=event, round=round1, table_number=8, side="B")
    part = client.get(reverse("public:venue_room", args=[screen.token])).content.decode()
    assert 'data-call-table="8"' in part and "Runde 2" not in part  # the message is the page's, not the part's


def test_a_message_takes_three_rows_from_each_column(client):
    round1 = RoundFactory(number=1)
    games = [GameFactory(round=round1, table_number=n) for n in range(1, 11)]  # 40 names, 10 tables
    screen = VenueScreen.objects.create(event=round1.event)
    url = reverse("public:venue_screen", args=[screen.token])

    def shape(response):
        return [len(s["columns"][0]) if s["kind"] == "names" else len(s["games"]) for s in response.context["slides"]]

    assert shape(client.get(url)) == [10, 10, 10]  # names 20 + 20, tables 10
    event_room_message_set(event=round1.event, text="Runde 2 beginnt in 5 Minuten", user=None)
    assert shape(client.get(url)) == [7, 7, 6, 7, 3]
    assert len(games) == 10


def test_a_revoked_screen_is_gone_at_its_next_poll(client, screen):
    venue_screen_revoke(screen=screen)
    page = client.get(reverse("public:venue_screen", args=[screen.token]))
    assert page.status_code == 404
    assert "This screen&#x27;s address was revoked or replaced." in page.content.decode()
    assert client.get(reverse("public:venue_version", args=[screen.token])).status_code == 404
    assert client.get(reverse("public:venue_room", args=[screen.token])).status_code == 404
