"""Fuzz every API operation outside score entry: no input gives a 500 (the pages' form posts and queries are
tests/config/test_pages_fuzz.py).

The OpenAPI schema (drf-spectacular) drives schemathesis for the rules API and the organiser API (clubs, events,
entries, rounds, games, draw/confirm/release, a round's sheets); the table and sheet operations have their own
fuzz in tests/scoring/sheets/test_api_fuzz.py. Requests go through Django's test client, as a logged-in organiser
of a club that owns real objects: an event with a released round (games, sheets, links), an event with checked-in
entries and nothing drawn (so the draw, confirm and release can succeed), another club's event (404s) and junk
ids. The rules score endpoint also gets hypothesis-made junk JSON and near-games (presets with junk options and
deal-shaped junk), and every operation with a body sometimes gets a hostile one (nesting past the JSON decoder's
recursion, lone surrogate escapes, 5000-digit numbers); list queries get limits and offsets past PostgreSQL's
bigint.

Every answer is below 500; every 4xx JSON answer names something (a non-empty detail or errors); a refused
organiser write leaves entries, check-ins, rounds and games as they were. Runs are
bounded (`derandomize=True`, fixed example counts) so the file stays well under a minute on two cores.
"""

from __future__ import annotations

import json
from itertools import count
from urllib.parse import urlencode

import pytest
import schemathesis
from django.test import Client
from drf_spectacular.generators import SchemaGenerator
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode

from scoring.rules import PRESETS, list_presets
from tests.factories import EntryFactory, EventFactory, MembershipFactory, PlayerFactory
from tests.fuzz_helpers import check_answer, fuzz_settings
from tournaments import services
from tournaments.models import CheckIn, Entry, Game, Player, Round

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

EXAMPLES = 20  # per operation and generation mode
JUNK_EXAMPLES = 150  # junk JSON bodies for the rules score endpoint
COVERED_ELSEWHERE = ("/api/v1/table/", "/api/v1/sheets/")  # tests/scoring/sheets/test_api_fuzz.py

HUGE = [0, -1, 2**31, 2**63, 10**30]  # ids no row has: zero, negative, past int4, past int8, past anything
# Bodies no schema generates: nesting past the JSON decoder's recursion, lone surrogate escapes, 5000 digits.
HOSTILE_BODIES = [
    "[" * 5000 + "]" * 5000,
    '{"a":' * 3000 + "1" + "}" * 3000,
    '{"player_1": "\\ud800", "name": "\\udfff", "method": "\\ud800", "number": 1}',
    '{"player_1": ' + "9" * 5000 + ', "number": ' + "9" * 5000 + "}",
    '{"number": 1e999, "seed": NaN, "player_1": Infinity}',
]


# --- the schema operations ----------------------------------------------------------------------------------


def _schema():
    raw = SchemaGenerator().get_schema(request=None, public=True)
    raw = json.loads(json.dumps(raw, default=str))
    raw["paths"] = {p: v for p, v in raw["paths"].items() if not p.startswith(COVERED_ELSEWHERE)}
    return schemathesis.openapi.from_dict(raw)


def _has_body(body) -> bool:
    return body is not None and type(body).__name__ != "NotSet"


def _query_string(query) -> str:
    """The generated query as sent by a browser: lists repeat the name, anything else is its JSON/text."""
    if not isinstance(query, dict) or not query:
        return ""
    pairs = []
    for key, value in query.items():
        for item in value if isinstance(value, list) else [value]:
            pairs.append((str(key), item if isinstance(item, str) else json.dumps(item)))
    return "?" + urlencode(pairs)


def _huge_query(case, n: int, choice: int) -> None:
    """One integer query parameter (limit or offset, in turn) past the database's range, the others left out
    (an offset past the rows would answer before the limit reaches the SQL)."""
    names = [p.name for p in case.operation.query if p.definition.get("schema", {}).get("type") == "integer"]
    if names:
        query = {k: v for k, v in (case.query or {}).items() if k not in names}
        case.query = {**query, names[(n // 5) % len(names)]: [2**63, 10**30, 2**31, -1][choice % 4]}


def _send(client: Client, case, body):
    headers = {
        f"HTTP_{k.upper().replace('-', '_')}": str(v)
        for k, v in (case.headers or {}).items()
        if k.lower() not in ("content-type", "content-length", "cookie", "authorization")
    }
    kwargs = {}
    if isinstance(body, bytes | str):
        kwargs = {"data": body, "content_type": "application/json"}  # raw (often broken) JSON, as sent
    elif _has_body(body):
        kwargs = {"data": json.dumps(body), "content_type": "application/json"}
    path = case.formatted_path + _query_string(case.query)
    return getattr(client, case.method.lower())(path, **kwargs, **headers)


class World:
    """The organiser's club with its objects, another club's event, and how to pick path ids among them."""

    def __init__(self):
        membership = MembershipFactory()
        self.user, self.club = membership.user, membership.club
        # Played: round 1 drawn, confirmed and released, with sheets and links (score entry open).
        self.played = EventFactory(club=self.club)
        self._checked_in(self.played, 8)
        round_1 = services.round_draw(event=self.played, number=1, seed=7)
        services.round_release(round=services.round_confirm(round=round_1))
        # Fresh: entries checked in for round 1, nothing drawn yet; entries open for new teams.
        self.fresh = EventFactory(club=self.club)
        self._checked_in(self.fresh, 6)
        self.melee = EventFactory(club=self.club, team_mode="melee", rules_preset="coinche", rules_options={})
        self._checked_in(self.melee, 8, player_2=None)
        PlayerFactory.create_batch(30, club=self.club)
        self.foreign = EventFactory()
        self._checked_in(self.foreign, 4)
        services.round_draw(event=self.foreign, number=1, seed=1)

    @staticmethod
    def _checked_in(event, n, **kwargs):
        entries = [EntryFactory(event=event, number=i + 1, **kwargs) for i in range(n)]
        services.checkin_set(event=event, entry_ids=[e.pk for e in entries], round_number=1, status="present")

    def pick(self, name: str, choice: int):
        """A path value: mostly this club's objects (what exists now), sometimes another club's or junk."""
        if name == "club_slug":
            return [self.club.slug, self.foreign.club.slug, "no-such-club", "x" * 300][choice % 4]
        mine = {
            "event_id": [self.played.pk, self.fresh.pk, self.melee.pk],
            "round_id": list(Round.objects.filter(event__club=self.club).order_by("pk").values_list("pk", flat=True)),
        }[name]
        foreign = {
            "event_id": self.foreign.pk,
            "round_id": Round.objects.filter(event=self.foreign).values_list("pk", flat=True).first(),
        }[name]
        options = mine * 3 + [foreign, *HUGE]
        return options[choice % len(options)]

    def free_players(self, event_id) -> list[int]:
        taken = Entry.objects.filter(event_id=event_id).values_list("player_1_id", "player_2_id")
        used = {p for pair in taken for p in pair if p}
        return [p for p in Player.objects.filter(club=self.club).values_list("pk", flat=True) if p not in used]


def _stored() -> tuple:
    """What a refused write must leave as it was: entries, check-ins, rounds with their status, games."""
    return (
        Entry.objects.count(),
        CheckIn.objects.count(),
        tuple(Round.objects.order_by("pk").values_list("pk", "status", "seed")),
        Game.objects.count(),
    )


def _reachable(world: World, case, body):
    """Half of the bodies are nudged towards real work: entries get free players of the club as the event's
    team mode wants them (the generated name, club, table and step-free need stay), draws take the next round
    with the event's own method."""
    if not isinstance(body, dict):
        return body
    if case.path.endswith("/rounds/draw/"):
        return {**{k: v for k, v in body.items() if k not in ("number", "method")}, "regenerate": True}
    if case.path.endswith("/entries/"):
        event_id = case.path_parameters.get("event_id")
        free = world.free_players(event_id)
        if len(free) >= 2:
            kept = {k: v for k, v in body.items() if k in ("name", "affiliation", "fixed_table", "needs_step_free")}
            return {**kept, "player_1": free[0], "player_2": None if event_id == world.melee.pk else free[1]}
    return body


def _operation_run(world: World, client: Client, operation, strategy, names, statuses, counter):
    """A bounded hypothesis run over one operation's generated requests, path ids picked among `world`'s."""

    @fuzz_settings(EXAMPLES)
    @given(case=strategy, choice=st.integers(min_value=0, max_value=30))
    def run(case, choice):
        n = next(counter)
        for name in names:
            case.path_parameters[name] = world.pick(name, choice)
        body = case.body
        if n % 2 == 0:
            body = _reachable(world, case, body)
        if n % 5 == 1:
            _huge_query(case, n, choice)
            if _has_body(body):
                body = HOSTILE_BODIES[choice % len(HOSTILE_BODIES)]
        before = _stored() if case.method.upper() == "POST" else None
        response = _send(client, case, body)
        statuses.append((operation.path, check_answer(response, (operation.method, case.formatted_path, body))))
        if before is not None and response.status_code >= 400:
            assert _stored() == before, (operation.path, body, response.content[:300])  # nothing half-done

    return run


# PostgreSQL: for fuzzed integers beyond 64 bits SQLite's driver raises OverflowError inside Django.
@pytest.mark.needs_postgres
@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_fuzz_the_rules_and_organiser_api_never_answers_500(mode):
    world = World()
    client = Client()
    client.force_login(world.user)
    operations = [result.ok() for result in _schema().get_all_operations()]
    paths = {op.path for op in operations}
    assert {
        "/api/v1/rules/score/",
        "/api/v1/events/{event_id}/rounds/draw/",
        "/api/v1/rounds/{round_id}/sheets/",
        "/api/v1/clubs/{club_slug}/events/",
    } <= paths
    assert not any(p.startswith(COVERED_ELSEWHERE) for p in paths)
    statuses: list[tuple[str, int]] = []
    counter = count()

    for operation in operations:
        names = [n for n in ("club_slug", "event_id", "round_id") if "{" + n + "}" in operation.path]
        first = {n: world.pick(n, 0) for n in names}
        strategy = operation.as_strategy(generation_mode=mode, path_parameters=first)

        try:
            _operation_run(world, client, operation, strategy, names, statuses, counter)()
        except Unsatisfiable:
            # Negative mode: an operation with nothing to break (a GET without a body or query) has no case.
            assert mode is GenerationMode.NEGATIVE and operation.method.upper() == "GET"

    assert statuses
    if mode is GenerationMode.POSITIVE:
        # The fuzz reached real work: reads answered, entries made, a round drawn, a game scored.
        ok = {path for path, status in statuses if status in (200, 201)}
        assert {
            "/api/v1/clubs/",
            "/api/v1/rules/",
            "/api/v1/events/{event_id}/entries/",
            "/api/v1/events/{event_id}/rounds/draw/",
            "/api/v1/rounds/{round_id}/sheets/",
            "/api/v1/rules/score/",
        } <= ok, ok


# --- the rules score endpoint: junk JSON and near-games -------------------------------------------------------

_scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from([2**63, -(2**63) - 1, 10**400])
    | st.floats()
    | st.text(max_size=20)
    | st.sampled_from(
        ["A", "B", "hearts", "all_trump", "no_trump", "capot", "pass", "", "162", "1e999", "\ud800", "x\udfffy", "\x00"]
    )
)
_junk = st.recursive(
    _scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
_DEAL_KEYS = ["contract", "tricks", "last_trick", "capot", "belote", "declarations", "eldest", "litige", "note"]
_CONTRACT_KEYS = ["taker", "trump", "bid", "multiplier", "coinche"]


def _setting_names() -> list[str]:
    return sorted({name for preset in list_presets() for name in preset["settings"]})


def _near_game():
    """A game whose shape is right and whose values are junk: every path of the engine's validation."""
    contract = st.none() | st.dictionaries(
        st.sampled_from(_CONTRACT_KEYS),
        _junk | st.sampled_from(["A", "B", "hearts", "spades", "no_trump", "all_trump", 80, 250, "capot", 1, 2, 4, 3]),
        max_size=5,
    )
    tricks = _junk | st.fixed_dictionaries({"A": _junk | st.integers(-200, 400), "B": _junk | st.integers(-200, 400)})
    deal = (
        st.fixed_dictionaries(
            {"contract": contract},
            optional={
                "tricks": tricks,
                **{key: _junk for key in _DEAL_KEYS if key not in ("contract", "tricks")},
            },
        )
        | _junk
    )
    options = st.none() | _junk | st.dictionaries(st.sampled_from(_setting_names()), _junk, max_size=3)
    return st.fixed_dictionaries(
        {"rules": st.sampled_from(list(PRESETS)) | _junk, "deals": st.lists(deal, max_size=6) | _junk},
        optional={"options": options},
    )


_deep = st.integers(min_value=500, max_value=5000).map(lambda depth: "[" * depth + "]" * depth)


@fuzz_settings(JUNK_EXAMPLES)
@given(body=_junk | _near_game() | st.binary(max_size=40).map(lambda b: b.decode("latin-1")) | _deep)
def _score_junk(client, statuses, body):
    raw = body if isinstance(body, str) else json.dumps(body)  # NaN, Infinity and raw text stay as sent
    response = client.post("/api/v1/rules/score/", raw, content_type="application/json")
    statuses.append(check_answer(response, ("score", raw[:300])))


def test_junk_json_at_the_rules_score_endpoint_never_answers_500():
    statuses: list[int] = []
    _score_junk(Client(), statuses)
    assert len(statuses) == JUNK_EXAMPLES and 400 in statuses
