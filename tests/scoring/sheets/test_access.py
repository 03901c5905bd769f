"""Who reaches which sheet: every caller against every target, for reading and for writing.

Callers: side A's and side B's link of game 1 (side A has entered a deal), a revoked link of game 1, a link of
a closed round, the organiser of the club, the organiser of another club, a signed-in account that organises
nothing (called "referee": referees need no account), and anonymous. Targets: game 1, game 2 of the same
round, a game of another round of the event, of another event of the club, of another club, and of a closed
round.

A link is the credential of its own game only: its token in the path opens that game and nothing else, and
presented anywhere else (as an Authorization header on an organiser endpoint) it authenticates nobody.
"""

import pytest
from rest_framework.test import APIClient

from scoring.models import Deal, Sheet, TableLink
from scoring.sheets.links import table_link_revoke
from scoring.sheets.services import deal_create
from tests.address_helpers import round_url, sheet_url
from tests.factories import GameFactory, MembershipFactory, RoundFactory, UserFactory
from tests.scoring.entry_helpers import link_actor, organiser_actor, released_round, table_of
from tournaments.models import Round

pytestmark = pytest.mark.django_db

MADE = {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 70}}
TARGETS = ("game1", "game2", "other_round", "other_event", "other_club", "closed_round")
OWN_CLUB = ("game1", "game2", "other_round", "other_event", "closed_round")


def _expected() -> dict[tuple[str, str], tuple[int, int]]:
    """(caller, target) → (status of reading the sheet, status of writing a deal)."""
    cells = {}
    for target in TARGETS:
        for caller in ("link_a", "link_b", "revoked", "closed_link"):
            cells[(caller, target)] = (403, 403)  # a token is no credential outside its own path
        cells[("org_own", target)] = (200, 201) if target in OWN_CLUB else (404, 404)
        cells[("org_other", target)] = (200, 201) if target == "other_club" else (404, 404)
        cells[("referee", target)] = (404, 404)
        cells[("anonymous", target)] = (403, 403)
    cells[("link_a", "game1")] = (200, 201)
    cells[("link_b", "game1")] = (200, 403)  # side A enters this sheet; side B confirms it
    cells[("revoked", "game1")] = (404, 404)
    cells[("closed_link", "closed_round")] = (403, 403)  # the round is closed: the link stopped working
    return cells


EXPECTED = _expected()


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    # Users are made for every cell; a fast hasher keeps the matrix quick (no test here logs in by password).
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def world():
    own = MembershipFactory()
    club = own.club
    round1, (game1, game2) = released_round(tables=2, club=club)
    event = round1.event
    round2 = RoundFactory(event=event, number=2)
    other_round_game = GameFactory(round=round2, table_number=1)
    closed = RoundFactory(event=event, number=3)
    closed_game = GameFactory(round=closed, table_number=1)
    _other_event_round, (other_event_game,) = released_round(tables=1, club=club)
    other_org = MembershipFactory()
    _other_club_round, (other_club_game,) = released_round(tables=1, club=other_org.club)
    referee = UserFactory()  # signed in, organises nothing: a referee needs no account

    from scoring.sheets.rounds import table_links_ensure

    table_links_ensure(round=round2)
    table_links_ensure(round=closed)
    Round.objects.filter(pk=closed.pk).update(status=Round.Status.CLOSED)
    sheet1, link_a, link_b = table_of(game1)
    deal_create(sheet=sheet1, data=MADE, version=0, client_id="seed", actor=link_actor(link_a))
    new_a = table_link_revoke(link=link_a, actor=organiser_actor(own))
    games = {
        "game1": game1,
        "game2": game2,
        "other_round": other_round_game,
        "other_event": other_event_game,
        "other_club": other_club_game,
        "closed_round": closed_game,
    }
    return {
        "games": games,
        "sheets": {name: Sheet.objects.get(game=game) for name, game in games.items()},
        "links": {
            "link_a": new_a,
            "link_b": link_b,
            "revoked": link_a,
            "closed_link": TableLink.objects.active().get(game=closed_game, side="A"),
        },
        "users": {"org_own": own.user, "org_other": other_org.user, "referee": referee},
    }


def _own_game(world, link: TableLink) -> str:
    return next(name for name, game in world["games"].items() if game.pk == link.game_id)


def _call(world, caller: str, target: str, write: bool):
    api = APIClient()
    sheet = world["sheets"][target]
    version = Sheet.objects.get(pk=sheet.pk).version
    body = {"deal": MADE, "version": version}
    link = world["links"].get(caller)
    if link is not None and _own_game(world, link) == target:
        base = f"/api/v1/table/{link.token}/"
    else:
        base = f"/api/v1/sheets/{sheet.pk}/"
        if link is not None:
            api.credentials(HTTP_AUTHORIZATION=f"Table {link.token}")
        elif caller in world["users"]:
            api.force_login(world["users"][caller])
            body["reason"] = "matrix"
    if write:
        return api.post(base + "deals/", body, format="json", HTTP_IDEMPOTENCY_KEY=f"{caller}-{target}")
    return api.get(base)


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize(
    "caller", ["link_a", "link_b", "revoked", "closed_link", "org_own", "org_other", "referee", "anonymous"]
)
def test_permission_matrix(world, caller, target):
    read_status, write_status = EXPECTED[(caller, target)]
    sheet = world["sheets"][target]
    before = Deal.objects.filter(sheet=sheet).count()
    read = _call(world, caller, target, write=False)
    assert read.status_code == read_status, (caller, target, "read", read.content[:300])
    if read_status == 200:
        assert read.json()["id"] == sheet.pk
    written = _call(world, caller, target, write=True)
    assert written.status_code == write_status, (caller, target, "write", written.content[:300])
    after = Deal.objects.filter(sheet=sheet).count()
    assert after == before + (1 if write_status == 201 else 0)


def test_every_cell_is_listed():
    assert len(EXPECTED) == 8 * len(TARGETS)


@pytest.mark.parametrize("caller", ["link_a", "revoked", "closed_link"])
def test_the_referee_page_follows_the_same_rules(client, world, caller):
    link = world["links"][caller]
    expected = {"link_a": 200, "revoked": 404, "closed_link": 403}[caller]
    assert client.get(f"/t/{link.token}/").status_code == expected


def test_organiser_pages_of_another_club_are_not_found(client, world):
    sheet = world["sheets"]["game1"]
    round = world["games"]["game1"].round
    pages = [sheet_url(sheet), round_url(round), round_url(round, "cards.pdf")]
    for url in pages:
        assert client.get(url).status_code == 302  # anonymous: to the login page
    client.force_login(world["users"]["org_other"])
    for url in pages:
        assert client.get(url).status_code == 404
    client.force_login(world["users"]["referee"])
    for url in pages:
        assert client.get(url).status_code == 404
    client.force_login(world["users"]["org_own"])
    for url in pages:
        assert client.get(url).status_code == 200
