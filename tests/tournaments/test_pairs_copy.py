"""Copy last week's pairs into tonight's event: a preview pair by pair, then all entered or none."""

import datetime

import pytest
from django.urls import reverse

from tests.factories import EntryFactory, EventFactory, MembershipFactory, PlayerFactory
from tournaments import services
from tournaments.models import CheckIn, Entry
from tournaments.pairs_copy import pairs_copy, pairs_copy_plan

pytestmark = pytest.mark.django_db


@pytest.fixture
def weeks(organiser):
    club = organiser.club
    last = EventFactory(club=club, slug="letzte-woche", name="Clubabend 23.11.", date=datetime.date(2026, 11, 23))
    tonight = EventFactory(club=club, slug="heute", name="Clubabend 30.11.", date=datetime.date(2026, 11, 30))
    EntryFactory(event=last, number=1, name="Die Elbsegler")
    EntryFactory(event=last, number=2)
    gone = EntryFactory(event=last, number=3)
    gone.player_2.is_active = False
    gone.player_2.save()
    guest = EntryFactory(event=last, number=4, player_2=PlayerFactory(club=club, is_guest=True, home_club="Eimsbüttel"))
    already = EntryFactory(event=last, number=5)
    EntryFactory(event=tonight, number=1, player_1=already.player_2, player_2=PlayerFactory(club=club))
    return last, tonight, gone, guest, already


def copy_url(event):
    return reverse("tournaments:entries_copy", kwargs={"club_slug": event.club.slug, "event_slug": event.slug})


def test_plan_says_pair_by_pair_what_happens_and_why(weeks):
    last, tonight, gone, _guest, _already = weeks
    plans = {plan.entry.number: plan for plan in pairs_copy_plan(event=tonight, source=last)}
    assert plans[1].copied and plans[2].copied
    assert "no longer an active member" in plans[3].reason and str(gone.player_2) in plans[3].reason
    assert "is a guest" in plans[4].reason
    assert "already entered tonight (no. 1)" in plans[5].reason
    assert Entry.objects.filter(event=tonight).count() == 1


def test_copy_enters_the_pairs_with_name_and_checks_them_in(weeks):
    last, tonight, *_ = weeks
    entries = pairs_copy(event=tonight, source=last, check_in_round=1)
    assert [e.number for e in entries] == [2, 3]
    assert entries[0].name == "Die Elbsegler"
    assert CheckIn.objects.filter(entry__in=entries, round_number=1, status="present").count() == 2


def test_copy_into_a_closed_event_stores_nothing(weeks):
    last, tonight, *_ = weeks
    services.event_entries_set_open(event=tonight, is_open=False)
    with pytest.raises(Exception, match="Entries are closed"):
        pairs_copy(event=tonight, source=last)
    assert Entry.objects.filter(event=tonight).count() == 1


def test_page_previews_then_copies_on_confirmation(organiser_client, weeks):
    last, tonight, *_ = weeks
    response = organiser_client.get(copy_url(tonight))
    assert response.status_code == 200
    page = response.content.decode()
    assert "2 pairs can be entered" in page and "Clubabend 23.11." in page
    assert Entry.objects.filter(event=tonight).count() == 1
    copiable = [e.pk for e in Entry.objects.filter(event=last, number__in=[1, 2])]
    response = organiser_client.post(copy_url(tonight), {"source": last.pk, "check_in": "on", "pairs": copiable})
    assert response.status_code == 302
    assert Entry.objects.filter(event=tonight).count() == 3


def test_page_refuses_another_clubs_event_as_source(organiser_client, weeks):
    _last, tonight, *_ = weeks
    foreign = EventFactory(club=MembershipFactory().club)
    EntryFactory(event=foreign)
    response = organiser_client.post(copy_url(tonight), {"source": foreign.pk})
    assert response.status_code == 200
    assert response.context["form"].errors["source"]
    assert Entry.objects.filter(event=tonight).count() == 1


def test_melee_tonight_has_nothing_to_copy(organiser_client, weeks):
    last, tonight, *_ = weeks
    tonight.team_mode = "melee"
    tonight.pairing_methods = ["melee"]
    tonight.save()
    response = organiser_client.post(copy_url(tonight), {"source": last.pk})
    assert "played in mêlée" in " ".join(response.context["form"].errors["source"])
    assert Entry.objects.filter(event=tonight).count() == 1


def test_other_clubs_organiser_gets_404(client, weeks):
    last, tonight, *_ = weeks
    client.force_login(MembershipFactory().user)
    assert client.post(copy_url(tonight), {"source": last.pk}).status_code == 404
    assert Entry.objects.filter(event=tonight).count() == 1


@pytest.mark.parametrize("source", ["abc", "", "99999999999999999999", "-3"])
def test_a_bad_source_is_named_not_a_500(organiser_client, weeks, source):
    _last, tonight, *_ = weeks
    for response in (
        organiser_client.get(copy_url(tonight), {"source": source}),
        organiser_client.post(copy_url(tonight), {"source": source}),
    ):
        assert response.status_code == 200
        assert response.context["form"].errors["source"]
    assert Entry.objects.filter(event=tonight).count() == 1


def _box(page: str, name: str, value: str | None = None) -> str:
    """The <input> tag of the checkbox `name` (and `value`) in `page`."""
    needle = f'name="{name}"' + (f' value="{value}"' if value is not None else "")
    start = page.index(needle)
    return page[page.rindex("<input", 0, start) : page.index(">", start) + 1]


def test_show_pairs_keeps_the_check_in_box_ticked_and_ticks_every_pair(organiser_client, weeks):
    last, tonight, _gone, guest, _already = weeks
    other = EventFactory(club=tonight.club, slug="vorletzte", date=datetime.date(2026, 11, 16))
    EntryFactory(event=other, number=1)
    page = organiser_client.get(copy_url(tonight), {"source": last.pk}).content.decode()
    assert "checked" in _box(page, "check_in")
    for number in (1, 2):
        pk = Entry.objects.get(event=last, number=number).pk
        assert "checked" in _box(page, "pairs", str(pk))
    assert f'value="{guest.pk}"' not in page  # a skipped pair has no box
    page = organiser_client.get(copy_url(tonight), {"source": other.pk}).content.decode()
    assert "checked" in _box(page, "check_in")


def test_the_whole_flow_enters_the_ticked_pairs_checked_in(organiser_client, weeks):
    """First load, "show the pairs", untick one, enter: the draw then counts the pairs as checked in."""
    last, tonight, *_ = weeks
    organiser_client.get(copy_url(tonight))
    page = organiser_client.get(copy_url(tonight), {"source": last.pk}).content.decode()
    first, second = (Entry.objects.get(event=last, number=n) for n in (1, 2))
    data = {"source": last.pk, "pairs": [second.pk]}
    if "checked" in _box(page, "check_in"):
        data["check_in"] = "on"
    response = organiser_client.post(copy_url(tonight), data)
    assert response.status_code == 302
    copied = Entry.objects.filter(event=tonight).exclude(number=1)
    assert [(e.player_1_id, e.player_2_id) for e in copied] == [(second.player_1_id, second.player_2_id)]
    assert not Entry.objects.filter(event=tonight, player_1=first.player_1).exists()
    assert CheckIn.objects.filter(entry__in=copied, round_number=1, status="present").count() == 1


def test_unticked_check_in_box_enters_the_pairs_not_checked_in(organiser_client, weeks):
    last, tonight, *_ = weeks
    pairs = [e.pk for e in Entry.objects.filter(event=last, number__in=[1, 2])]
    assert organiser_client.post(copy_url(tonight), {"source": last.pk, "pairs": pairs}).status_code == 302
    assert Entry.objects.filter(event=tonight).count() == 3
    assert not CheckIn.objects.filter(entry__event=tonight, entry__number__gt=1).exists()


def test_no_pair_ticked_is_refused_and_the_boxes_stay_as_sent(organiser_client, weeks):
    last, tonight, *_ = weeks
    response = organiser_client.post(copy_url(tonight), {"source": last.pk})
    assert response.status_code == 200
    assert "Tick at least one pair" in " ".join(response.context["form"].errors["pairs"])
    page = response.content.decode()
    assert "checked" not in _box(page, "check_in")
    assert "checked" not in _box(page, "pairs", str(Entry.objects.get(event=last, number=1).pk))
    assert Entry.objects.filter(event=tonight).count() == 1


def test_a_ticked_pair_the_plan_skips_is_not_entered(weeks):
    last, tonight, _gone, guest, _already = weeks
    entries = pairs_copy(event=tonight, source=last, only=[guest.pk, Entry.objects.get(event=last, number=2).pk])
    assert [e.number for e in entries] == [2]
