"""The club's forbidden pairings page: add with who and when, refusals as sentences naming the field,
removal kept in the list, a fixed number of queries, and another club's organiser refused everywhere."""

import pytest
from django.urls import reverse

from tests.factories import MembershipFactory, PlayerFactory
from tournaments import services
from tournaments.exceptions import InvalidInput
from tournaments.models import ForbiddenPairing

pytestmark = pytest.mark.django_db


def page(club):
    return reverse("tournaments:forbidden_pairings", kwargs={"club_slug": club.slug})


def remove_url(pairing):
    return reverse(
        "tournaments:forbidden_pairing_remove", kwargs={"club_slug": pairing.club.slug, "pairing_id": pairing.pk}
    )


def test_an_organiser_adds_a_pairing_recorded_with_who_and_when(organiser_client, organiser):
    club = organiser.club
    a, b = PlayerFactory(club=club, first_name="Anke"), PlayerFactory(club=club, first_name="Jürgen")
    response = organiser_client.post(
        page(club), {"player_a": b.pk, "player_b": a.pk, "kind": "opponents", "reason": " Ehepaar "}
    )
    assert response.status_code == 302
    pairing = ForbiddenPairing.objects.get()
    assert (pairing.player_a, pairing.player_b, pairing.kind, pairing.reason) == (a, b, "opponents", "Ehepaar")
    assert pairing.created_by == organiser.user and pairing.created_at is not None
    listed = organiser_client.get(page(club)).content.decode()
    assert "Ehepaar" in listed and "never opponents" in listed and f"Added by {organiser.user.username}" in listed


@pytest.mark.parametrize(
    ("case", "field", "sentence"),
    [
        ("same", "player_b", "choose someone other than the first player"),
        ("again", "player_b", "already have a forbidden pairing"),
        ("long", "reason", "at most 200 characters"),
        ("stranger", "player_b", "Select a valid choice"),
    ],
)
def test_bad_input_is_refused_with_a_sentence_and_nothing_stored(organiser_client, organiser, case, field, sentence):
    club = organiser.club
    a, b = PlayerFactory(club=club), PlayerFactory(club=club)
    data = {"player_a": a.pk, "player_b": b.pk, "kind": "table", "reason": ""}
    if case == "same":
        data["player_b"] = a.pk
    elif case == "again":
        services.forbidden_pairing_add(club=club, player_a=a, player_b=b, kind="partners")
    elif case == "long":
        data["reason"] = "x" * 201
    elif case == "stranger":
        data["player_b"] = PlayerFactory().pk  # a member of another club
    before = ForbiddenPairing.objects.count()
    response = organiser_client.post(page(club), data)
    assert response.status_code == 400
    assert sentence in response.context["form"].errors[field][0]
    assert ForbiddenPairing.objects.count() == before


def test_the_service_names_a_player_of_another_club():
    a = PlayerFactory()
    b = PlayerFactory()
    with pytest.raises(InvalidInput) as caught:
        services.forbidden_pairing_add(club=a.club, player_a=a, player_b=b, kind="table")
    assert str(b) in str(caught.value) and a.club.name in str(caught.value)


def test_removing_keeps_the_pairing_listed_with_who_and_when(organiser_client, organiser):
    club = organiser.club
    pairing = services.forbidden_pairing_add(
        club=club, player_a=PlayerFactory(club=club), player_b=PlayerFactory(club=club), kind="table"
    )
    assert organiser_client.post(remove_url(pairing)).status_code == 302
    pairing.refresh_from_db()
    assert pairing.removed_by == organiser.user and pairing.removed_at is not None
    listed = organiser_client.get(page(club)).content.decode()
    assert "1 removed pairing" in listed and f"removed by {organiser.user.username}" in listed
    # Twice: a sentence, nothing changes.
    response = organiser_client.post(remove_url(pairing), follow=True)
    assert "already removed" in response.content.decode()


def test_the_page_takes_a_fixed_number_of_queries(organiser_client, organiser, django_assert_max_num_queries):
    club = organiser.club
    players = [PlayerFactory(club=club) for _ in range(30)]
    for size in (2, 14):
        for i in range(len(ForbiddenPairing.objects.filter(club=club)), size):
            services.forbidden_pairing_add(
                club=club, player_a=players[2 * i], player_b=players[2 * i + 1], kind="table"
            )
        services.forbidden_pairing_remove(pairing=ForbiddenPairing.objects.filter(club=club, removed_at=None).first())
        with django_assert_max_num_queries(9):
            assert organiser_client.get(page(club)).status_code == 200


def test_another_clubs_organiser_is_refused(client, organiser):
    club = organiser.club
    pairing = services.forbidden_pairing_add(
        club=club, player_a=PlayerFactory(club=club), player_b=PlayerFactory(club=club), kind="table"
    )
    other = MembershipFactory()
    client.force_login(other.user)
    a, b = PlayerFactory(club=club), PlayerFactory(club=club)
    assert client.get(page(club)).status_code == 404
    assert client.post(page(club), {"player_a": a.pk, "player_b": b.pk, "kind": "table"}).status_code == 404
    assert client.post(remove_url(pairing)).status_code == 404
    # Their own page does not reach this club's pairings either.
    own = reverse(
        "tournaments:forbidden_pairing_remove", kwargs={"club_slug": other.club.slug, "pairing_id": pairing.pk}
    )
    assert client.post(own).status_code == 404
    # Their own page lists neither the pairing nor this club's members.
    theirs = client.get(page(other.club)).content.decode()
    assert str(pairing.player_a) not in theirs and str(a) not in theirs
    pairing.refresh_from_db()
    assert pairing.removed_at is None and ForbiddenPairing.objects.count() == 1
    client.logout()
    assert client.get(page(club)).status_code == 302
