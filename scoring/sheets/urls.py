from django.urls import path

from scoring.sheets.views import cards as card_views
from scoring.sheets.views import desk as round_views
from scoring.sheets.views import referee as referee_views

app_name = "scoring"


def _sheet_routes(prefix: str, wrap, name: str) -> list:
    """The sheet page and its form posts, under a table link (t/<token>/) or for an organiser."""
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
    # Score entry: the referee page of a table card or game link, and the organiser's sheet and round views.
    path("t/sw.js", card_views.service_worker, name="service-worker"),
    path("t/<str:token>/", card_views.card_page, name="card"),
    path("t/<str:token>/state/", card_views.card_state_view, name="card-state"),
    *_sheet_routes("t/<str:token>/game/<int:game_id>/", card_views.card_view, "card-game"),
    *_sheet_routes("t/<str:token>/", referee_views.table_view, "referee"),
    path("p/<str:token>/", card_views.team_page, name="team"),
    path("p/<str:token>/state/", card_views.team_state_view, name="team-state"),
    path("o/scores/event/<int:event_id>/cards/", card_views.event_cards, name="event-cards"),
    path("o/scores/event/<int:event_id>/cards/make/", card_views.event_cards_make, name="event-cards-make"),
    path(
        "o/scores/event/<int:event_id>/cards/<int:table_number>/reissue/",
        card_views.table_card_reissue_view,
        name="table-card-reissue",
    ),
    path(
        "o/scores/event/<int:event_id>/team-links/<int:entry_id>/reissue/",
        card_views.team_link_reissue_view,
        name="team-link-reissue",
    ),
    path("o/scores/event/<int:event_id>/cards.pdf", card_views.event_cards_download, name="event-cards-pdf"),
    *_sheet_routes("o/scores/sheet/<int:sheet_id>/", referee_views.organiser_sheet_view, "sheet"),
    # What the pages poll for live updates (cheap, conditional: 304 while nothing changed).
    path("t/<str:token>/version.json", referee_views.table_version, name="referee-version"),
    path("o/scores/sheet/<int:sheet_id>/version.json", referee_views.sheet_version, name="sheet-version"),
    path("o/scores/sheet/<int:sheet_id>/switch-side/", round_views.sheet_switch_side_view, name="sheet-switch-side"),
    path("o/scores/round/<int:round_id>/version.json", round_views.round_version, name="round-version"),
    path("o/scores/sheet/<int:sheet_id>/correct/", round_views.sheet_correct_view, name="sheet-correct"),
    path("o/scores/round/<int:round_id>/", round_views.round_sheets, name="round"),
    path("o/scores/round/<int:round_id>/cards.pdf", round_views.round_cards, name="round-cards"),
    path("o/scores/round/<int:round_id>/close/", round_views.round_close_view, name="round-close"),
    path("o/scores/link/<int:link_id>/revoke/", round_views.link_revoke, name="link-revoke"),
]
