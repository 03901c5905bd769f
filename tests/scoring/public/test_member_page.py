"""A member's page: public only with the member's consent, the organiser's always; the figures against an
independent count of the stored deals; head-to-head; bad input; other clubs; pinned query counts."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import Deal, Sheet
from tests.factories import ClubFactory, MembershipFactory, UserFactory
from tests.scoring.public.member_helpers import club_history
from tournaments.models import Game

pytestmark = [pytest.mark.django_db, pytest.mark.needs_postgres]


def public_url(player, **query):
    url = reverse("public:member", args=[player.club.slug, player.pk])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def organiser_url(player, **query):
    url = reverse("desk:member", args=[player.club.slug, player.pk])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


@pytest.fixture
def history(db):
    return club_history()


@pytest.fixture
def club_organiser(client, history):
    membership = MembershipFactory(club=history.club)
    client.force_login(membership.user)
    return client


def _expected(player) -> dict:
    """The member's figures counted here from the stored deals, independently of the page's code: for
    every counted sheet, the member's side from the seats, each deal's taker from its data and its score and
    outcome from the sheet's cached result."""
    taken = defended = made = inside = points_taking = points_defending = belotes = capots = 0
    for game in Game.objects.filter(sheet__status__in=Sheet.COUNTED_STATUSES).select_related("sheet"):
        seats = game.seats
        if player.pk not in seats.values():
            continue
        side = "A" if player.pk in (seats["N"], seats["S"]) else "B"
        for deal in Deal.objects.filter(sheet=game.sheet).order_by("position"):
            result = game.sheet.result["deals"][deal.position]
            taker = (deal.data.get("contract") or {}).get("taker")
            belotes += list(deal.data.get("belote") or []).count(side)
            capots += deal.data.get("capot") == side
            if taker == side:
                taken += 1
                points_taking += result["score"][side]
                made += result["outcome"] == "made"
                inside += result["outcome"] == "inside"
            elif taker:
                defended += 1
                points_defending += result["score"][side]
    return {
        "taken": taken,
        "defended": defended,
        "points_taking": points_taking / taken,
        "points_defending": points_defending / defended,
        "made": round(100 * made / taken),
        "inside": round(100 * inside / taken),
        "belotes": belotes,
        "capots": capots,
    }


def test_full_consent_page_lists_every_evening_with_partners_places_and_figures(client, history):
    response = client.get(public_url(history.anna))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Anna Vollmann" in page
    for event in history.events:
        assert event.name in page
        assert reverse("public:standings", args=[history.club.slug, event.slug]) in page
    # Her partner is initials only: named so, never in full.
    assert "B. K." in page and "Kurzmann" not in page
    fig = response.context["fig"]
    expected = _expected(history.anna)
    assert (fig.taken, fig.defended) == (expected["taken"], expected["defended"])
    assert fig.points_taking == pytest.approx(expected["points_taking"])
    assert fig.points_defending == pytest.approx(expected["points_defending"])
    assert response.context["rates"]["made"] == expected["made"]
    assert response.context["rates"]["inside"] == expected["inside"]
    assert (fig.belotes, fig.capots) == (expected["belotes"], expected["capots"])
    # Each evening: team 1 won round 1, lost round 2; its final place is in the snapshot.
    rows = response.context["history"].evenings
    assert [(r["line"].wins, r["line"].losses) for r in rows] == [(1, 1), (1, 1)]
    assert all(r["place"] and r["field"] == 4 for r in rows)


def test_initials_only_member_has_a_page_under_the_initials(client, history):
    response = client.get(public_url(history.bernd))
    assert response.status_code == 200
    page = response.content.decode()
    assert "B. K." in page
    assert "Kurzmann" not in page and "Bernd" not in page


def test_hidden_member_page_is_not_found_publicly_even_for_the_clubs_organiser(client, club_organiser, history):
    assert club_organiser.get(public_url(history.carla)).status_code == 404
    client.logout()
    assert client.get(public_url(history.carla)).status_code == 404


def test_organiser_sees_the_hidden_members_history_with_full_names(club_organiser, history):
    response = club_organiser.get(organiser_url(history.carla))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Carla Geheimnis" in page and "Dieter Offen" in page
    assert "No public page" in page or "Keine öffentliche Seite" in page


def test_another_clubs_organiser_cannot_see_this_clubs_hidden_member(client, history):
    other_club = MembershipFactory(club=ClubFactory())
    client.force_login(other_club.user)
    assert client.get(organiser_url(history.carla)).status_code == 404
    # Nor through its own club's address with this club's member.
    url = reverse("desk:member", args=[other_club.club.slug, history.carla.pk])
    assert client.get(url).status_code == 404
    assert client.get(public_url(history.carla)).status_code == 404


def test_organiser_page_needs_a_login_and_an_organiser(client, history):
    response = client.get(organiser_url(history.anna))
    assert response.status_code == 302 and "login" in response["Location"]
    client.force_login(UserFactory())
    assert client.get(organiser_url(history.anna)).status_code == 404


def test_unknown_member_and_wrong_club_are_not_found(client, history):
    assert client.get(reverse("public:member", args=[history.club.slug, 999999])).status_code == 404
    other = ClubFactory()
    assert client.get(reverse("public:member", args=[other.slug, history.anna.pk])).status_code == 404


def test_head_to_head_against_an_opponent(client, history):
    dieter = history.dieter
    response = client.get(public_url(history.anna, opponent=dieter.pk))
    assert response.status_code == 200
    h2h = response.context["history"].head_to_head
    # Team 1 (N/S) met team 2 in round 1 of each evening.
    sheets = list(Sheet.objects.filter(game__entry_a__player_1=history.anna, game__entry_b__player_2=dieter))
    assert len(sheets) == 2
    wins = sum(s.total_a > s.total_b for s in sheets)
    assert (h2h.evenings, h2h.games, h2h.wins, h2h.losses, h2h.draws) == (2, 2, wins, 2 - wins, 0)
    assert h2h.points_for == sum(s.total_a for s in sheets)
    assert h2h.points_against == sum(s.total_b for s in sheets)
    assert "Dieter Offen" in response.content.decode()


@pytest.mark.parametrize("value", ["abc", "999999", "-3", "1" * 30])
def test_a_wrong_opponent_is_a_sentence_never_an_error(client, history, value):
    response = client.get(public_url(history.anna, opponent=value))
    assert response.status_code == 200
    message = response.context["opponent_message"]
    assert "Opponent" in message or "Gegner" in message or "Adversaire" in message
    assert value[:20] in message or (value.isdigit() and value in message)
    assert response.context["history"].head_to_head is None


def test_a_hidden_opponent_cannot_be_picked_publicly(client, history):
    response = client.get(public_url(history.anna, opponent=history.carla.pk))
    assert response.status_code == 200
    assert response.context["history"].head_to_head is None
    assert response.context["opponent_message"]
    assert history.carla.pk not in [o["id"] for o in response.context["history"].opponents]
    assert "Geheimnis" not in response.content.decode()


def test_the_organiser_may_compare_with_a_hidden_member(club_organiser, history):
    response = club_organiser.get(organiser_url(history.anna, opponent=history.carla.pk))
    assert response.context["history"].head_to_head.games == 2


def test_deal_figures_count_only_evenings_whose_sheets_are_public(client, history):
    history.events[1].public_sheets = False
    history.events[1].save(update_fields=["public_sheets"])
    public = client.get(public_url(history.anna)).context["fig"]
    membership = MembershipFactory(club=history.club)
    client.force_login(membership.user)
    everything = client.get(organiser_url(history.anna)).context["fig"]
    assert everything.deals == 2 * public.deals


def test_an_evening_whose_standings_are_not_public_is_left_out(client, history):
    hidden = history.events[1]
    hidden.public_standings = False
    hidden.save(update_fields=["public_standings"])
    page = client.get(public_url(history.anna)).content.decode()
    assert history.events[0].name in page and hidden.name not in page


@pytest.mark.parametrize("evenings", [1, 4])
def test_query_count_does_not_grow_with_the_evenings(client, django_assert_num_queries, evenings, db):
    """The member with the club, the entries, the games, the deals, the final places, the fields' sizes."""
    history = club_history(evenings=evenings)
    with django_assert_num_queries(6):
        response = client.get(public_url(history.anna, opponent=history.dieter.pk))
    assert response.status_code == 200
    assert len(response.context["history"].evenings) == evenings


def test_member_list_links_to_each_members_history(club_organiser, history):
    page = club_organiser.get(reverse("tournaments:members", args=[history.club.slug])).content.decode()
    for player in history.people.values():
        assert organiser_url(player) in page


def test_season_page_links_names_to_member_pages_when_consent_allows(client, history):
    event = history.events[-1]
    page = client.get(reverse("public:season", args=[history.club.slug, event.slug])).content.decode()
    assert public_url(history.anna) in page
    assert public_url(history.bernd) in page
    assert public_url(history.carla) not in page


def test_entry_page_links_players_to_member_pages_when_consent_allows(client, history):
    event = history.events[0]
    page = client.get(reverse("public:entry", args=[history.club.slug, event.slug, 2])).content.decode()
    assert public_url(history.dieter) in page
    assert public_url(history.carla) not in page
