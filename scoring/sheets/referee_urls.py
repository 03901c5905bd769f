"""The table's addresses, printed on cards and QR codes, so they never change: `t/<token>/` (a table card or
a game link), `p/<token>/` (a team link) and `c/` (where a card's short code is typed), with what their pages
poll and post (namespace "scoring")."""

from django.urls import path

from scoring.sheets.views import cards as card_views
from scoring.sheets.views import code as code_views
from scoring.sheets.views import director, live
from scoring.sheets.views import referee as referee_views
from scoring.sheets.views import referee_posts as posts

app_name = "scoring"


def sheet_routes(prefix: str, wrap, name: str) -> list:
    """The sheet page and its form posts, under a table link (t/<token>/) or for an organiser
    (scoring.organiser_urls)."""
    return [
        path(prefix, wrap(referee_views.sheet_page), name=name),
        path(f"{prefix}check/", wrap(posts.deal_check), name=f"{name}-check"),
        path(f"{prefix}deals/", wrap(posts.deal_save), name=f"{name}-deal-create"),
        path(f"{prefix}deals/<int:position>/", wrap(posts.deal_save), name=f"{name}-deal-update"),
        path(f"{prefix}deals/<int:position>/delete/", wrap(posts.deal_remove), name=f"{name}-deal-delete"),
        path(f"{prefix}deals/insert/<int:position>/", wrap(posts.deal_insert_save), name=f"{name}-deal-insert"),
        path(f"{prefix}submit/", wrap(posts.submit), name=f"{name}-submit"),
        path(f"{prefix}confirm/", wrap(posts.confirm), name=f"{name}-confirm"),
        path(f"{prefix}dispute/", wrap(posts.dispute), name=f"{name}-dispute"),
    ]


urlpatterns = [
    path("t/sw.js", card_views.service_worker, name="service-worker"),
    # Printed under each card's QR code, with the card's short code: for a phone that cannot scan.
    path("c/", code_views.code_page, name="card-code"),
    # One set of routes for both kinds of token (the one token reader tells a card from a game link); a
    # card's writes name their game (`game/<id>/`), so a deal sent late never lands in the next round's game.
    *sheet_routes("t/<str:token>/", card_views.token_view, "referee"),
    *sheet_routes("t/<str:token>/game/<int:game_id>/", card_views.token_view, "card-game"),
    path("t/<str:token>/state/", card_views.card_state_view, name="card-state"),
    # The table's own phone calls the director (never a team link's page: printed for the room).
    path("t/<str:token>/director/", card_views.token_view(director.director_call), name="director-call"),
    path("t/<str:token>/director/cancel/", card_views.token_view(director.director_cancel), name="director-cancel"),
    # What the pages poll for live updates (cheap, conditional: 304 while nothing changed).
    path("t/<str:token>/version.json", live.table_version, name="referee-version"),
    path("p/<str:token>/", card_views.team_page, name="team"),
    path("p/<str:token>/state/", card_views.team_state_view, name="team-state"),
    # The team's sheet, read-only under the team link's own token.
    path("p/<str:token>/sheet/", card_views.team_sheet, name="team-sheet"),
    path("p/<str:token>/sheet/version.json", live.team_sheet_version, name="team-sheet-version"),
]
