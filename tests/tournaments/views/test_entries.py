"""An event's entries: add (checked in, late), refusals by field, closed entries, mêlée, edit and delete."""

import pytest

from tests.factories import EventFactory, PlayerFactory
from tests.tournaments.views.view_helpers import url
from tournaments import services
from tournaments.models import CheckIn, Entry

pytestmark = pytest.mark.django_db


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
