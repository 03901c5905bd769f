"""The demo evening's first round in play: some tables done, one typing, one not started.

Runs after `load_demo` (which builds the club, the event and round 1; tournaments may not import scoring,
so the scores are added here). Deals go through the same services as a referee's phone: typed with side
A's table link, submitted, confirmed with side B's. Idempotent: a second run leaves the sheets as they are.
"""

import os
import random

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext

from scoring.models import Sheet, TableCard, TableLink, TeamLink
from scoring.rules import random_game
from scoring.sheets.links import event_cards_prepare, event_table_numbers
from scoring.sheets.permissions import Actor
from scoring.sheets.rounds import table_links_ensure
from scoring.sheets.services import deal_create, sheet_confirm, sheet_submit
from scoring.standings.store import standings_recompute_now
from tournaments.models import Event, Round

# Tables 1-4 finished and confirmed, table 5 half-way, table 6 not started.
CONFIRMED_TABLES = (1, 2, 3, 4)
TYPING_TABLE, TYPING_DEALS = 5, 5


class Command(BaseCommand):
    help = "Play the demo evening's round 1 part-way (run after load_demo) and print a referee's links."

    def add_arguments(self, parser):
        parser.add_argument("--club", default="hoheluft")
        parser.add_argument("--event", default="clubabend")
        parser.add_argument(
            "--base-url", default=settings.SITE_URL or f"http://127.0.0.1:{os.environ.get('PORT', '8000')}"
        )

    def handle(self, *args, club: str, event: str, base_url: str, **options):
        try:
            the_event = Event.objects.select_related("club").get(club__slug=club, slug=event)
            round_1 = Round.objects.get(event=the_event, number=1)
        except (Event.DoesNotExist, Round.DoesNotExist) as exc:
            raise CommandError(
                gettext("No demo event %(club)s/%(event)s with a round 1: run load_demo first.")
                % {"club": club, "event": event}
            ) from exc
        table_links_ensure(round=round_1)
        links = {
            (link.game.table_number, link.side): link
            for link in TableLink.objects.active().filter(game__round=round_1).select_related("game")
        }
        sheets = {s.game.table_number: s for s in Sheet.objects.filter(game__round=round_1).select_related("game")}
        # The table cards (made once for the evening): side B confirms through its own card, as at a table.
        event_cards_prepare(event=the_event, table_numbers=event_table_numbers(the_event))
        cards = {(c.table_number, c.side): c for c in TableCard.objects.active().filter(event=the_event)}
        rules = the_event.rules
        with transaction.atomic():
            for table, sheet in sorted(sheets.items()):
                if sheet.deal_count or table not in (*CONFIRMED_TABLES, TYPING_TABLE):
                    continue  # already played on an earlier run, or left empty on purpose
                game = random_game(random.Random(1000 + table), rules["rules"], rules["options"])
                deals = game["deals"][:TYPING_DEALS] if table == TYPING_TABLE else game["deals"]
                side_b = (links[(table, "B")], cards[(table, "B")])
                self._type(sheet, deals, links[(table, "A")], side_b, finish=table != TYPING_TABLE)
        standings_recompute_now(event_id=the_event.pk)
        self._report(base_url.rstrip("/"), the_event, round_1, links)

    def _type(
        self, sheet: Sheet, deals: list[dict], side_a: TableLink, side_b: tuple[TableLink, TableCard], *, finish: bool
    ):
        referee = Actor(link=side_a, user_agent="load_demo_scores")
        for number, deal in enumerate(deals):
            sheet = deal_create(
                sheet=sheet, data=deal, version=sheet.version, client_id=f"demo-{sheet.pk}-{number}", actor=referee
            ).sheet
        if finish:
            sheet = sheet_submit(sheet=sheet, version=sheet.version, actor=referee)
            link_b, card_b = side_b
            confirming = Actor(link=link_b, card=card_b, user_agent="load_demo_scores")
            sheet_confirm(sheet=sheet, version=sheet.version, actor=confirming)

    def _report(self, base: str, event: Event, round_1: Round, links: dict) -> None:
        slugs = {"club_slug": event.club.slug, "event_slug": event.slug}
        # The table cards are what the tables scan; a team link follows a team.
        cards = {c.side: c.token for c in TableCard.objects.active().filter(event=event, table_number=TYPING_TABLE)}
        referee = {side: reverse("scoring:referee", args=[cards[side]]) for side in "AB"}
        game = links[(TYPING_TABLE, "A")].game
        team = TeamLink.objects.active().filter(entry_id=game.entry_a_id).first()
        rows = [
            (gettext("Referee, table %(table)d card (typing)") % {"table": TYPING_TABLE}, referee["A"]),
            (gettext("Other side, table %(table)d card") % {"table": TYPING_TABLE}, referee["B"]),
            (gettext("A team's link (where we play)"), reverse("scoring:team", args=[team.token])),
            (gettext("Round 1 score sheets"), reverse("desk:round", kwargs={**slugs, "number": round_1.number})),
            (gettext("Table cards (print once)"), reverse("desk:event-cards", kwargs=slugs)),
            (gettext("Live standings"), reverse("public:standings", kwargs=slugs)),
            (gettext("Score calculator"), reverse("public:calculator")),
        ]
        self.stdout.write(
            gettext("Round 1: tables %(confirmed)s confirmed, table %(typing)d typing, the others not started.")
            % {"confirmed": ", ".join(map(str, CONFIRMED_TABLES)), "typing": TYPING_TABLE}
        )
        for label, path in rows:
            self.stdout.write(f"  {label + ':':<32} {base}{path}")
