"""`manage.py simulate_season`: a whole mêlée season of one club, every evening played by `simulate_event`.

    manage.py simulate_season --evenings 20 --players 40 --rounds 4 --seed 1 [--absent 6] [--forbidden 3]
                              [--rules hoheluft] [--deals 4] [--keep]

Creates a club of `--players` players, `--forbidden` forbidden partner pairings among them and a season, then
plays `--evenings` weekly mêlée evenings of `--rounds` rounds in it, each through `simulate_event --club`
(so through the draw manager, `round_draw`: the season's earlier partners and opponents and the club's
forbidden pairings reach every draw as in production, `tournaments.draws.season.with_season`; deals played,
rounds closed, standings recomputed). With `--absent K` each evening a random 0 to K players stay at home.
Prints ONE JSON object: the evenings (date, players present, games, byes, draw seconds) and the season's
draw quality, counted from the stored games' seats by `tournaments.pairing.season_quality.season_quality`
(the count of `bench/season_draw_bench.py`): partner repeats and the fewest possible, most often partnered,
first evening with a repeat, repeats while avoidable, within-evening repeats, opponent repeats, forbidden
partnerships, and the draw time (load, generate, store) median and largest. The club, its season and
evenings are deleted at the end unless `--keep`.
"""

from __future__ import annotations

import datetime
import io
import json
import random
import secrets
import time

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils.translation import gettext

from scoring.management.commands.simulate_event import MAX_ROUNDS, simulated_club
from scoring.rules import list_presets
from tournaments.models import Club, Event, ForbiddenPairing, Game, Player, Season
from tournaments.pairing.season_quality import SeasonGame, season_quality

MAX_EVENINGS = 60
MAX_PLAYERS = 400
MIN_PLAYERS = 4
FIRST_EVENING = datetime.date(2030, 9, 2)


class Command(BaseCommand):
    help = "Simulate a mêlée season of one club (every evening by simulate_event) and print its draw quality."

    def add_arguments(self, parser):
        parser.add_argument("--evenings", type=int, required=True, help="evenings of the season")
        parser.add_argument("--players", type=int, required=True, help="players of the club")
        parser.add_argument("--rounds", type=int, default=4, help="mêlée rounds an evening (default 4)")
        parser.add_argument("--absent", type=int, default=0, help="each evening 0 to this many players stay home")
        parser.add_argument("--forbidden", type=int, default=0, help="forbidden partner pairings in the club")
        parser.add_argument("--seed", type=int, default=None, help="seed of everything random (default: random)")
        parser.add_argument("--rules", default="hoheluft", help="rule-set preset (default hoheluft)")
        parser.add_argument("--deals", type=int, default=None, help="deals per game (default: the preset's length)")
        parser.add_argument("--keep", action="store_true", help="keep the club, its season and evenings")

    def handle(self, *args, **options):
        config = self._check(options)
        rng = random.Random(config["seed"])
        club, season, players, never = self._create(config, rng)
        started = time.perf_counter()
        evenings = []
        try:
            for n in range(config["evenings"]):
                evenings.append(self._evening(club, season, players, n, rng, config))
            figures = self._figures(season, config, evenings, never)
        finally:
            if not config["keep"]:
                self._cleanup(club)
        report = {
            "club": club.slug,
            "season": {"id": season.pk, "kept": config["keep"]},
            "players": config["players"],
            "rounds": config["rounds"],
            "absent": config["absent"],
            "forbidden": len(never),
            "seed": config["seed"],
            "draw": "tournaments.draws.manager via simulate_event",
            "evenings": evenings,
            "figures": figures,
            "seconds": round(time.perf_counter() - started, 3),
        }
        self.stdout.write(json.dumps(report, ensure_ascii=False))

    # --- arguments ------------------------------------------------------------------------------------

    def _check(self, options) -> dict:
        def bounded(name: str, low: int, high: int) -> int:
            value = options[name]
            if not low <= value <= high:
                raise CommandError(
                    gettext("--%(option)s must be from %(low)d to %(high)d, got %(value)d.")
                    % {"option": name, "low": low, "high": high, "value": value}
                )
            return value

        evenings = bounded("evenings", 1, MAX_EVENINGS)
        players = bounded("players", MIN_PLAYERS, MAX_PLAYERS)
        rounds = bounded("rounds", 1, MAX_ROUNDS)
        absent = bounded("absent", 0, players - MIN_PLAYERS)
        forbidden = bounded("forbidden", 0, players // 2)
        if options["deals"] is not None:
            bounded("deals", 1, 100)
        presets = [p["name"] for p in list_presets()]
        if options["rules"] not in presets:
            raise CommandError(
                gettext("--rules %(rules)s is not a preset; choose from %(presets)s.")
                % {"rules": options["rules"], "presets": ", ".join(presets)}
            )
        seed = options["seed"] if options["seed"] is not None else secrets.randbelow(2**31)
        if seed < 0:
            raise CommandError(gettext("--seed must be 0 or more, got %(value)d.") % {"value": seed})
        return {
            "evenings": evenings,
            "players": players,
            "rounds": rounds,
            "absent": absent,
            "forbidden": forbidden,
            "seed": seed,
            "rules": options["rules"],
            "deals": options["deals"],
            "keep": options["keep"],
        }

    # --- set-up ---------------------------------------------------------------------------------------

    def _create(self, config, rng: random.Random) -> tuple[Club, Season, list[Player], list[tuple[int, int]]]:
        """The club, its players, the forbidden partner pairings (disjoint pairs) and the season, in bulk."""
        tag = f"sim-{secrets.token_hex(4)}"
        last = FIRST_EVENING + datetime.timedelta(weeks=config["evenings"] - 1)
        with transaction.atomic():
            club, players = simulated_club(tag, rng, config["players"])
            chosen = rng.sample([p.pk for p in players], 2 * config["forbidden"])
            never = sorted((min(a, b), max(a, b)) for a, b in zip(chosen[::2], chosen[1::2], strict=True))
            ForbiddenPairing.objects.bulk_create(
                [
                    ForbiddenPairing(club=club, player_a_id=a, player_b_id=b, kind=ForbiddenPairing.Kind.PARTNERS)
                    for a, b in never
                ]
            )
            season = Season.objects.create(club=club, name=f"Simulation {tag}", start_date=FIRST_EVENING, end_date=last)
        return club, season, players, never

    # --- one evening ----------------------------------------------------------------------------------

    def _evening(self, club: Club, season: Season, players: list[Player], n: int, rng: random.Random, config) -> dict:
        """Evening `n` (from 0) played by `simulate_event --club`: its summary row."""
        home = rng.randint(0, config["absent"])
        present = sorted(rng.sample([p.pk for p in players], len(players) - home))
        date = FIRST_EVENING + datetime.timedelta(weeks=n)
        extra = {"deals": config["deals"]} if config["deals"] is not None else {}
        out = io.StringIO()
        call_command(
            "simulate_event",
            club=club.slug,
            players=",".join(map(str, present)),
            season=season.pk,
            date=date.isoformat(),
            rounds=config["rounds"],
            method="melee",
            mode="melee",
            seed=rng.randrange(2**31),
            rules=config["rules"],
            stdout=out,
            **extra,
        )
        report = json.loads(out.getvalue())
        rounds = report["rounds"]
        return {
            "evening": n + 1,
            "event": report["event"]["id"],
            "date": date.isoformat(),
            "present": len(present),
            "games": sum(r["games"] for r in rounds),
            "byes": sum(r["byes"] for r in rounds),
            "repeated_partners": sum(r["repeated_partners"] for r in rounds),
            "rematches": sum(r["rematches"] for r in rounds),
            "draw_seconds": [r["seconds"] for r in rounds],
        }

    def _figures(self, season: Season, config, evenings: list[dict], never: list[tuple[int, int]]) -> dict:
        """The season's quality from the stored games' seats (who sat where), evening by evening in order."""
        stored = {e.pk: i for i, e in enumerate(Event.objects.filter(season=season).order_by("date", "pk"))}
        played: list[list[SeasonGame]] = [[] for _ in stored]
        rows = Game.objects.filter(round__event__season=season, is_bye=False).values_list("round__event_id", "seats")
        for event_id, seats in rows.order_by("round__number", "table_number"):
            seat = {key: int(value) for key, value in (seats or {}).items() if value is not None}
            played[stored[event_id]].append(((seat["N"], seat["S"]), (seat["E"], seat["W"])))
        seconds = [s for evening in evenings for s in evening["draw_seconds"]]
        figures = season_quality(
            played, players=config["players"], rounds=config["rounds"], seconds=seconds, never_partners=never
        )
        figures["stored_evenings"] = len(stored)
        return figures

    def _cleanup(self, club: Club) -> None:
        with transaction.atomic():
            # Games protect their entries: remove them (and their sheets) first.
            Game.objects.filter(round__event__club=club).delete()
            Event.objects.filter(club=club).delete()
            club.delete()
