"""Consent for publication: a crawl of every public page of a club with a member whose name is withheld and
one named by initials only finds neither full name anywhere; the organiser's pages still name them in full;
a change of consent shows at once, cached pages included."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils.translation import override

from scoring.models import VenueScreen
from tests.scoring.public.member_helpers import SECRET_WORDS, club_history
from tournaments.models import Player, Round
from tournaments.models.clubs import WITHHELD
from tournaments.names import initial, published_name
from tournaments.services import player_update

pytestmark = [pytest.mark.django_db, pytest.mark.needs_postgres]


@pytest.fixture
def history(db):
    cache.clear()
    history = club_history()
    # The last evening's round 2 is on the room's screen (released, not closed).
    Round.objects.filter(event=history.events[-1], number=2).update(status=Round.Status.RELEASED)
    return history


def public_addresses(history) -> list[str]:
    club = history.club.slug
    people = [p for p in history.people.values() if p.publication != Player.Publication.HIDDEN]
    addresses = [reverse("public:club_calendar", args=[club])]
    addresses += [reverse("public:season_calendar", args=[club, history.season.pk])]
    for event in history.events:
        e = [club, event.slug]
        addresses += [
            reverse(name, args=e)
            for name in (
                "public:event",
                "public:draw",
                "public:standings",
                "public:standings_table",
                "public:standings_embed",
                "public:progress",
                "public:season",
            )
        ]
        addresses += [reverse("public:draw", args=e) + f"?q={word}" for word in SECRET_WORDS]
        addresses += [reverse("public:draw", args=e) + "?q=B.+K."]
        addresses += [reverse("public:draw", args=e) + "?round=1"]
        addresses += [reverse("public:round", args=[*e, n]) for n in (1, 2)]
        addresses += [reverse("public:entry", args=[*e, n]) for n in (1, 2, 3, 4)]
        addresses += [reverse("public:progress", args=e) + f"?metric=points&entry={n}" for n in (1, 2)]
        screen = VenueScreen.objects.create(event=event)
        addresses += [reverse("public:venue_screen", args=[screen.token]), f"/v/{screen.token}/room/"]
    for player in people:
        url = reverse("public:member", args=[club, player.pk])
        addresses += [url] + [f"{url}?opponent={other.pk}" for other in history.people.values()]
    return addresses


@pytest.mark.parametrize("language", ["de", "en", "fr"])
def test_no_public_page_carries_a_withheld_or_initials_only_name(client, history, language):
    client.cookies["django_language"] = language
    seen_withheld = seen_initials = 0
    for address in public_addresses(history):
        response = client.get(address, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 200, address
        body = response.content.decode()
        if "?q=" in address:
            # The page says again what was typed (the search box, the language switch's way back); the name
            # itself must find nobody: the search text carries the public names only.
            typed = address.split("?q=")[1]
            body = body.replace(f"q={typed}", "").replace(f'value="{typed.replace("+", " ")}"', "")
            if typed in SECRET_WORDS:
                assert 'class="draw-table' not in body, address
        for word in SECRET_WORDS:
            assert word not in body, f"{word} on {address}"
        with override(language):
            seen_withheld += str(WITHHELD) in body
        seen_initials += "B. K." in body or "K., B." in body
    # The pages do show the two members, as their consent says.
    assert seen_withheld > 10 and seen_initials > 10


def test_the_organisers_pages_still_name_them_in_full(client, history):
    from tests.factories import MembershipFactory

    client.force_login(MembershipFactory(club=history.club).user)
    event = history.events[-1]
    round_page = client.get(reverse("tournaments:round", args=[history.club.slug, event.slug, 2]))
    assert round_page.status_code == 200
    body = round_page.content.decode()
    assert "Carla Geheimnis" in body and "Bernd Kurzmann" in body
    members = client.get(reverse("tournaments:members", args=[history.club.slug])).content.decode()
    assert "Geheimnis, Carla" in members


def test_the_lists_printed_for_the_room_honour_the_consent(client, history):
    """The draw by name and by table are printed to hang in the room: public, in effect."""
    from tests.factories import MembershipFactory

    client.force_login(MembershipFactory(club=history.club).user)
    event = history.events[-1]
    for name in ("tournaments:round_print_names", "tournaments:round_print_tables"):
        body = client.get(reverse(name, args=[history.club.slug, event.slug, 2])).content.decode()
        assert "B. K." in body or "K., B." in body
        for word in SECRET_WORDS:
            assert word not in body, f"{word} on {name}"


def test_a_withdrawn_consent_leaves_every_cached_public_page_at_once(client, history):
    event = history.events[0]
    standings = reverse("public:standings", args=[history.club.slug, event.slug])
    draw = reverse("public:draw", args=[history.club.slug, event.slug])
    season = reverse("public:season", args=[history.club.slug, event.slug])
    anna = history.anna
    for url in (standings, draw, season):
        assert "Anna Vollmann" in client.get(url).content.decode()  # now cached
    player_update(player=anna, data={"publication": Player.Publication.HIDDEN})
    for url in (standings, draw, season):
        assert "Vollmann" not in client.get(url).content.decode(), url
    assert client.get(reverse("public:member", args=[history.club.slug, anna.pk])).status_code == 404


def test_the_venue_screen_reloads_when_a_consent_changes(client, history):
    screen = VenueScreen.objects.create(event=history.events[-1])
    version = reverse("public:venue_version", args=[screen.token])
    before = client.get(version).json()["version"]
    player_update(player=history.dieter, data={"publication": Player.Publication.INITIALS})
    assert client.get(version).json()["version"] != before


def test_a_new_member_starts_at_initials_only(db):
    from tests.factories import ClubFactory

    player = Player.objects.create(club=ClubFactory(), first_name="Neu", last_name="Mitglied")
    assert player.publication == Player.Publication.INITIALS
    assert player.public_name == "N. M."


@pytest.mark.parametrize(
    ("first", "last", "publication", "expected", "last_first"),
    [
        ("Anna", "Müller", "full", "Anna Müller", "Müller, Anna"),
        ("Anna", "Müller", "initials", "A. M.", "M., A."),
        ("Hans-Peter", "van Dijk", "initials", "H.-P. v. D.", "v. D., H.-P."),
        ("Élodie", "Ørsted", "initials", "É. Ø.", "Ø., É."),
        ("Anna", "Müller", "hidden", "—", "—"),
        ("Anna", "Müller", "unknown code", "—", "—"),
        ("", "Müller", "full", "Müller", "Müller"),
    ],
)
def test_published_name(first, last, publication, expected, last_first):
    assert published_name(first, last, publication, withheld="—") == expected
    assert published_name(first, last, publication, withheld="—", last_first=True) == last_first


def test_initial_of_an_empty_name_is_empty():
    assert initial("  ") == ""
