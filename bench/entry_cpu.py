"""The CPU side of the entry bench (`--cpu N`): in process, the CPU time (process + PostgreSQL backend) of N deal
POSTs as a phone sends them against N bare DRF inserts in the same run. Used by entry_bench.py."""

from __future__ import annotations

import cProfile
import os
import pstats
import time
import uuid
from urllib.parse import urlencode

from harness import backend_cpu, backend_pid

JSON = "application/json"


def form_body(fields: dict) -> tuple:
    """The test client's body and content type of a form the page posts: urlencoded, as static/send.js sends a
    form without files; multipart (as FormData was sent before) with ENTRY_MULTIPART=1, for a tree before."""
    if os.environ.get("ENTRY_MULTIPART") == "1":
        return (fields,)
    return urlencode(fields, doseq=True), "application/x-www-form-urlencoded"


def bare_urlconf():
    """The baseline of the CPU phase: a bare DRF insert (a view with a serializer storing one history row in
    a transaction: BEGIN, INSERT, COMMIT), next to the app's own URLs, through the same middleware."""
    import types

    from django.db import transaction
    from django.urls import path
    from rest_framework import serializers
    from rest_framework.permissions import AllowAny
    from rest_framework.response import Response
    from rest_framework.views import APIView

    from config import urls
    from scoring.models import SheetChange

    class BareSerializer(serializers.Serializer):
        deal = serializers.JSONField()
        version = serializers.IntegerField()

    class BareInsert(APIView):
        permission_classes = [AllowAny]
        authentication_classes = []

        def post(self, request, sheet_id):
            data = BareSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            with transaction.atomic():
                row = SheetChange.objects.create(
                    sheet_id=sheet_id,
                    action="deal_create",
                    after=data.validated_data["deal"],
                    version=data.validated_data["version"],
                    client_id=request.headers.get("Idempotency-Key", ""),
                )
            return Response({"id": row.pk, "version": row.version}, status=201)

    module = types.ModuleType("entry_bench_urls")
    module.urlpatterns = [path("bench/bare/<int:sheet_id>/", BareInsert.as_view()), *urls.urlpatterns]
    return module


def card_addresses(link_tokens: list[str]) -> dict[str, str]:
    """The side-A table card's write address of each game (`t/<card>/game/<id>/`), by the game's link token
    (cards made here, one insert, as the organiser's "print the cards" does)."""
    from scoring.models import TableCard, TableLink
    from scoring.sheets.links import table_cards_ensure

    links = list(TableLink.objects.filter(token__in=link_tokens).select_related("game__round__event"))
    if not links:
        return {}
    event = links[0].game.round.event
    table_cards_ensure(event=event, table_numbers=sorted({link.game.table_number for link in links}))
    cards = dict(TableCard.objects.active().filter(event=event, side="A").values_list("table_number", "token"))
    return {link.token: f"/t/{cards[link.game.table_number]}/game/{link.game_id}/" for link in links}


def cpu_phase(tables: list, deals: int) -> dict:
    """In process (Django's test client, no HTTP, no queue): `deals` deal POSTs through table links (whole
    games; every table's deal n, then deal n + 1) against as many bare DRF inserts; CPU time of this process
    plus its PostgreSQL backend, wall time, and the queries of one request of each (BEGIN and COMMIT
    counted; the counted deal POST is a table's second deal, with its teams cached)."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext, override_settings

    from scoring.models import Sheet
    from scoring.sheets.forms import deal_initial

    client = Client()
    posts = []
    # Whole games, as an evening has them: each table's deals 1 to 12 (the first also loads its teams).
    per_table = max(len(tables[0][2]), 1)
    for token_a, _token_b, table_deals in tables[: -(-deals // per_table) + 1]:
        for n, deal in enumerate(table_deals):
            posts.append((token_a, n, deal))
    posts = sorted(posts, key=lambda p: p[1])[: deals + 2]
    # The phones' path on tables of their own (the API's posts used the first ones' versions).
    used = {p[0] for p in posts}
    per_path = -(-deals // per_table) + 1  # tables each path plays, whole games
    phone_tables = [t for t in tables if t[0] not in used][:per_path]
    phone_posts = sorted(
        ((a, n, deal) for a, _b, table_deals in phone_tables for n, deal in enumerate(table_deals)),
        key=lambda p: p[1],
    )[: deals + 2]
    sheet_ids = list(Sheet.objects.values_list("pk", flat=True)[:1])
    # The phones' usual path: through the table card (t/<card>/game/<id>/), on tables of their own again.
    used |= {p[0] for p in phone_posts}
    cards = card_addresses([a for a, _b, _deals in tables if a not in used][:per_path])
    card_posts = sorted(
        ((cards[a], n, deal) for a, _b, table_deals in tables if a in cards for n, deal in enumerate(table_deals)),
        key=lambda p: p[1],
    )[: deals + 2]

    def deal_post(token, n, deal):
        response = client.post(
            f"/api/v1/table/{token}/deals/",
            {"deal": deal, "version": n},
            content_type="application/json",
            HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
        )
        if response.status_code != 201:
            raise SystemExit(f"deal POST answered {response.status_code}: {response.content[:200]!r}")

    def form_post(address, n, deal, who):
        # As referee.js sends it: the deal form's fields, urlencoded (static/send.js), posted to the page's own
        # address, asking for JSON and for only what changed in the live part (`patch`; a tree before it
        # ignores the field and answers with the whole part).
        fields = {k: v for k, v in deal_initial(deal).items() if v not in (None, False)}
        body = {**fields, "version": n, "client_id": uuid.uuid4().hex, "patch": "1"}
        response = client.post(f"{address}deals/", *form_body(body), HTTP_ACCEPT=JSON)
        if response.status_code != 201:
            raise SystemExit(f"{who} deal post answered {response.status_code}: {response.content[:300]!r}")

    def phone_post(token, n, deal):
        form_post(f"/t/{token}/", n, deal, "phone's")

    def card_post(address, n, deal):
        # From a table card's page: the game's own write address under the card.
        form_post(address, n, deal, "card's")

    def card_check(address, n, deal):
        # One check-as-you-type request of the same deal (the page sends one per finished field).
        fields = {k: v for k, v in deal_initial(deal).items() if v not in (None, False)}
        response = client.post(f"{address}check/", *form_body({**fields, "version": n}), HTTP_ACCEPT=JSON)
        if response.status_code != 200:
            raise SystemExit(f"card's check answered {response.status_code}: {response.content[:300]!r}")

    def bare_post(_token, n, deal):
        response = client.post(
            f"/bench/bare/{sheet_ids[0]}/",
            {"deal": deal, "version": n},
            content_type="application/json",
            HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
        )
        if response.status_code != 201:
            raise SystemExit(f"bare insert answered {response.status_code}: {response.content[:200]!r}")

    def measure(kinds: dict, block: int = 25) -> dict:
        """Each kind's (fn, items) in turns of `block` requests, so the box's load at any moment falls on all
        of them alike; per kind, the mean CPU (process, PostgreSQL backend) and wall time of a request."""
        pid = backend_pid()
        profiled = os.environ.get("ENTRY_PROFILE")
        totals = {name: {"wall": 0.0, "process": 0.0, "backend": 0.0} for name in kinds}
        longest = max(len(items) for _fn, items in kinds.values())
        for start in range(0, longest, block):
            for name, (fn, items) in kinds.items():
                chunk = items[start : start + block]
                if not chunk:
                    continue
                profile = cProfile.Profile() if profiled == name else None
                server, process, began = backend_cpu(pid), time.process_time(), time.perf_counter()
                if profile is not None:
                    profile.enable()
                for item in chunk:
                    fn(*item)
                if profile is not None:
                    profile.disable()
                    profiles.setdefault(name, []).append(profile)
                wall, process = time.perf_counter() - began, time.process_time() - process
                after = backend_cpu(pid)
                kind = totals[name]
                kind["wall"] += wall
                kind["process"] += process
                kind["backend"] += (after or 0) - (server or 0)
        for name, profs in profiles.items():
            stats = pstats.Stats(profs[0])
            for extra in profs[1:]:
                stats.add(extra)
            stats.dump_stats(f"/tmp/entry_{name}.prof")
        return {name: {k: v / len(kinds[name][1]) for k, v in totals[name].items()} for name in kinds}

    profiles: dict = {}
    out = {}
    with override_settings(ROOT_URLCONF=bare_urlconf(), ALLOWED_HOSTS=["*"]):
        # Warm-up (templates, caches, the first statements of a connection), then one counted request each.
        first = [p for p in posts if p[0] == posts[0][0]][:2]  # the first table's deals 1 and 2
        bare_post(*first[0])
        deal_post(*first[0])
        with CaptureQueriesContext(connection) as queries:
            bare_post(*first[1])
        out["bare_queries"] = len(queries)
        with CaptureQueriesContext(connection) as queries:
            deal_post(*first[1])
        out["deal_queries"] = len(queries)
        phone_first = [p for p in phone_posts if p[0] == phone_posts[0][0]][:2]
        phone_post(*phone_first[0])
        with CaptureQueriesContext(connection) as queries:
            phone_post(*phone_first[1])
        out["phone_queries"] = len(queries)
        card_first = [p for p in card_posts if p[0] == card_posts[0][0]][:2]
        card_post(*card_first[0])
        card_check(*card_first[1])
        with CaptureQueriesContext(connection) as queries:
            card_check(*card_first[1])
        out["check_queries"] = len(queries)
        with CaptureQueriesContext(connection) as queries:
            card_post(*card_first[1])
        out["card_queries"] = len(queries)
        rest = [p for p in posts if p not in first]
        phone_rest = [p for p in phone_posts if p not in phone_first][: len(rest)]
        card_rest = [p for p in card_posts if p not in card_first][: len(rest)]
        out.update(
            measure(
                {
                    "bare": (bare_post, rest),
                    "deal": (deal_post, rest),
                    "phone": (phone_post, phone_rest),
                    "check": (card_check, card_rest),
                    "card": (card_post, card_rest),
                }
            )
        )
        out["count"] = len(rest)
    return out


def print_cpu(cpu: dict) -> None:
    def line(name, m, queries):
        backend = m["backend"]
        total = m["process"] + (backend or 0)
        return (
            f"  {name}: CPU {total * 1000:.2f} ms (process {m['process'] * 1000:.2f} + PostgreSQL backend "
            f"{'-' if backend is None else f'{backend * 1000:.2f}'}), wall {m['wall'] * 1000:.2f} ms, "
            f"{queries} queries"
        ), total

    print(f"cpu phase  : {cpu['count']} requests each, in process (test client), mean per request")
    deal_line, deal_total = line("deal POST ", cpu["deal"], cpu["deal_queries"])
    bare_line, bare_total = line("bare DRF  ", cpu["bare"], cpu["bare_queries"])
    phone_line, phone_total = line("phone post", cpu["phone"], cpu["phone_queries"])
    card_line, card_total = line("card post ", cpu["card"], cpu["card_queries"])
    check_line, check_total = line("card check", cpu["check"], cpu["check_queries"])
    print(deal_line)
    print(phone_line)
    print(card_line)
    print(check_line)
    print(bare_line)
    print(f"  ratio     : deal POST CPU {deal_total / bare_total:.2f}x the bare insert's")
    print(f"  ratio     : the phone's post (form + live part) CPU {phone_total / bare_total:.2f}x the bare insert's")
    print(f"  ratio     : the same through a table card CPU {card_total / bare_total:.2f}x the bare insert's")
    print(f"  ratio     : one check as you type through the card CPU {check_total / bare_total:.2f}x the bare insert's")
