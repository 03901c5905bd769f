"""`manage.py load_demo`: a Hoheluft club evening to click through.

Idempotent: members, season and tables are found or made; tonight's demo event is rebuilt from scratch with
the same seed each run, so two runs give the same demo. The organiser account `organiser` gets a new random
password on every run, printed once here (never stored anywhere else).
"""

from __future__ import annotations

import datetime
import os
import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction
from django.urls import NoReverseMatch, reverse
from django.utils import timezone

from tournaments import services
from tournaments.models import Club, Event, Game, Membership, Player, Season, Table

CLUB = {"slug": "hoheluft", "name": "Belote-Club Hoheluft", "city": "Hamburg"}
EVENT_SLUG = "clubabend"
SEED = 20261130

# 24 members: the Hoheluft mix of Hamburg regulars and French club friends. Two come as guests.
MEMBERS = [
    ("Jürgen", "Bockelmann", ""),
    ("Anke", "Hansen", ""),
    ("Heike", "Petersen", ""),
    ("Klaus", "Timmermann", ""),
    ("Ute", "Brandt", ""),
    ("Dieter", "Krüger", ""),
    ("Sabine", "Wolter", ""),
    ("Hans-Peter", "Lüders", ""),
    ("Gisela", "Schröder", ""),
    ("Matthias", "Vogt", ""),
    ("Birgit", "Ehlers", ""),
    ("Uwe", "Stahmer", ""),
    ("Karin", "Jessen", ""),
    ("Rolf", "Harms", ""),
    ("Jean-Luc", "Moreau", ""),
    ("Sylvie", "Lefèvre", ""),
    ("Pierre", "Garnier", ""),
    ("Nathalie", "Rousseau", ""),
    ("Michel", "Fabre", ""),
    ("Catherine", "Dubois", ""),
    ("Thierry", "Lambert", ""),
    ("Brigitte", "Mercier", ""),
    ("Philippe", "Girard", "Belote-Freunde Eimsbüttel"),
    ("Isabelle", "Fontaine", "Belote-Freunde Eimsbüttel"),
]
TEAM_NAMES = {1: "Die Elbsegler", 4: "Les Copains", 7: "Kreuz Bube", 10: "Belote & Rebelote"}
TABLES = [(1, "am Eingang", True), *((n, "", False) for n in range(2, 6)), (6, "Fensterplatz", False)]


class Command(BaseCommand):
    help = "Load the Hoheluft demo evening (idempotent) and print the organiser login and useful links."

    def add_arguments(self, parser):
        parser.add_argument(
            "--base-url", default=settings.SITE_URL or f"http://127.0.0.1:{os.environ.get('PORT', '8000')}"
        )

    def handle(self, *args, base_url: str, **options):
        password = secrets.token_urlsafe(12)
        with transaction.atomic():
            club, user = self._club_and_organiser(password)
            players = self._members(club)
            season = self._season(club)
            event = self._evening(club, season, players)
        self._report(base_url.rstrip("/"), club, event, user, password)

    def _club_and_organiser(self, password: str):
        club, _ = Club.objects.update_or_create(
            slug=CLUB["slug"], defaults={"name": CLUB["name"], "city": CLUB["city"]}
        )
        User = get_user_model()
        user, _ = User.objects.get_or_create(username="organiser", defaults={"email": "organiser@example.org"})
        # The demo's one account also opens the admin; its password is new on every run.
        user.is_staff = True
        user.is_superuser = True
        user.set_password(password)
        user.save()
        Membership.objects.get_or_create(user=user, club=club, defaults={"role": Membership.Role.ORGANISER})
        Membership.objects.filter(user=user, club=club).update(role=Membership.Role.ORGANISER)
        return club, user

    def _members(self, club: Club) -> list[Player]:
        existing = {(p.first_name, p.last_name): p for p in Player.objects.filter(club=club)}
        missing = [
            # The demo's people are made up, and named in full (as the club's members who agreed would be).
            Player(
                club=club,
                first_name=first,
                last_name=last,
                is_guest=bool(home),
                home_club=home,
                publication=Player.Publication.FULL,
            )
            for first, last, home in MEMBERS
            if (first, last) not in existing
        ]
        Player.objects.bulk_create(missing)
        by_name = {(p.first_name, p.last_name): p for p in Player.objects.filter(club=club)}
        return [by_name[(first, last)] for first, last, _home in MEMBERS]

    def _season(self, club: Club) -> Season:
        today = timezone.localdate()
        start = datetime.date(today.year if today.month >= 9 else today.year - 1, 9, 1)
        season, _ = Season.objects.get_or_create(
            club=club,
            name=f"{start.year}/{str(start.year + 1)[-2:]}",
            defaults={"start_date": start, "end_date": datetime.date(start.year + 1, 7, 31)},
        )
        return season

    def _evening(self, club: Club, season: Season, players: list[Player]) -> Event:
        old = Event.objects.filter(club=club, slug=EVENT_SLUG).first()
        if old is not None:
            # Games protect their entries: remove them first, then the event with everything else.
            Game.objects.filter(round__event=old).delete()
            old.delete()
        event = services.event_create(
            club=club,
            data={
                "name": "Clubabend Hoheluft",
                "slug": EVENT_SLUG,
                "season": season,
                "date": timezone.localdate(),
                "venue": "Begegnungsstätte Hoheluft, Hamburg",
                "team_mode": Event.TeamMode.PAIRS,
                "rounds": 4,
                "pairing_methods": ["random", "swiss"],
                "ranking_precedence": ["match_points", "total_points", "point_difference"],
                "rules_preset": "hoheluft",
                "rules_options": {"deals": 12},
                # The README promises each team's deals on the public pages: show them, as a club would.
                "public_sheets": True,
            },
        )
        services.event_open(event=event)
        Table.objects.bulk_create(
            [Table(event=event, number=n, label=label, step_free=step_free) for n, label, step_free in TABLES]
        )
        entries = []
        for index in range(0, len(players), 2):
            number = index // 2 + 1
            entries.append(
                services.entry_create(
                    event=event,
                    player_1=players[index],
                    player_2=players[index + 1],
                    name=TEAM_NAMES.get(number, ""),
                    needs_step_free=number == 5,
                    fixed_table=6 if number == 9 else None,
                    number=number,
                )
            )
        services.checkin_set(event=event, entry_ids=[e.pk for e in entries], round_number=1, status="present")
        round = services.round_draw(event=event, number=1, seed=SEED)
        services.round_confirm(round=round)
        services.round_release(round=round)
        return event

    def _report(self, base: str, club: Club, event: Event, user, password: str) -> None:
        def link(name, **kwargs):
            try:
                return base + reverse(name, kwargs=kwargs)
            except NoReverseMatch:
                return None

        e = {"club_slug": club.slug, "event_slug": event.slug}
        # Table 1's sheet is confirmed by load_demo_scores: its first team has deals to show.
        team = Game.objects.filter(round__event=event, table_number=1).values_list("entry_a__number", flat=True)[0]
        lines = [
            ("Log in", link("login")),
            ("Organiser home", link("tournaments:clubs")),
            ("Club", link("tournaments:club", club_slug=club.slug)),
            ("Tonight's event", link("tournaments:event", **e)),
            ("Round 1 (released)", link("tournaments:round", **e, number=1)),
            ("Round 1 by table (print)", link("tournaments:round_print_tables", **e, number=1)),
            ("Round 1 by name (print)", link("tournaments:round_print_names", **e, number=1)),
            ("Check-in round 2", link("tournaments:checkin", **e, number=2)),
            ("Results and exports", link("results:page", **e)),
            ("Venue screen (make a link)", link("desk:venue_links", **e)),
            ("Import members", link("tournaments:member_import", club_slug=club.slug)),
            ("Invite a co-organiser", link("tournaments:organisers", club_slug=club.slug)),
            ("Public draw", link("public:draw", **e)),
            ("Public standings", link("public:standings", **e)),
            ("A team's deals (public)", link("public:entry", **e, number=team)),
            ("Admin", link("admin:index")),
            ("API docs", link("api-docs")),
        ]
        out = self.stdout
        out.write(
            self.style.SUCCESS(f"Demo loaded: {club.name}, {event.name} on {event.date}: 12 pairs, round 1 released.")
        )
        out.write(f"  Organiser login: user {user.get_username()}  password {password}  (new on every run)")
        for label, url in lines:
            if url:
                out.write(f"  {label + ':':28} {url}")
