"""The set-up half of the evening bench (bench/evening_bench.py): the Celery processes it starts and stops,
the deals a table types, and the clubs with their evenings, tables, cards and venue screens."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import uuid
from pathlib import Path

from entry_bench import make_round

ROOT = Path(__file__).resolve().parent.parent


def start_celery(env: dict[str, str], directory: Path, *arguments: str) -> subprocess.Popen:
    """`celery -A config <arguments>` in a session of its own (its pool's children share it)."""
    command = [sys.executable, "-m", "celery", "-A", "config", *arguments, "--loglevel=WARNING"]
    log = open(directory / f"{arguments[0]}.log", "w")  # noqa: SIM115 (kept open for the process's life)
    return subprocess.Popen(
        command, cwd=ROOT, env={**os.environ, **env}, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )


def stop(process: subprocess.Popen) -> None:
    try:
        os.killpg(process.pid, 15)
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, 9)
        process.wait(timeout=20)
    except ProcessLookupError:
        pass


def form_of(deal: dict, version: int) -> dict:
    """The deal form's fields (scoring/sheets/forms.py DealForm) for a deal of the rules engine."""
    from scoring.sheets.forms import PASS

    fields: dict = {"version": version, "client_id": uuid.uuid4().hex, "patch": "1"}  # as referee.js sends it
    contract = deal.get("contract")
    if contract is None:  # all passed
        return {**fields, "taker": PASS}
    tricks = deal.get("tricks") or {}
    return {
        **fields,
        "taker": contract["taker"],
        "trump": contract.get("trump") or "",
        "tricks_a": tricks.get("A", ""),
        "tricks_b": tricks.get("B", ""),
        "last_trick": deal.get("last_trick") or "",
        "capot": deal.get("capot") or "",
        "belote": list(deal.get("belote") or []),
        "eldest": deal.get("eldest") or "",
    }


def game_deals(rng: random.Random, deals: int) -> list[dict]:
    """A finished game of `deals` counted deals from the rules engine's dealer: a deal all passed does not
    count (the sheet could not be submitted), so the game goes on, in its order, until `deals` did."""
    from scoring.rules import random_game

    out, counted = [], 0
    for deal in random_game(rng, "hoheluft", {"deals": deals}, deals=deals * 3)["deals"]:
        out.append(deal)
        counted += deal.get("contract") is not None
        if counted == deals:
            return out
    raise RuntimeError("the dealer passed too often")


def make_clubs(k: int, run: int, tables: int, deals: int, seed: int) -> list[dict]:
    """K clubs with a running event, a released round and a venue screen each (made before timing)."""
    from scoring.models import Sheet, TableLink, VenueScreen
    from scoring.sheets.links import table_cards_ensure
    from scoring.sheets.pins import side_pin
    from tournaments.models import Event

    clubs = []
    for n in range(k):
        slug = f"ev{run}-{n}"
        rows = make_round(tables, deals, seed + n, slug=slug, migrate=False)
        rng = random.Random(seed + n)
        rows = [(a, game_deals(rng, deals)) for a, _d in rows]
        event = Event.objects.get(slug=slug)
        Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING, public_standings=True)
        screen = VenueScreen.objects.create(event=event)
        table_cards_ensure(event=event, table_numbers=list(range(1, tables + 1)))  # as the release hook does
        sides = {}
        for game_id, side, token in TableLink.objects.filter(game__round__event=event).values_list(
            "game_id", "side", "token"
        ):
            sides.setdefault(game_id, {})[side] = token
        by_a = {s["A"]: (s["B"], gid) for gid, s in sides.items()}
        sheets = {
            sheet.game_id: sheet
            for sheet in Sheet.objects.filter(game__round__event=event).select_related("game__round")
        }
        clubs.append(
            {
                "standings": f"/e/{slug}/{slug}/standings/",
                "screen": f"/v/{screen.token}/version.json",
                "tables": [
                    {"a": a, "b": by_a[a][0], "pin": side_pin(sheets[by_a[a][1]], "B"), "deals": d} for a, d in rows
                ],
            }
        )
    return clubs
