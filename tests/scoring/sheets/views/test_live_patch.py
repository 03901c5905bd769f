"""The phone's answer to a new deal: only what changed in the live part (scoring/sheets/views/live_patch.py),
which the page patches in. The patch applied to the part before the deal must give the part after it, for every
rule set, held points and passed deals included; anything else than a plain append answers with the whole part."""

import json
import random
import re

import pytest

from scoring.models import Sheet
from scoring.rules import PRESETS, random_game
from scoring.sheets.forms import deal_initial
from scoring.sheets.links import table_cards_ensure
from scoring.sheets.views.live_patch import plain_append
from tests.address_helpers import sheet_url
from tests.factories import MembershipFactory
from tests.scoring.entry_helpers import HOHELUFT_GAME, released_round, table_of
from tests.scoring.sheets.cards_helpers import card_of, evening

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}


def fields_of(deal: dict, version: int, client_id: str, *, patch: bool = True) -> dict:
    """The deal form's fields as referee.js posts a new deal."""
    fields = {k: v for k, v in deal_initial(deal).items() if v not in (None, False)}
    fields.update(version=version, client_id=client_id)
    if patch:
        fields["patch"] = "1"
    return fields


# --- the live part, taken apart as the page's script patches it ------------------------------------------

_CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')
_VERSION_INPUT = re.compile(r'name="version" value="\d+"')


def _steady(html: str) -> str:
    """The part with what differs between two renders of the same sheet blanked (each masks its CSRF token
    anew) and the whitespace between tags dropped."""
    return re.sub(r">\s+<", "><", _CSRF.sub('name="csrfmiddlewaretoken" value=""', html)).strip()


def pieces(html: str) -> dict:
    """What a patch replaces in the live part, and the rest of it."""
    body = re.search(r"<tbody>(.*)</tbody>", html, re.S).group(1)
    rows = [row for row in re.findall(r"<tr.*?</tr>", body, re.S) if "data-position" in row]
    foot = re.search(r"<tfoot>(.*)</tfoot>", html, re.S).group(1)
    count = re.search(r"<span[^>]*data-deal-count>(.*?)</span>", html, re.S).group(1)
    deals = json.loads(
        re.search(r'<script id="deals-data" type="application/json">(.*?)</script>', html, re.S).group(1)
    )
    version = re.search(r'id="sheet-live"[^>]*data-version="(\d+)"', html).group(1)
    rest = html
    for pattern in (r"<tbody>.*</tbody>", r"<tfoot>.*</tfoot>", r"(data-deal-count>).*?(</span>)"):
        rest = re.sub(pattern, lambda m: (m.group(1) + m.group(2)) if m.groups() else "", rest, flags=re.S)
    rest = re.sub(r'<script id="deals-data".*?</script>', "", rest, flags=re.S)
    rest = re.sub(r'data-version="\d+"', "", _VERSION_INPUT.sub('name="version" value=""', rest))
    return {
        "rows": [_steady(_VERSION_INPUT.sub('name="version" value=""', row)) for row in rows],
        "versions": set(_VERSION_INPUT.findall(html)),
        "foot": _steady(foot),
        "count": count.strip(),
        "deals": deals,
        "version": int(version),
        "rest": _steady(rest),
    }


def assert_patch_makes(before: dict, patch: dict, version: int, after: dict) -> None:
    """The page's patch (static/scoring/referee.js, patchLive) applied to the part `before` gives `after`."""
    assert patch["from"] == before["version"]
    assert after["version"] == version
    assert after["rows"] == [*before["rows"], _steady(_VERSION_INPUT.sub('name="version" value=""', patch["row"]))]
    assert after["foot"] == _steady(patch["totals"])
    assert after["count"] == patch["count"]
    assert after["deals"] == [*before["deals"], patch["deal"]]
    assert after["versions"] <= {f'name="version" value="{version}"'}  # every form of the part takes the new one
    assert after["rest"] == before["rest"]


def live_part(client, page: str) -> str:
    response = client.get(page + "?live=1")
    assert response.status_code == 200
    return response.content.decode()


# --- the tests ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_patch_applied_to_the_part_before_gives_the_part_after(client, preset):
    """Whole random games of each rule set (passed deals, litiges, announcements), posted as a table card's
    phone posts them: each answer is a patch or the whole part, and a patch turns the part before into the
    part after, as the whole part fetched again shows it."""
    _round, games = released_round(tables=1, rules_preset=preset, rules_options={})
    event = games[0].round.event
    table_cards_ensure(event=event, table_numbers=[1])
    card = card_of(event, 1, "A")
    page = f"/t/{card.token}/"
    address = f"{page}game/{games[0].pk}/deals/"
    played = random_game(random.Random(7), event.rules["rules"], event.rules.get("options") or {}, deals=16)
    before = pieces(live_part(client, page))
    patched = 0
    for n, deal in enumerate(played["deals"]):
        answer = client.post(address, fields_of(deal, before["version"], f"p-{n}"), **JSON)
        assert answer.status_code == 201, answer.content
        data = answer.json()
        after = pieces(live_part(client, page))
        if "patch" in data:
            assert "live" not in data
            assert_patch_makes(before, data["patch"], data["version"], after)
            patched += 1
        else:
            assert pieces(data["live"]) == after  # the whole part, as the page would fetch it
        before = after
    sheet = Sheet.objects.get(game=games[0])
    finished = 1 if sheet.finished else 0
    # The first deal names the entering side and the last may end the game: the whole part; the rest patch.
    assert patched == len(played["deals"]) - 1 - finished


def test_the_organisers_page_gets_the_same_patches_with_its_reason_field(client):
    """The organiser's sheet page types deals through the same form (each with a reason): its rows carry the
    reason field of the delete menu, and a patch gives its part as fetched again too."""
    _round, games = released_round(tables=1)
    sheet = Sheet.objects.get(game=games[0])
    client.force_login(MembershipFactory(club=games[0].round.event.club).user)
    page = sheet_url(sheet)
    before = pieces(live_part(client, page))
    patched = 0
    for n, deal in enumerate(HOHELUFT_GAME[:4]):
        fields = {**fields_of(deal, before["version"], f"o-{n}"), "reason": "vom Papierbogen"}
        data = client.post(page + "deals/", fields, **JSON).json()
        assert data["ok"] is True, data
        after = pieces(live_part(client, page))
        if "patch" in data:
            assert 'name="reason"' in data["patch"]["row"]
            assert_patch_makes(before, data["patch"], data["version"], after)
            patched += 1
        before = after
    assert patched == 4  # the first too: an organiser names no entering side


def test_held_points_come_and_go_with_the_patch(client):
    """A litige adds the held line to the totals; the deal that collects it names the side in its row."""
    event, _round, _entries, games = evening(tables=1)
    card = card_of(event, 1, "A")
    page = f"/t/{card.token}/"
    address = f"{page}game/{games[0].pk}/deals/"
    answers = []
    for n, deal in enumerate(HOHELUFT_GAME[:4]):  # deal 3 is a litige, deal 4 (E/W) collects it
        answers.append(client.post(address, fields_of(deal, n, f"h-{n}"), HTTP_ACCEPT_LANGUAGE="en", **JSON).json())
    litige, collected = answers[2]["patch"], answers[3]["patch"]
    assert "points held (litige)" in litige["totals"] and "held" in litige["row"]
    assert "points held (litige)" not in collected["totals"]
    assert "held points to E/W" in collected["row"]
    assert collected["count"] == "4 deals"


def test_the_patch_is_in_the_pages_language(client):
    event, _round, _entries, games = evening(tables=1)
    address = f"/t/{card_of(event, 1, 'A').token}/game/{games[0].pk}/deals/"
    client.post(address, fields_of(HOHELUFT_GAME[0], 0, "g-0"), HTTP_ACCEPT_LANGUAGE="de", **JSON)
    patch = client.post(address, fields_of(HOHELUFT_GAME[1], 1, "g-1"), HTTP_ACCEPT_LANGUAGE="de", **JSON).json()
    assert patch["patch"]["count"] == "2 Spiele"
    assert "Summe" in patch["patch"]["totals"]


def test_without_asking_the_answer_is_the_whole_part(client):
    """A page from before the patch (cached on a phone) does not ask: it gets the whole part, as before."""
    event, _round, _entries, games = evening(tables=1)
    address = f"/t/{card_of(event, 1, 'A').token}/game/{games[0].pk}/deals/"
    client.post(address, fields_of(HOHELUFT_GAME[0], 0, "w-0", patch=False), **JSON)
    data = client.post(address, fields_of(HOHELUFT_GAME[1], 1, "w-1", patch=False), **JSON).json()
    assert "patch" not in data and 'id="sheet-live"' in data["live"]


def test_a_replayed_deal_and_a_stale_version_answer_with_the_whole_part(client):
    """A retry of a stored deal (its answer was lost) and a conflict: the page may show anything, so it gets
    all of it."""
    event, _round, _entries, games = evening(tables=1)
    address = f"/t/{card_of(event, 1, 'A').token}/game/{games[0].pk}/deals/"
    client.post(address, fields_of(HOHELUFT_GAME[0], 0, "r-0"), **JSON)
    first = client.post(address, fields_of(HOHELUFT_GAME[1], 1, "r-1"), **JSON)
    assert first.status_code == 201 and "patch" in first.json()
    again = client.post(address, fields_of(HOHELUFT_GAME[1], 1, "r-1"), **JSON)
    assert again.status_code == 200 and "patch" not in again.json() and "sheet-live" in again.json()["live"]
    stale = client.post(address, fields_of(HOHELUFT_GAME[2], 1, "r-2"), **JSON)
    assert stale.status_code == 409 and "patch" not in stale.json() and "sheet-live" in stale.json()["live"]


def test_a_changed_deal_answers_with_the_whole_part(client):
    """Only a new deal at the end patches; a change to a deal (its row and every later total move) does not."""
    _round, games = released_round(tables=1)
    _sheet, link_a, _ = table_of(games[0])
    base = f"/t/{link_a.token}/"
    client.post(f"{base}deals/", fields_of(HOHELUFT_GAME[0], 0, "e-0"), **JSON)
    client.post(f"{base}deals/", fields_of(HOHELUFT_GAME[1], 1, "e-1"), **JSON)
    data = client.post(f"{base}deals/0/", fields_of(HOHELUFT_GAME[2], 2, ""), **JSON).json()
    assert data["ok"] is True and "patch" not in data and "sheet-live" in data["live"]


@pytest.mark.needs_postgres  # the unlocked write's count (scoring/sheets/deal_write.py)
def test_the_phones_patched_deal_is_two_statements(client, django_assert_max_num_queries):
    event, _round, _entries, games = evening(tables=1)
    address = f"/t/{card_of(event, 1, 'A').token}/game/{games[0].pk}/deals/"
    client.post(address, fields_of(HOHELUFT_GAME[0], 0, "q-0"), **JSON)
    with django_assert_max_num_queries(2):
        answer = client.post(address, fields_of(HOHELUFT_GAME[1], 1, "q-1"), **JSON)
    assert answer.status_code == 201 and answer.json()["patch"]["from"] == 1


def _sheet(version: int, scored: list, *, finished: bool = False, status: str = "entered", side: str = "A") -> Sheet:
    return Sheet(
        version=version,
        status=status,
        entering_side=side,
        result={"valid": True, "finished": finished, "deals": scored},
    )


@pytest.mark.parametrize(
    ("after", "why"),
    [
        (_sheet(4, [{"score": {"A": 1}}, {"score": {"A": 2}}]), "the plain append"),
        (_sheet(5, [{"score": {"A": 1}}, {"score": {"A": 2}}]), "another write came between"),
        (_sheet(4, [{"score": {"A": 9}}, {"score": {"A": 2}}]), "an earlier deal scored differently"),
        (_sheet(4, [{"score": {"A": 1}}, {"score": {"A": 2}}], finished=True), "the game is over"),
        (_sheet(4, [{"score": {"A": 1}}, {"score": {"A": 2}}], status="disputed"), "the status moved"),
        (_sheet(4, [{"score": {"A": 1}}, {"score": {"A": 2}}], side="B"), "the entering side moved"),
    ],
)
def test_only_a_plain_append_is_patched(after, why):
    before = _sheet(3, [{"score": {"A": 1}}])
    assert plain_append(before, after, [{}, {}]) is (why == "the plain append"), why
    assert plain_append(before, after, None) is False  # a replay: the deals were not read
