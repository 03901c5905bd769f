"""`manage.py simulate_event`: a whole throwaway event, drawn round by round with random but valid results.

    manage.py simulate_event --entries 60 --rounds 4 --method random,swiss --mode pairs --seed 7 [--rules hoheluft]
                             [--tables] [--keep]

    manage.py simulate_event --club hoheluft --players 3,4,5,6 --season 2 --date 2026-10-05 --rounds 3 ...

Creates its own club, players and event (or, with `--club`, plays an evening of that club: `--players` in
order, paired two by two in pairs mode, the event in `--season` on `--date`, and kept: a season is played
this way one evening at a time); every round is drawn by the draw manager (`round_draw`), confirmed,
released, filled with random played-out deals (`scoring.rules.random_game`, scored by `score_game`) stored as
confirmed Sheet + Deal rows in bulk, closed, and the standings snapshot the next Swiss draw reads is
recomputed by the standings engine (`scoring.standings.store.standings_recompute_now`). Prints ONE JSON object:

    {"rounds": [{"round": 1, "games": 30, "byes": 0, "rematches": 0, "repeated_partners": 0,
                 "max_score_gap": 0, "seconds": 0.01, ...}, ...], ...}

`rematches`/`repeated_partners` are counted here from the stored games against all earlier rounds (not taken
from the generator's own report); `seconds` is the draw (load, generate, store); `round_seconds` the whole
round. The event (and its club) is deleted at the end unless `--keep`. Lives in `scoring` because it writes
sheets (scoring builds on tournaments, never the reverse).
"""

from __future__ import annotations

import datetime
import json
import random
import secrets
import time
from collections import Counter

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from scoring.engine import CACHE_FIELDS, cache_result
from scoring.models import Deal, Sheet
from scoring.rules import list_presets, random_game, score_game
from scoring.standings.store import standings_recompute_now
from tournaments import services
from tournaments.exceptions import TournamentError
from tournaments.models import CheckIn, Club, Entry, Event, Game, Player, Round, Season, Table

FIRST_NAMES = ["Anke", "Jürgen", "Sylvie", "Pierre", "Heike", "Klaus", "Nathalie", "Michel", "Ute", "Thierry"]
LAST_NAMES = ["Hansen", "Petersen", "Moreau", "Lefèvre", "Brandt", "Krüger", "Garnier", "Fabre", "Vogt", "Girard"]
MODES = {"pairs": Event.TeamMode.PAIRS, "melee": Event.TeamMode.MELEE}
MAX_ENTRIES = 2000
MAX_ROUNDS = 30


def simulated_club(tag: str, rng: random.Random, count: int) -> tuple[Club, list[Player]]:
    """A club named after `tag` with `count` made-up players (named in full on the simulation's public pages)."""
    club = Club.objects.create(slug=tag, name=f"Simulation {tag}", city="")
    players = Player.objects.bulk_create(
        [
            Player(
                club=club,
                first_name=rng.choice(FIRST_NAMES),
                last_name=f"{rng.choice(LAST_NAMES)} {n}",
                publication=Player.Publication.FULL,
            )
            for n in range(count)
        ]
    )
    return club, players


class Command(BaseCommand):
    help = "Simulate a whole event (draw every round, random valid results) and print draw figures as JSON."

    def add_arguments(self, parser):
        parser.add_argument("--entries", type=int, default=None, help="entries: pairs, or players in mêlée")
        parser.add_argument("--club", default=None, help="an existing club's slug: play with its players, keep")
        parser.add_argument("--players", default=None, help="with --club: the players' ids, comma-separated")
        parser.add_argument("--season", type=int, default=None, help="with --club: the season's id")
        parser.add_argument("--date", default=None, help="with --club: the evening's date, YYYY-MM-DD")
        parser.add_argument("--rounds", type=int, required=True)
        parser.add_argument(
            "--method", required=True, help="pairing method, or one per round comma-separated (the last repeats)"
        )
        parser.add_argument("--mode", choices=sorted(MODES), default="pairs")
        parser.add_argument("--seed", type=int, default=None, help="seed of everything random (default: random)")
        parser.add_argument("--rules", default="hoheluft", help="rule-set preset (default hoheluft)")
        parser.add_argument("--deals", type=int, default=None, help="deals per game (default: the preset's length)")
        parser.add_argument("--tables", action="store_true", help="create numbered tables (one per game)")
        parser.add_argument("--keep", action="store_true", help="keep the event instead of deleting it")

    def handle(self, *args, **options):
        config = self._check(options)
        rng = random.Random(config["seed"])
        event = self._create(config, rng)
        report = {
            "event": {"id": event.pk, "club": event.club.slug, "slug": event.slug, "kept": config["keep"]},
            "entries": config["entries"],
            "mode": options["mode"],
            "methods": config["methods"],
            "rules": config["rules"],
            "seed": config["seed"],
            "standings": "scoring.standings.store.standings_recompute_now",
            "rounds": [],
        }
        started = time.perf_counter()
        try:
            history = _Meetings(melee=config["mode"] == Event.TeamMode.MELEE)
            for number in range(1, config["rounds"] + 1):
                report["rounds"].append(self._round(event, number, rng, config, history))
        except TournamentError as exc:
            self._cleanup(event, config["keep"])
            raise CommandError(
                gettext("Round %(round)d: %(error)s") % {"round": len(report["rounds"]) + 1, "error": exc}
            ) from exc
        report["seconds"] = round(time.perf_counter() - started, 3)
        self._cleanup(event, config["keep"])
        self.stdout.write(json.dumps(report, ensure_ascii=False))

    # --- arguments ------------------------------------------------------------------------------------

    def _check(self, options) -> dict:
        mode = MODES[options["mode"]]
        minimum = 4 if mode == Event.TeamMode.MELEE else 2
        club = self._club(options, mode)
        entries, rounds = options["entries"], options["rounds"]
        if club is not None:
            entries = len(club["players"]) // (1 if mode == Event.TeamMode.MELEE else 2)
        if entries is None:
            raise CommandError(gettext("--entries is needed (or --club with --players)."))
        if not minimum <= entries <= MAX_ENTRIES:
            raise CommandError(
                gettext("--%(option)s must be from %(low)d to %(high)d, got %(value)d.")
                % {"option": "entries", "low": minimum, "high": MAX_ENTRIES, "value": entries}
            )
        if not 1 <= rounds <= MAX_ROUNDS:
            raise CommandError(
                gettext("--%(option)s must be from %(low)d to %(high)d, got %(value)d.")
                % {"option": "rounds", "low": 1, "high": MAX_ROUNDS, "value": rounds}
            )
        methods = [m.strip() for m in options["method"].split(",") if m.strip()]
        allowed = ("melee",) if mode == Event.TeamMode.MELEE else ("random", "swiss", "round_robin")
        wrong = [m for m in methods if m not in allowed]
        if not methods or wrong:
            raise CommandError(
                gettext(
                    "--method %(given)s: --mode %(mode)s allows %(allowed)s (one, or one per round, comma-separated)."
                )
                % {"given": options["method"], "mode": options["mode"], "allowed": ", ".join(allowed)}
            )
        if len(methods) > rounds:
            raise CommandError(
                ngettext(
                    "--method lists %(methods)d methods for %(rounds)d round.",
                    "--method lists %(methods)d methods for %(rounds)d rounds.",
                    rounds,
                )
                % {"methods": len(methods), "rounds": rounds}
            )
        presets = [p["name"] for p in list_presets()]
        if options["rules"] not in presets:
            raise CommandError(
                gettext("--rules %(rules)s is not a preset; choose from %(presets)s.")
                % {"rules": options["rules"], "presets": ", ".join(presets)}
            )
        rules_options = {}
        if options["deals"] is not None:
            if not 1 <= options["deals"] <= 100:
                raise CommandError(
                    gettext("--%(option)s must be from %(low)d to %(high)d, got %(value)d.")
                    % {"option": "deals", "low": 1, "high": 100, "value": options["deals"]}
                )
            rules_options["deals"] = options["deals"]
        seed = options["seed"] if options["seed"] is not None else secrets.randbelow(2**31)
        if seed < 0:
            raise CommandError(gettext("--seed must be 0 or more, got %(value)d.") % {"value": seed})
        return {
            "mode": mode,
            "entries": entries,
            "rounds": rounds,
            "methods": methods,
            "rules": options["rules"],
            "rules_options": rules_options,
            "seed": seed,
            "tables": options["tables"],
            "club": club,
            "keep": options["keep"] or club is not None,
        }

    def _club(self, options, mode) -> dict | None:
        """--club, --players, --season, --date checked: the club, its players in order, season and date."""
        if options["club"] is None:
            if options["players"] or options["season"] or options["date"]:
                raise CommandError(gettext("--players, --season and --date go with --club."))
            return None
        club = Club.objects.filter(slug=options["club"]).first()
        if club is None:
            raise CommandError(gettext("--club %(club)s: no such club.") % {"club": options["club"]})
        try:
            ids = [int(x) for x in (options["players"] or "").split(",") if x.strip()]
        except ValueError as exc:
            raise CommandError(
                gettext("--players %(given)s: give player ids, comma-separated.") % {"given": options["players"]}
            ) from exc
        found = {p.pk: p for p in Player.objects.filter(club=club, pk__in=ids)}
        missing = [i for i in ids if i not in found]
        if missing or len(set(ids)) != len(ids):
            if missing:
                raise CommandError(
                    gettext("--players: %(ids)s are not players of the club %(club)s.")
                    % {"ids": ", ".join(str(i) for i in missing), "club": club.name}
                )
            raise CommandError(gettext("--players: a player id is given twice."))
        per_entry = 1 if mode == Event.TeamMode.MELEE else 2
        if len(ids) % per_entry or len(ids) < 4:
            raise CommandError(
                gettext("--players: %(count)d players do not make whole entries of %(size)d (and at least 4).")
                % {"count": len(ids), "size": per_entry}
            )
        season = None
        if options["season"] is not None:
            season = Season.objects.filter(pk=options["season"], club=club).first()
            if season is None:
                raise CommandError(
                    gettext("--season %(season)s: no season of the club %(club)s.")
                    % {"season": options["season"], "club": club.name}
                )
        try:
            date = datetime.date.fromisoformat(options["date"]) if options["date"] else timezone.localdate()
        except ValueError as exc:
            raise CommandError(
                gettext("--date %(given)s: give a date as YYYY-MM-DD.") % {"given": options["date"]}
            ) from exc
        return {"club": club, "players": [found[i] for i in ids], "season": season, "date": date}

    # --- set-up ---------------------------------------------------------------------------------------

    def _create(self, config, rng: random.Random) -> Event:
        """A club, its players, the event, its entries (checked in for round 1) and tables, in bulk."""
        tag = f"sim-{secrets.token_hex(4)}"
        melee = config["mode"] == Event.TeamMode.MELEE
        given = config["club"]
        with transaction.atomic():
            per_entry = 1 if melee else 2
            if given is not None:
                club, players = given["club"], given["players"]
            else:
                club, players = simulated_club(tag, rng, config["entries"] * per_entry)
            try:
                event = services.event_create(
                    club=club,
                    data={
                        "name": f"Simulation {tag}",
                        "slug": tag,
                        "season": given["season"] if given else None,
                        "date": given["date"] if given else timezone.localdate(),
                        "team_mode": config["mode"],
                        "rounds": config["rounds"],
                        "pairing_methods": config["methods"],
                        "rules_preset": config["rules"],
                        "rules_options": config["rules_options"],
                    },
                )
            except Exception as exc:
                raise CommandError(gettext("The event cannot be created: %(error)s") % {"error": exc}) from exc
            entries = Entry.objects.bulk_create(
                [
                    Entry(
                        event=event,
                        number=n + 1,
                        player_1=players[n * per_entry],
                        player_2=None if melee else players[n * per_entry + 1],
                    )
                    for n in range(config["entries"])
                ]
            )
            CheckIn.objects.bulk_create([CheckIn(entry=e, round_number=1) for e in entries])
            if config["tables"]:
                count = config["entries"] // (4 if melee else 2)
                Table.objects.bulk_create([Table(event=event, number=n) for n in range(1, count + 1)])
        return event

    # --- one round ------------------------------------------------------------------------------------

    def _round(self, event: Event, number: int, rng: random.Random, config, history: _Meetings) -> dict:
        start = time.perf_counter()
        round = services.round_draw(event=event, number=number, seed=rng.randrange(2**53))
        drawn = time.perf_counter()
        services.round_confirm(round=round)
        round = services.round_release(round=round)
        event.refresh_from_db()
        games = list(Game.objects.filter(round=round))
        counts = history.add(games)
        self._results(event, round, games, rng, config)
        services.round_close(round=round)
        standings_recompute_now(event_id=event.pk)
        quality = round.quality or {}
        flags = Counter()
        for game in games:
            flags.update(game.flags)
        return {
            "round": number,
            "method": round.method,
            "games": sum(1 for g in games if not g.is_bye),
            "byes": sum(1 for g in games if g.is_bye),
            "rematches": counts["rematches"],
            "repeated_partners": counts["repeated_partners"],
            "max_score_gap": quality.get("max_score_gap", 0),
            "same_club": quality.get("same_club", 0),
            "flags": dict(flags),
            "seconds": round_seconds(drawn - start),
            "round_seconds": round_seconds(time.perf_counter() - start),
        }

    def _results(self, event: Event, round: Round, games: list[Game], rng: random.Random, config) -> None:
        """Random played-out deals for every table, scored by the rules engine; confirmed sheets in bulk."""
        rules = event.rules
        preset, options = rules["rules"], dict(rules.get("options") or {})
        sheets = {s.game_id: s for s in Sheet.objects.filter(game__round=round)}
        now = timezone.now()
        new_sheets, deals = [], []
        for game in games:
            if game.is_bye:
                continue
            played = random_game(rng, preset, options)
            result = score_game({"rules": preset, "options": options, "deals": played["deals"]})
            if not result["valid"]:  # the dealer only plays valid deals; anything else is a bug
                raise CommandError(
                    gettext("Invalid random game at table %(table)d: %(errors)s")
                    % {"table": game.table_number, "errors": result["errors"]}
                )
            sheet = sheets.get(game.pk)
            if sheet is None:
                sheet = Sheet(game=game)
                new_sheets.append(sheet)
            cache_result(sheet, result, len(played["deals"]))
            sheet.status = Sheet.Status.CONFIRMED
            sheet.submitted_at = sheet.confirmed_at = now
            sheet.version += 1
            sheets[game.pk] = sheet
            deals.append((sheet, played["deals"]))
        with transaction.atomic():
            Sheet.objects.bulk_create(new_sheets)
            Sheet.objects.bulk_update(
                [s for s in sheets.values() if s not in new_sheets],
                [*CACHE_FIELDS, "status", "submitted_at", "confirmed_at", "version"],
            )
            Deal.objects.bulk_create(
                [Deal(sheet=sheet, position=i, data=data) for sheet, played in deals for i, data in enumerate(played)],
                batch_size=5000,
            )

    def _cleanup(self, event: Event, keep: bool) -> None:
        if keep:
            return
        club = event.club
        with transaction.atomic():
            # Games protect their entries: remove them (and their sheets) first.
            Game.objects.filter(round__event=event).delete()
            event.delete()
            club.delete()


def round_seconds(value: float) -> float:
    return round(value, 4)


class _Meetings:
    """Who met whom so far, counted from the stored games (an independent check of the draw's quality)."""

    def __init__(self, *, melee: bool):
        self.melee = melee
        self.opponents: set[frozenset[int]] = set()
        self.partners: set[frozenset[int]] = set()

    def add(self, games: list[Game]) -> dict[str, int]:
        rematches = repeated = 0
        opponents, partners = set(), set()
        for game in games:
            if game.is_bye:
                continue
            side_a = [e for e in (game.entry_a_id, game.entry_a_partner_id) if e]
            side_b = [e for e in (game.entry_b_id, game.entry_b_partner_id) if e]
            if self.melee:
                crossing = [frozenset((a, b)) for a in side_a for b in side_b]
                rematches += sum(pair in self.opponents for pair in crossing)
                together = [frozenset(side_a), frozenset(side_b)]
                repeated += sum(pair in self.partners for pair in together)
                opponents.update(crossing)
                partners.update(together)
            else:
                pair = frozenset((side_a[0], side_b[0]))
                rematches += pair in self.opponents
                opponents.add(pair)
        self.opponents |= opponents
        self.partners |= partners
        return {"rematches": rematches, "repeated_partners": repeated}
