"""Every organiser page and API endpoint of a club's objects (for the permission and bad-input tests), and a
snapshot of the rows they could change."""

from django.urls import reverse

from tournaments.models import CheckIn, Club, Entry, Event, Game, Player, Round, Season, Table


def snapshot():
    return (
        list(Club.objects.order_by("pk").values()),
        list(Player.objects.order_by("pk").values()),
        list(Season.objects.order_by("pk").values()),
        list(Event.objects.order_by("pk").values()),
        list(Entry.objects.order_by("pk").values()),
        list(CheckIn.objects.order_by("pk").values("entry_id", "round_number", "status")),
        list(Table.objects.order_by("pk").values()),
        list(Round.objects.order_by("pk").values("status", "seed")),
        list(Game.objects.order_by("pk").values()),
    )


def page_urls(o):
    club, event = o["club"].slug, o["event"].slug
    e = {"club_slug": club, "event_slug": event}
    return [
        ("get", reverse("tournaments:club", kwargs={"club_slug": club}), {}),
        ("get", reverse("tournaments:club_edit", kwargs={"club_slug": club}), {}),
        ("post", reverse("tournaments:club_edit", kwargs={"club_slug": club}), {"name": "Hacked"}),
        ("get", reverse("tournaments:club_history", kwargs={"club_slug": club}), {}),
        ("get", reverse("tournaments:club_history", kwargs={"club_slug": club}), {"season": o["season"].pk}),
        ("get", reverse("results:club_history_xlsx", kwargs={"club_slug": club}), {}),
        ("get", reverse("results:club_history_pdf", kwargs={"club_slug": club}), {"season": o["season"].pk}),
        ("get", reverse("tournaments:members", kwargs={"club_slug": club}), {}),
        ("post", reverse("tournaments:members", kwargs={"club_slug": club}), {"first_name": "X", "last_name": "Y"}),
        ("get", reverse("tournaments:member_edit", kwargs={"club_slug": club, "player_id": o["player"].pk}), {}),
        (
            "post",
            reverse("tournaments:member_edit", kwargs={"club_slug": club, "player_id": o["player"].pk}),
            {"first_name": "X", "last_name": "Y"},
        ),
        ("get", reverse("tournaments:season_create", kwargs={"club_slug": club}), {}),
        (
            "post",
            reverse("tournaments:season_edit", kwargs={"club_slug": club, "season_id": o["season"].pk}),
            {"name": "X", "start_date": "2026-01-01", "end_date": "2026-12-31", "ranking_rule": "sum"},
        ),
        ("get", reverse("tournaments:event_create", kwargs={"club_slug": club}), {}),
        ("get", reverse("tournaments:event", kwargs=e), {}),
        ("get", reverse("tournaments:event_edit", kwargs=e), {}),
        ("get", reverse("tournaments:event_history", kwargs=e), {}),
        ("post", reverse("tournaments:event_edit", kwargs=e), {"name": "Hacked"}),
        ("post", reverse("tournaments:event_action", kwargs={**e, "action": "close_entries"}), {}),
        ("post", reverse("tournaments:event_reopen", kwargs=e), {"reason": "x", "confirm": "on"}),
        ("get", reverse("tournaments:entries", kwargs=e), {}),
        ("post", reverse("tournaments:entries", kwargs=e), {"player_1": o["player"].pk}),
        ("get", reverse("tournaments:entry_edit", kwargs={**e, "entry_id": o["entries"][0].pk}), {}),
        ("post", reverse("tournaments:entry_edit", kwargs={**e, "entry_id": o["entries"][0].pk}), {"delete": "1"}),
        ("get", reverse("tournaments:checkin_current", kwargs=e), {}),
        ("get", reverse("tournaments:checkin", kwargs={**e, "number": 1}), {}),
        (
            "post",
            reverse("tournaments:checkin", kwargs={**e, "number": 1}),
            {"entry": o["entries"][0].pk, "status": "absent"},
        ),
        ("get", reverse("tournaments:tables", kwargs=e), {}),
        ("post", reverse("tournaments:tables", kwargs=e), {"form": "range", "first": 1, "last": 9}),
        ("get", reverse("tournaments:table_edit", kwargs={**e, "table_id": o["table"].pk}), {}),
        ("post", reverse("tournaments:table_edit", kwargs={**e, "table_id": o["table"].pk}), {"delete": "1"}),
        ("get", reverse("tournaments:round", kwargs={**e, "number": 1}), {}),
        (
            "post",
            reverse("tournaments:round_draw", kwargs={**e, "number": 1}),
            {"method": "random", "regenerate": "1", "confirm": "on"},
        ),
        (
            "post",
            reverse("tournaments:round_swap", kwargs={**e, "number": 1}),
            {"entry_a": o["entries"][0].pk, "entry_b": o["entries"][1].pk},
        ),
        ("post", reverse("tournaments:round_move", kwargs={**e, "number": 1}), {"from_table": 1, "to_table": 2}),
        ("post", reverse("tournaments:round_action", kwargs={**e, "number": 1, "action": "confirm"}), {}),
        ("post", reverse("tournaments:round_action", kwargs={**e, "number": 1, "action": "discard"}), {}),
        ("post", reverse("tournaments:round_reopen", kwargs={**e, "number": 1}), {"reason": "x", "confirm": "on"}),
        ("get", reverse("tournaments:round_print_tables", kwargs={**e, "number": 1}), {}),
        ("get", reverse("tournaments:round_print_names", kwargs={**e, "number": 1}), {}),
    ]


def api_urls(o):
    event, round = o["event"].pk, o["round"].pk
    return [
        ("get", f"/api/v1/clubs/{o['club'].slug}/", {}),
        ("get", f"/api/v1/clubs/{o['club'].slug}/events/", {}),
        ("get", f"/api/v1/events/{event}/", {}),
        ("get", f"/api/v1/events/{event}/entries/", {}),
        ("post", f"/api/v1/events/{event}/entries/", {"player_1": o["player"].pk}),
        ("get", f"/api/v1/events/{event}/rounds/", {}),
        ("post", f"/api/v1/events/{event}/rounds/draw/", {"regenerate": True}),
        ("get", f"/api/v1/rounds/{round}/", {}),
        ("get", f"/api/v1/rounds/{round}/games/", {}),
        ("post", f"/api/v1/rounds/{round}/confirm/", {}),
        ("post", f"/api/v1/rounds/{round}/release/", {}),
    ]
