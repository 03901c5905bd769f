"""Junk from anonymous visitors at the pages, not the API: the referee page's form posts (as a phone with or
without JavaScript) and the public draw's find-your-table query and the standings' round. No input gives a 500,
and a refused check names the field. Bounded like tests/config/test_api_fuzz.py (`derandomize=True`)."""

from __future__ import annotations

from itertools import count
from urllib.parse import urlencode

import pytest
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from scoring.models import Sheet
from tests.fuzz_helpers import check_answer, fuzz_settings, json_of
from tests.scoring.entry_helpers import released_round, table_of

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

FORM_EXAMPLES = 25  # junk form posts per referee route
PUBLIC_EXAMPLES = 30  # junk queries per public page


# --- anonymous form posts: the referee page and the public draw ------------------------------------------

_FORM_FIELDS = [
    "taker",
    "trump",
    "tricks_a",
    "tricks_b",
    "last_trick",
    "capot",
    "version",
    "client_id",
    "bid",
    "multiplier",
    "belote",
    "declarations_a",
    "declarations_b",
    "eldest",
    "reason",
    "message",
]
_form_value = (
    st.text(max_size=30)
    | st.integers().map(str)
    | st.sampled_from(
        [
            "A",
            "B",
            "pass",
            "hearts",
            "all_trump",
            "no_trump",
            "capot",
            "0",
            "81",
            "162",
            "250",
            "-1",
            "²",
            "٣",
            "1e3",
            "9" * 5000,
            "x\x00y",
            "tierce:hearts:K",
            "quinte:clubs:A:6",
            "carre:J",
            "carre:",
            "A:hearts",
            "quinte:clubs:A:x",
            "tierce",
        ]
    )
)
_form = st.dictionaries(
    st.sampled_from(_FORM_FIELDS) | st.text(max_size=6), _form_value | st.lists(_form_value, max_size=3), max_size=10
)
_query_value = st.sampled_from(["", "0", "1", "3", "-1", "²", "٣", "9" * 5000, "x\x00", "1.5"]) | st.text(max_size=8)


def _referee_routes(token: str) -> list[str]:
    base = f"/t/{token}/"
    return [
        f"{base}check/",
        f"{base}deals/",
        f"{base}deals/0/",
        f"{base}deals/0/delete/",
        f"{base}submit/",
        f"{base}confirm/",
        f"{base}dispute/",
    ]


def _form_run(route: str, sheet: Sheet, statuses, counter):
    """A bounded run of junk form posts to one referee route, as a phone without (or with) JavaScript."""

    @fuzz_settings(FORM_EXAMPLES)
    @given(data=_form, query=_query_value, as_json=st.booleans())
    def run(data, query, as_json):
        n = next(counter)
        if n % 3 == 0:  # a third of the posts carry the sheet's current version, so they can reach the engine
            data = {**data, "version": str(Sheet.objects.get(pk=sheet.pk).version)}
        headers = {"HTTP_ACCEPT": "application/json"} if as_json else {}
        path = route + ("?" + urlencode({"position": query}) if n % 2 else "")
        response = Client().post(path, data, **headers)
        statuses.append(check_answer(response, (route, data, query)))
        body = json_of(response)
        if response.status_code == 200 and isinstance(body, dict) and body.get("valid") is False:
            assert body["errors"], (route, data, body)  # a refused check names the field

    return run


@pytest.mark.parametrize("preset", ["hoheluft", "coinche"])
def test_junk_referee_form_posts_never_answer_500(preset):
    options = {"deals": 12} if preset == "hoheluft" else {}
    _round, games = released_round(tables=1, rules_preset=preset, rules_options=options)
    sheet, link_a, link_b = table_of(games[0])
    statuses: list[int] = []
    counter = count()

    for route in [*_referee_routes(link_a.token), *_referee_routes(link_b.token)[:2]]:
        _form_run(route, sheet, statuses, counter)()

    assert statuses and max(statuses) < 500


def _public_run(path: str, statuses):
    @fuzz_settings(PUBLIC_EXAMPLES)
    @given(
        q=_form_value | st.lists(_form_value, max_size=3),
        round_=_query_value,
        language=st.sampled_from(["de", "fr", "en-GB", "xx-YY", "*", "de;q=abc", ";;,", "\x00"]),
    )
    def run(q, round_, language):
        response = Client().get(
            path + "?" + urlencode({"q": q, "round": round_}, doseq=True), HTTP_ACCEPT_LANGUAGE=language
        )
        statuses.append(check_answer(response, (path, q, round_)))

    return run


def test_junk_find_your_table_and_round_queries_never_answer_500():
    _round, games = released_round(tables=2, status="running")
    event = games[0].round.event
    base = f"/e/{event.club.slug}/{event.slug}/"
    statuses: list[int] = []
    for page in ("draw/", "standings/", "standings/table/"):
        _public_run(base + page, statuses)()
    assert statuses.count(200) == len(statuses) == 3 * PUBLIC_EXAMPLES
