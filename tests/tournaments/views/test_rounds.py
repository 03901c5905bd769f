"""A round's pages: the whole status machine, bad input as messages, the printed draw, the methods' names."""

import pytest

from tests.tournaments.views.view_helpers import confirm_sheets, url
from tournaments import services
from tournaments.models import Game, Round

pytestmark = pytest.mark.django_db


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


def test_the_seed_is_folded_in_the_draw_details_not_on_the_draw(organiser_client, event):
    """Issue 19: "Startwert 5275015766269836" stood on every draw; it only helps whoever draws it again."""
    services.round_draw(event=event, number=1, seed=5275015766269836, method="random")
    html = organiser_client.get(url("round", event, number=1), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    quality = html[html.index('<p class="quality">') : html.index("</p>", html.index('<p class="quality">'))]
    assert "5275015766269836" not in quality and "Startwert" not in quality
    details = html[html.index('<details class="draw-details') : html.index("</details>")]
    assert "<summary>Details der Auslosung</summary>" in details and "Startwert 5275015766269836" in details
    assert html.count("5275015766269836") == 1
