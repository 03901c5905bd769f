"""The public draw page caches its table list under the round's version: a warm page costs the same few
queries whatever the field, and a newly released round shows at once."""

import re

import pytest
from django.utils import timezone
from django.utils.translation import override

from tests.scoring.standings_helpers import make_entries, make_event, make_round, play, won
from tournaments.models import Event, Round

pytestmark = pytest.mark.django_db


def without_csrf(html: str) -> str:
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", html)


def url(event):
    from django.urls import reverse

    return reverse("public:draw", args=[event.club.slug, event.slug])


def released_round(event, entries, number):
    rnd = make_round(event, number, status=Round.Status.RELEASED)
    Round.objects.filter(pk=rnd.pk).update(released_at=timezone.now())
    order = entries[number - 1 :] + entries[: number - 1]
    for i in range(0, len(order) - 1, 2):
        play(rnd, order[i], order[i + 1], won(900, 700), table=i // 2 + 1)
    return rnd


@pytest.mark.parametrize("teams", [8, 120])
def test_a_warm_draw_page_takes_two_queries_whatever_the_field(client, teams, django_assert_num_queries):
    event = make_event(status=Event.Status.RUNNING)
    entries = make_entries(event, teams)
    released_round(event, entries, 1)
    cold = without_csrf(client.get(url(event)).content.decode())
    assert cold.count('class="draw-table card"') == teams // 2
    # The event, its released rounds; the games and the names come from the cache.
    with django_assert_num_queries(2):
        warm = without_csrf(client.get(url(event)).content.decode())
    assert warm == cold


def test_a_new_round_and_another_language_are_not_served_from_the_old_key(client):
    event = make_event(status=Event.Status.RUNNING)
    entries = make_entries(event, 6)
    released_round(event, entries, 1)
    first = client.get(url(event)).content.decode()
    Round.objects.filter(event=event, number=1).update(status=Round.Status.CLOSED)
    released_round(event, entries, 2)
    second = client.get(url(event)).content.decode()
    assert second != first
    # Round 2 pairs the rotated order: start number 2 meets 3 at table 1.
    table_one = second.split('class="draw-table card"')[1]
    assert "2 · " in table_one and "3 · " in table_one
    with override("fr"):
        french = client.get(url(event), headers={"accept-language": "fr"}).content.decode()
    assert "Table" in french and "Tisch" not in french


def test_the_name_filter_still_works_past_the_cache(client):
    event = make_event(status=Event.Status.RUNNING)
    entries = make_entries(event, 6)
    released_round(event, entries, 1)
    client.get(url(event))
    wanted = entries[4]
    html = client.get(url(event) + f"?q={wanted.player_1.last_name}").content.decode()
    assert html.count('class="draw-table card"') == 1
    assert str(wanted.player_1) in html
    html = client.get(url(event) + "?q=zzzz-nobody").content.decode()
    assert html.count('class="draw-table card"') == 0
