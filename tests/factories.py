"""factory_boy factories for every model. Tests create what they need directly, pretix-style."""

import datetime

import factory
from django.contrib.auth import get_user_model
from factory.django import DjangoModelFactory

from scoring.models import Adjustment, Deal, Sheet, TableLink
from tournaments.models import CheckIn, Club, Entry, Event, Game, Membership, Player, Round, Season, Table


class UserFactory(DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.org")
    password = factory.django.Password("correct horse battery staple")


class ClubFactory(DjangoModelFactory):
    class Meta:
        model = Club

    slug = factory.Sequence(lambda n: f"club-{n}")
    name = factory.Sequence(lambda n: f"Belote Club {n}")
    city = "Hamburg"


class MembershipFactory(DjangoModelFactory):
    class Meta:
        model = Membership

    user = factory.SubFactory(UserFactory)
    club = factory.SubFactory(ClubFactory)
    role = Membership.Role.ORGANISER


class PlayerFactory(DjangoModelFactory):
    class Meta:
        model = Player

    club = factory.SubFactory(ClubFactory)
    first_name = factory.Sequence(lambda n: f"Vorname{n}")
    last_name = factory.Sequence(lambda n: f"Nachname{n}")
    # The tests' people agreed to be named in full (a new member's default is initials: test_member_consent).
    publication = Player.Publication.FULL


class SeasonFactory(DjangoModelFactory):
    class Meta:
        model = Season

    club = factory.SubFactory(ClubFactory)
    name = "2026/27"
    start_date = datetime.date(2026, 9, 1)
    end_date = datetime.date(2027, 7, 31)


class EventFactory(DjangoModelFactory):
    class Meta:
        model = Event

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"Clubabend {n}")
    slug = factory.Sequence(lambda n: f"abend-{n}")
    date = datetime.date(2026, 11, 30)
    venue = "Begegnungsstätte Hoheluft"
    rules_preset = "hoheluft"
    rules_options = factory.LazyFunction(lambda: {"deals": 12})
    rounds = 4
    pairing_methods = factory.LazyFunction(lambda: ["random", "swiss"])
    ranking_precedence = factory.LazyFunction(lambda: ["match_points", "total_points", "point_difference"])


class EntryFactory(DjangoModelFactory):
    """A fixed pair by default; pass player_2=None for a mêlée entry."""

    class Meta:
        model = Entry

    event = factory.SubFactory(EventFactory)
    number = factory.Sequence(lambda n: n + 1)
    player_1 = factory.SubFactory(PlayerFactory, club=factory.SelfAttribute("..event.club"))
    player_2 = factory.SubFactory(PlayerFactory, club=factory.SelfAttribute("..event.club"))


class CheckInFactory(DjangoModelFactory):
    class Meta:
        model = CheckIn

    entry = factory.SubFactory(EntryFactory)
    round_number = 1


class TableFactory(DjangoModelFactory):
    class Meta:
        model = Table

    event = factory.SubFactory(EventFactory)
    number = factory.Sequence(lambda n: n + 1)


class RoundFactory(DjangoModelFactory):
    class Meta:
        model = Round

    event = factory.SubFactory(EventFactory)
    number = 1
    method = "random"
    seed = 42
    status = Round.Status.RELEASED


class GameFactory(DjangoModelFactory):
    class Meta:
        model = Game

    round = factory.SubFactory(RoundFactory)
    table_number = factory.Sequence(lambda n: n + 1)
    entry_a = factory.SubFactory(EntryFactory, event=factory.SelfAttribute("..round.event"))
    entry_b = factory.SubFactory(EntryFactory, event=factory.SelfAttribute("..round.event"))
    first_dealer = "N"
    seats = factory.LazyAttribute(
        lambda g: {
            "N": g.entry_a.player_1_id,
            "S": g.entry_a.player_2_id,
            "E": g.entry_b.player_1_id,
            "W": g.entry_b.player_2_id,
        }
    )


class SheetFactory(DjangoModelFactory):
    class Meta:
        model = Sheet

    game = factory.SubFactory(GameFactory)


class DealFactory(DjangoModelFactory):
    class Meta:
        model = Deal

    sheet = factory.SubFactory(SheetFactory)
    position = factory.Sequence(lambda n: n)
    data = factory.LazyFunction(
        lambda: {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 70}, "last_trick": "A"}
    )


class TableLinkFactory(DjangoModelFactory):
    class Meta:
        model = TableLink

    game = factory.SubFactory(GameFactory)
    side = "A"


class AdjustmentFactory(DjangoModelFactory):
    class Meta:
        model = Adjustment

    event = factory.SubFactory(EventFactory)
    entry = factory.SubFactory(EntryFactory, event=factory.SelfAttribute("..event"))
    match_points = -1
    reason = "Late arrival"


from tournaments.models import Standing  # noqa: E402  (appended with its factory)


class StandingFactory(DjangoModelFactory):
    """A standings snapshot row (normally written by scoring's task); set rank and match_points per test."""

    class Meta:
        model = Standing

    event = factory.SubFactory(EventFactory)
    entry = factory.SubFactory(EntryFactory, event=factory.SelfAttribute("..event"))
    round_number = 1
    rank = factory.Sequence(lambda n: n + 1)
