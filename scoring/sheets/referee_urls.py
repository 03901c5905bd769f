"""The table's addresses, printed on cards and QR codes, so they never change: `t/<token>/` (a table card or
a game link) and `p/<token>/` (a team link), with what their pages poll and post (namespace "scoring")."""

from django.urls import path

from scoring.sheets.views import cards as card_views
from scoring.sheets.views import referee as referee_views

app_name = "scoring"


def sheet_routes(prefix: str, wrap, name: str) -> list:
    """The sheet page and its form posts, under a table link (t/<token>/) or for an organiser
    (scoring.organiser_urls)."""
    return [
        path(prefix, wrap(referee_views.sheet_page), name=name),
        path(f"{prefix}check/", wrap(referee_views.deal_check), name=f"{name}-check"),
        path(f"{prefix}deals/", wrap(referee_views.deal_save), name=f"{name}-deal-create"),
        path(f"{prefix}deals/<int:position>/", wrap(referee_views.deal_save), name=f"{name}-deal-update"),
        path(f"{prefix}deals/<int:position>/delete/", wrap(referee_views.deal_remove), name=f"{name}-deal-delete"),
        path(f"{prefix}deals/insert/<int:position>/", wrap(referee_views.deal_insert_save), name=f"{name}-deal-insert"),
        path(f"{prefix}submit/", wrap(referee_views.submit), name=f"{name}-submit"),
        path(f"{prefix}confirm/", wrap(referee_views.confirm), name=f"{name}-confirm"),
        path(f"{prefix}dispute/", wrap(referee_views.dispute), name=f"{name}-dispute"),
    ]


urlpatterns = [
    path("t/sw.js", card_views.service_worker, name="service-worker"),
    # `t/<token>/` is registered twice: "card" answers every request (card_page hands a game link's token to
    # the game link's page); "referee" and its routes below are what a game link's pages reverse and post to.
    path("t/<str:token>/", card_views.card_page, name="card"),
    path("t/<str:token>/state/", card_views.card_state_view, name="card-state"),
    *sheet_routes("t/<str:token>/game/<int:game_id>/", card_views.card_view, "card-game"),
    *sheet_routes("t/<str:token>/", referee_views.table_view, "referee"),
    # What the pages poll for live updates (cheap, conditional: 304 while nothing changed).
    path("t/<str:token>/version.json", referee_views.table_version, name="referee-version"),
    path("p/<str:token>/", card_views.team_page, name="team"),
    path("p/<str:token>/state/", card_views.team_state_view, name="team-state"),
]
