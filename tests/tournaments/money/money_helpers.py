"""What the money tests share: an evening with a fee, and the money pages' addresses."""

from django.urls import reverse

from tests.factories import EntryFactory, EventFactory, PlayerFactory
from tournaments import services
from tournaments.services.money import event_fee_set


def evening(club, size: int = 6, *, user=None, season=None, **fee):
    """An event of `size` pairs of guests, checked in for round 1, with a fee (10 € per player by default)."""
    event = EventFactory(club=club, season=season)
    entries = [
        EntryFactory(
            event=event,
            number=n,
            player_1=PlayerFactory(club=club, is_guest=True),
            player_2=PlayerFactory(club=club, is_guest=True),
        )
        for n in range(1, size + 1)
    ]
    services.checkin_set(event=event, entry_ids=[e.pk for e in entries], round_number=1, status="present")
    event_fee_set(event=event, user=user, **{"amount": "10", "per": "player", **fee})
    return event, entries


def money_url(name, event, **kwargs):
    return reverse(f"tournaments:{name}", kwargs={"club_slug": event.club.slug, "event_slug": event.slug, **kwargs})


def file_url(name, event):
    return reverse(f"results:{name}", kwargs={"club_slug": event.club.slug, "event_slug": event.slug})


def pay(client, event, number, **data):
    return client.post(money_url("payment_add", event), {"entry": number, "kind": "payment", "way": "cash", **data})
