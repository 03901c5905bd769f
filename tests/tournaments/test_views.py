"""Organiser pages: they render, forms save through services, bad input is shown by field, nothing half stored."""

import json

import pytest
from django.urls import reverse

from tests.factories import EntryFactory, EventFactory, PlayerFactory, SeasonFactory
from tournaments import selectors, services
from tournaments.models import CheckIn, Club, Entry, Event, Game, Membership, Player, Round, Season, Table

pytestmark = pytest.mark.django_db


def confirm_sheets(round):
    """Stand-in for score entry: every sheet of the round confirmed (scoring refuses to close otherwise)."""
    from scoring.models import Sheet

    Sheet.objects.filter(game__round=round).update(status=Sheet.Status.CONFIRMED)


def url(name, event=None, **kwargs):
    if event is not None:
        kwargs = {"club_slug": event.club.slug, "event_slug": event.slug, **kwargs}
    return reverse(f"tournaments:{name}", kwargs=kwargs)


@pytest.fixture
def event(organiser):
    event = EventFactory(club=organiser.club)
    entries = [EntryFactory(event=event, number=n) for n in range(1, 9)]
    services.checkin_set(event=event, entry_ids=[e.pk for e in entries], round_number=1, status="present")
    return event


def test_club_list_shows_my_clubs_and_creates_a_club(organiser_client, organiser):
    response = organiser_client.get(url("clubs"))
    assert response.status_code == 200
    assert organiser.club.name in response.content.decode()
    response = organiser_client.post(url("clubs"), {"slug": "neu", "name": "Neuer Club", "city": "Kiel"})
    assert response.status_code == 302
    club = Club.objects.get(slug="neu")
    assert Membership.objects.filter(user=organiser.user, club=club, role="organiser").exists()


def test_club_create_with_bad_or_reserved_slug_names_the_field(organiser_client, organiser):
    response = organiser_client.post(url("clubs"), {"slug": "new", "name": "X"})
    assert response.status_code == 200
    assert "reserved" in response.content.decode()
    response = organiser_client.post(url("clubs"), {"slug": organiser.club.slug, "name": "X"})
    assert response.status_code == 200
    assert response.context["form"].errors["slug"]
    response = organiser_client.post(url("clubs"), {"slug": "a b", "name": ""})
    assert set(response.context["form"].errors) == {"slug", "name"}
    assert Club.objects.count() == 1


def test_member_add_warns_about_a_likely_duplicate_and_saves_after_confirmation(organiser_client, organiser):
    club = organiser.club
    PlayerFactory(club=club, first_name="Jürgen", last_name="Müller")
    data = {"first_name": "Jurgen", "last_name": "Muller", "is_active": "on"}
    response = organiser_client.post(url("members", club_slug=club.slug), data)
    assert response.status_code == 200
    assert "Jürgen Müller" in response.content.decode()
    assert Player.objects.filter(club=club).count() == 1
    response = organiser_client.post(url("members", club_slug=club.slug), {**data, "confirm_new": "on"})
    assert response.status_code == 302
    assert Player.objects.filter(club=club).count() == 2


@pytest.mark.parametrize(
    ("first", "last", "duplicate"),
    [
        ("Marie-Claire", "Dubois", True),  # same name
        ("marie claire", "DUBOIS", True),  # case and punctuation
        ("Dubois", "Marie-Claire", True),  # swapped
        ("Marie-Clare", "Dubois", True),  # typo
        ("Marc", "Dubois", False),
        ("Marie-Claire", "Lefèvre", False),
    ],
)
def test_duplicate_names(organiser, first, last, duplicate):
    PlayerFactory(club=organiser.club, first_name="Marie-Claire", last_name="Dubois")
    other_club = PlayerFactory(first_name=first, last_name=last)
    found = selectors.player_duplicates(club=organiser.club, first_name=first, last_name=last)
    assert bool(found) is duplicate
    assert other_club not in found


def test_member_list_search(organiser_client, organiser):
    PlayerFactory(club=organiser.club, first_name="Anke", last_name="Hansen")
    PlayerFactory(club=organiser.club, first_name="Pierre", last_name="Martin")
    response = organiser_client.get(url("members", club_slug=organiser.club.slug), {"q": "hans"})
    assert [p.last_name for p in response.context["players"]] == ["Hansen"]


def test_season_form_refuses_end_before_start(organiser_client, organiser):
    data = {"name": "2026", "start_date": "2026-09-01", "end_date": "2026-08-01", "ranking_rule": "sum"}
    response = organiser_client.post(url("season_create", club_slug=organiser.club.slug), data)
    assert response.status_code == 200
    assert Season.objects.count() == 0
    data.update(end_date="2027-07-31", ranking_rule="best_n")
    response = organiser_client.post(url("season_create", club_slug=organiser.club.slug), data)
    assert "best_n" in response.context["form"].errors
    data["best_n"] = 8
    assert organiser_client.post(url("season_create", club_slug=organiser.club.slug), data).status_code == 302
    assert Season.objects.get().best_n == 8


EVENT_DATA = {
    "name": "Clubabend",
    "slug": "abend",
    "date": "2026-11-30",
    "team_mode": "pairs",
    "rounds": 4,
    "game_length": 12,
    "game_length_unit": "deals",
    "pairing_methods": ["random", "swiss"],
    "ranking_precedence": ["match_points", "total_points"],
    "points_win": 2,
    "points_draw": 1,
    "points_loss": 0,
    "bye_points": 0,
    "rules_preset": "hoheluft",
    "public_draw": "on",
}


def test_event_create_stores_rule_set_and_format(organiser_client, organiser):
    season = SeasonFactory(club=organiser.club)
    data = {**EVENT_DATA, "season": season.pk, "rule_rounding": "nearest_ten_5_up"}
    response = organiser_client.post(url("event_create", club_slug=organiser.club.slug), data)
    assert response.status_code == 302, response.context["form"].errors
    event = Event.objects.get(slug="abend")
    assert event.rules_options == {"rounding": "nearest_ten_5_up", "deals": 12}
    assert event.pairing_methods == ["random", "swiss"]
    assert event.ranking_precedence == ["match_points", "total_points"]
    assert event.season == season


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"rule_litige": "maybe"}, "rule_litige", "maybe"),
        ({"rule_bid_max": "160"}, "rule_bid_max", "coinche"),
        ({"rule_rounding": "belot"}, "rule_rounding", "belot"),
        ({"rule_make_rule": "points"}, "rule_make_rule_points", "points"),
        ({"game_length": 0}, "game_length", "1"),
        ({"pairing_methods": ["random", "dutch"]}, "pairing_methods", "dutch"),
        ({"pairing_methods": ["melee"]}, "pairing_methods", "Mêlée does not fit"),
        ({"pairing_methods": ["random", "swiss", "swiss", "swiss", "swiss"]}, "pairing_methods", "5"),
        ({"ranking_precedence": ["wins", "wins"]}, "ranking_precedence", "twice"),
        ({"ranking_precedence": ["match_points", "buchholtz"]}, "ranking_precedence", "buchholtz"),
        ({"rounds": 0}, "rounds", "1"),
        ({"slug": "new"}, "slug", "reserved"),
        ({"date": "30.13.2026"}, "date", ""),
    ],
)
def test_event_form_shows_rule_set_and_format_errors_on_their_field(organiser_client, organiser, changes, field, words):
    response = organiser_client.post(url("event_create", club_slug=organiser.club.slug), {**EVENT_DATA, **changes})
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert field in errors, errors
    assert words in " ".join(errors[field])
    assert not Event.objects.exists()


def test_event_settings_are_frozen_once_started(organiser_client, event):
    services.event_start(event=event)
    data = {**EVENT_DATA, "slug": event.slug, "rules_preset": "coinche", "rounds": 5, "name": "Neu"}
    response = organiser_client.post(url("event_edit", event), data)
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.rules_preset == "hoheluft" and event.rounds == 5 and event.name == "Neu"


def test_event_page_and_actions(organiser_client, event):
    response = organiser_client.get(url("event", event))
    assert response.status_code == 200
    assert response.context["entry_count"] == 8 and response.context["present_count"] == 8
    organiser_client.post(url("event_action", event, action="close_entries"))
    assert not Event.objects.get(pk=event.pk).entries_open
    organiser_client.post(url("event_action", event, action="open"))
    assert Event.objects.get(pk=event.pk).status == "open"
    response = organiser_client.post(url("event_action", event, action="finish"), follow=True)
    assert "cannot become" in response.content.decode()
    assert organiser_client.post(url("event_action", event, action="explode")).status_code == 404


def test_entry_add_with_check_in_and_late_entry(organiser_client, event):
    p1, p2 = PlayerFactory(club=event.club), PlayerFactory(club=event.club)
    response = organiser_client.post(url("entries", event), {"player_1": p1.pk, "player_2": p2.pk, "check_in": "on"})
    assert response.status_code == 302
    entry = Entry.objects.get(player_1=p1)
    assert entry.number == 9 and not entry.late
    assert CheckIn.objects.get(entry=entry, round_number=1).status == "present"
    services.event_start(event=event)
    p3, p4 = PlayerFactory(club=event.club), PlayerFactory(club=event.club)
    organiser_client.post(url("entries", event), {"player_1": p3.pk, "player_2": p4.pk})
    assert Entry.objects.get(player_1=p3).late


@pytest.mark.parametrize(
    ("case", "field"),
    [
        ("same_player", "player_2"),
        ("no_partner", "player_2"),
        ("taken", "player_1"),
        ("other_club", "player_1"),
        ("bad_table", "fixed_table"),
    ],
)
def test_entry_form_errors_name_the_field(organiser_client, event, case, field):
    p1, p2 = PlayerFactory(club=event.club), PlayerFactory(club=event.club)
    data = {"player_1": p1.pk, "player_2": p2.pk}
    if case == "same_player":
        data["player_2"] = p1.pk
    elif case == "no_partner":
        del data["player_2"]
    elif case == "taken":
        data["player_1"] = Entry.objects.filter(event=event).first().player_2_id
    elif case == "other_club":
        data["player_1"] = PlayerFactory().pk
    elif case == "bad_table":
        data["fixed_table"] = 0
    before = Entry.objects.count()
    response = organiser_client.post(url("entries", event), data)
    assert response.status_code == 200
    assert field in response.context["form"].errors
    assert Entry.objects.count() == before


def test_entries_closed_refuses_a_new_entry_with_a_message(organiser_client, event):
    services.event_entries_set_open(event=event, is_open=False)
    p1, p2 = PlayerFactory(club=event.club), PlayerFactory(club=event.club)
    response = organiser_client.post(url("entries", event), {"player_1": p1.pk, "player_2": p2.pk})
    assert response.status_code == 200
    assert "Entries are closed" in response.content.decode()
    assert not Entry.objects.filter(player_1=p1).exists()


def test_melee_entry_is_one_player(organiser_client, organiser):
    event = EventFactory(club=organiser.club, team_mode="melee", pairing_methods=["melee"])
    p = PlayerFactory(club=organiser.club)
    response = organiser_client.post(url("entries", event), {"player_1": p.pk})
    assert response.status_code == 302
    assert Entry.objects.get(event=event).player_2 is None


def test_entry_edit_and_delete(organiser_client, event):
    entry = Entry.objects.filter(event=event).first()
    data = {"player_1": entry.player_1_id, "player_2": entry.player_2_id, "fixed_table": 3, "name": "Die Asse"}
    assert organiser_client.post(url("entry_edit", event, entry_id=entry.pk), data).status_code == 302
    entry.refresh_from_db()
    assert entry.fixed_table == 3 and entry.name == "Die Asse"
    services.round_draw(event=event, number=1, seed=1)
    response = organiser_client.post(url("entry_edit", event, entry_id=entry.pk), {"delete": "1"}, follow=True)
    assert "withdraw" in response.content.decode()
    assert Entry.objects.filter(pk=entry.pk).exists()


def test_checkin_page_one_tap_json_and_plain_post(organiser_client, organiser):
    event = EventFactory(club=organiser.club)
    entries = [EntryFactory(event=event, number=n) for n in range(1, 5)]
    response = organiser_client.get(url("checkin", event, number=1))
    assert response.status_code == 200
    assert response.context["counts"]["none"] == 4
    response = organiser_client.post(
        url("checkin", event, number=1), {"entry": entries[0].pk, "status": "present"}, HTTP_ACCEPT="application/json"
    )
    body = response.json()
    assert body["counts"]["present"] == 1 and body["status"] == "present"
    response = organiser_client.post(url("checkin", event, number=1), {"entry": entries[1].pk, "status": "withdrawn"})
    assert response.status_code == 302 and response.url.endswith(f"#entry-{entries[1].pk}")
    organiser_client.post(url("checkin", event, number=1), {"all_remaining": "1", "status": "present"})
    statuses = selectors.checkin_statuses(event=event, round_number=1)
    assert [statuses[e.pk] for e in entries] == ["present", "withdrawn", "present", "present"]
    assert organiser_client.get(url("checkin_current", event)).url == url("checkin", event, number=1)


def test_checkin_bad_input_is_a_clear_error(organiser_client, event):
    other = EntryFactory()
    response = organiser_client.post(
        url("checkin", event, number=1), {"entry": other.pk, "status": "present"}, HTTP_ACCEPT="application/json"
    )
    assert response.status_code == 400 and "not in this event" in response.json()["error"]
    response = organiser_client.post(
        url("checkin", event, number=1), {"entry": "x", "status": "dancing"}, HTTP_ACCEPT="application/json"
    )
    assert response.status_code == 400 and "status" in response.json()["error"]
    assert organiser_client.get(url("checkin", event, number=9)).status_code == 404


def test_tables_range_single_edit_and_delete(organiser_client, event):
    assert organiser_client.post(url("tables", event), {"form": "range", "first": 1, "last": 4}).status_code == 302
    assert Table.objects.filter(event=event).count() == 4
    response = organiser_client.post(url("tables", event), {"form": "one", "number": 2, "label": "x"})
    assert response.status_code == 200 and "already exists" in response.content.decode()
    response = organiser_client.post(url("tables", event), {"form": "range", "first": 5, "last": 3})
    assert "last" in response.context["range_form"].errors
    table = Table.objects.get(event=event, number=4)
    data = {"number": 4, "label": "Terrasse", "step_free": "on"}
    assert organiser_client.post(url("table_edit", event, table_id=table.pk), data).status_code == 302
    table.refresh_from_db()
    assert table.step_free and table.label == "Terrasse"
    organiser_client.post(url("table_edit", event, table_id=table.pk), {"delete": "1"})
    assert Table.objects.filter(event=event).count() == 3
    assert organiser_client.get(url("tables", event)).status_code == 200


def test_round_pages_walk_the_whole_status_machine(organiser_client, event):
    page = organiser_client.get(url("round", event, number=1))
    assert page.status_code == 200 and page.context["round"] is None
    response = organiser_client.post(url("round_draw", event, number=1), {"method": "random", "seed": 5})
    assert response.status_code == 302
    round = Round.objects.get(event=event, number=1)
    assert round.seed == 5
    page = organiser_client.get(url("round", event, number=1))
    assert len(page.context["games"]) == 4
    # Drawing again without the confirmation box keeps the draft.
    response = organiser_client.post(
        url("round_draw", event, number=1), {"method": "random", "seed": 6, "regenerate": "1"}, follow=True
    )
    assert "Confirm to replace" in response.content.decode()
    assert Round.objects.get(pk=round.pk).seed == 5
    organiser_client.post(
        url("round_draw", event, number=1), {"method": "random", "seed": 6, "regenerate": "1", "confirm": "on"}
    )
    assert Round.objects.get(pk=round.pk).seed == 6
    game = Game.objects.filter(round=round).order_by("table_number").first()
    organiser_client.post(url("round_swap", event, number=1), {"entry_a": game.entry_a_id, "entry_b": game.entry_b_id})
    assert Game.objects.get(round=round, table_number=game.table_number).entry_a_id == game.entry_b_id
    organiser_client.post(url("round_move", event, number=1), {"from_table": 1, "to_table": 2})
    response = organiser_client.post(url("round_action", event, number=1, action="release"), follow=True)
    assert "only a round that is Confirmed" in response.content.decode()
    for action in ("confirm", "release", "close"):
        response = organiser_client.post(url("round_action", event, number=1, action=action), follow=True)
    # Score entry keeps the round open while sheets are unconfirmed, and says which tables.
    assert "1" in response.content.decode() and Round.objects.get(pk=round.pk).status == "released"
    confirm_sheets(round)
    organiser_client.post(url("round_action", event, number=1, action="close"))
    assert Round.objects.get(pk=round.pk).status == "closed"
    for name in ("round_print_tables", "round_print_names"):
        response = organiser_client.get(url(name, event, number=1))
        assert response.status_code == 200


def test_round_bad_input_gives_messages_not_errors(organiser_client, event):
    response = organiser_client.post(url("round_draw", event, number=1), {"method": "melee", "seed": "x"}, follow=True)
    assert response.status_code == 200
    assert "seed" in response.content.decode().lower()
    assert not Round.objects.exists()
    services.tables_create_range(event=event, first=1, last=4)
    services.round_draw(event=event, number=1, seed=1)
    response = organiser_client.post(url("round_move", event, number=1), {"from_table": 1, "to_table": 99}, follow=True)
    assert "Table 99" in response.content.decode()
    response = organiser_client.post(url("round_move", event, number=1), {"from_table": 1, "to_table": -1}, follow=True)
    assert "moves to table" in response.content.decode()
    response = organiser_client.post(url("round_swap", event, number=1), {"entry_a": 1, "entry_b": ""}, follow=True)
    assert response.status_code == 200
    assert organiser_client.post(url("round_action", event, number=1, action="explode")).status_code == 404
    assert organiser_client.post(url("round_action", event, number=3, action="close")).status_code == 404
    assert organiser_client.get(url("round", event, number=0)).status_code == 404


def test_print_by_name_is_alphabetical_with_tables(organiser_client, event):
    services.round_draw(event=event, number=1, seed=1)
    rows = organiser_client.get(url("round_print_names", event, number=1)).context["rows"]
    assert len(rows) == 16
    keys = [(r.player.last_name.casefold(), r.player.first_name.casefold()) for r in rows]
    assert keys == sorted(keys)
    assert all(r.table in (1, 2, 3, 4) and r.seat in "NESW" for r in rows)


def test_checkin_js_labels_are_valid_json(organiser_client, event):
    html = organiser_client.get(url("checkin", event, number=1)).content.decode()
    marker = 'id="checkin-labels" type="application/json">'
    start = html.index(marker) + len(marker)
    labels = json.loads(html[start : html.index("</script>", start)])
    assert set(labels) == {"present", "absent", "withdrawn"}


@pytest.mark.parametrize("size", [8, 80])
def test_page_query_counts_do_not_grow_with_entries(organiser_client, organiser, size, django_assert_max_num_queries):
    event = EventFactory(club=organiser.club)
    entries = [EntryFactory(event=event, number=n) for n in range(1, size + 1)]
    services.checkin_set(event=event, entry_ids=[e.pk for e in entries], round_number=1, status="present")
    services.round_draw(event=event, number=1, seed=1)
    for name, kwargs in [
        ("event", {}),
        ("entries", {}),
        ("checkin", {"number": 1}),
        ("tables", {}),
        ("round", {"number": 1}),
        ("round_print_tables", {"number": 1}),
        ("round_print_names", {"number": 1}),
    ]:
        with django_assert_max_num_queries(14):
            assert organiser_client.get(url(name, event, **kwargs)).status_code == 200
    with django_assert_max_num_queries(14):
        assert organiser_client.get(url("club", club_slug=organiser.club.slug)).status_code == 200
    with django_assert_max_num_queries(14):
        assert organiser_client.get(url("members", club_slug=organiser.club.slug)).status_code == 200


@pytest.mark.parametrize(
    ("language", "label"), [("de", "Schweizer System"), ("fr", "Système suisse"), ("en", "Swiss system")]
)
def test_pairing_methods_are_named_in_the_pages_language(organiser_client, event, language, label):
    services.round_draw(event=event, number=1, seed=3, method="swiss")
    round_page = organiser_client.get(url("round", event, number=1), HTTP_ACCEPT_LANGUAGE=language)
    assert f"<strong>{label}</strong>" in round_page.content.decode()
    event_page = organiser_client.get(url("event", event), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f"<td>{label}</td>" in event_page
    assert "<td>swiss</td>" not in event_page
