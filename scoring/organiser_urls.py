"""Every organiser page of scoring, under the event's own address `o/<club_slug>/events/<event_slug>/`
(where tournaments keeps the event, its entries, tables and draws), plus the club's archive import.

- namespace "desk": `rounds/<n>/sheets/` (a round's sheets: version.json, cards.pdf, close/),
  `rounds/<n>/tables/<t>/` (one sheet: one game, the table `t` of round `n`; its form posts, version.json,
  grid/ and grid/check/ (the paper sheet typed at the desk), blank.pdf, switch-side/, swap-sides/,
  links/<id>/revoke/; the round's blank.pdf), `cards/` and `cards.pdf` (the table cards and team links),
  `screen/` (the venue screen's links); and the club's `o/<club>/members/<id>/history/` (a member's history);
- namespace "results": `results/` (standings status, adjustments, exports, restore/ from a backup of the
  event), `money/treasurer.pdf|xlsx` (the treasurer's sheet), `results/penalties/` (give and list
  penalties), `…/adjustments/<id>/withdraw/`, and the club's `o/<club>/archive/import/` (an archive as a
  copy), `o/<club>/seasons/<id>/money/treasurer.pdf|xlsx` (the season's treasurer's sheet),
  `o/<club>/penalties/` (the club's penalty catalogue) and `o/<club>/seasons/<id>/next/` (start the next
  season from one);
- namespace "prizes": `prizes/` (the prize list), `prizes/giving/` (the prize-giving) and `prizes/giving.pdf`
  (scoring/prizes/urls.py);
- the old addresses by database id (`o/scores/...`): permanent redirects for what answered a GET.

Numbers and slugs, not database ids: an address stays the same when the event is rebuilt (`make demo`).
config/urls.py includes this before tournaments.urls, whose `rounds/<n>/<action>/` would take `sheets`.
"""

from django.urls import include, path

from scoring.prizes import urls as prize_urls
from scoring.public import member as member_views
from scoring.public import venue as venue_views
from scoring.results import archive_import as archive_views
from scoring.results import archive_restore as restore_views
from scoring.results import history_views, mail_views, penalty_views, treasurer_views
from scoring.results import season_next as season_next_views
from scoring.results import views as results_views
from scoring.sheets.referee_urls import sheet_routes
from scoring.sheets.views import cards as card_views
from scoring.sheets.views import desk as round_views
from scoring.sheets.views import grid as grid_views
from scoring.sheets.views import live, moved
from scoring.sheets.views import referee as referee_views

event = "o/<slug:club_slug>/events/<slug:event_slug>/"
sheets = event + "rounds/<int:number>/sheets/"
table = event + "rounds/<int:number>/tables/<int:table>/"
results = event + "results/"
season = "o/<slug:club_slug>/seasons/<int:season_id>/money/"

desk_patterns = [
    path(sheets, round_views.round_sheets, name="round"),
    path(sheets + "version.json", round_views.round_version, name="round-version"),
    path(sheets + "cards.pdf", round_views.round_cards, name="round-cards"),
    path(sheets + "blank.pdf", round_views.round_blank_sheets, name="round-blank"),
    path(sheets + "close/", round_views.round_close_view, name="round-close"),
    *sheet_routes(table, referee_views.organiser_sheet_view, "sheet"),
    path(table + "version.json", live.sheet_version, name="sheet-version"),
    path(table + "grid/", grid_views.grid, name="sheet-grid"),
    path(table + "grid/check/", grid_views.check, name="sheet-grid-check"),
    path(table + "blank.pdf", round_views.round_blank_sheets, name="sheet-blank"),
    path(table + "switch-side/", round_views.sheet_switch_side_view, name="sheet-switch-side"),
    path(table + "swap-sides/", round_views.sheet_sides_swap_view, name="sheet-swap-sides"),
    path(table + "links/<int:link_id>/revoke/", round_views.link_revoke, name="link-revoke"),
    path(event + "cards/", card_views.event_cards, name="event-cards"),
    path(event + "cards/make/", card_views.event_cards_make, name="event-cards-make"),
    path(
        event + "cards/tables/<int:table_number>/reissue/",
        card_views.table_card_reissue_view,
        name="table-card-reissue",
    ),
    path(
        event + "cards/teams/<int:entry_number>/reissue/", card_views.team_link_reissue_view, name="team-link-reissue"
    ),
    path(event + "cards.pdf", card_views.event_cards_download, name="event-cards-pdf"),
    path(event + "screen/", venue_views.screen_links, name="venue_links"),
    # A member's history, every evening and every name in full (the public page is public:member).
    path("o/<slug:club_slug>/members/<int:player_id>/history/", member_views.member_history_page, name="member"),
]

results_patterns = [
    path(results, results_views.results_page, name="page"),
    path(results + "status.json", results_views.status_json, name="status"),
    path(results + "recompute/", results_views.recompute, name="recompute"),
    path(event + "mail/", mail_views.mail_start, name="mail_start"),
    path(event + "mail/<int:mailing_id>/status.json", mail_views.mail_status, name="mail_status"),
    path(results + "adjustments/", results_views.adjustment_add, name="adjustment_add"),
    path(
        results + "adjustments/<int:adjustment_id>/withdraw/",
        penalty_views.adjustment_withdraw_view,
        name="adjustment_withdraw",
    ),
    path(results + "penalties/", penalty_views.penalties_page, name="penalties"),
    path("o/<slug:club_slug>/penalties/", penalty_views.penalty_kinds, name="penalty_kinds"),
    path("o/<slug:club_slug>/penalties/<int:kind_id>/", penalty_views.penalty_kind_edit, name="penalty_kind_edit"),
    path(
        "o/<slug:club_slug>/penalties/<int:kind_id>/retire/",
        penalty_views.penalty_kind_retire_view,
        name="penalty_kind_retire",
    ),
    path(results + "exports/", results_views.export_start, name="export_start"),
    path(results + "restore/", restore_views.archive_restore, name="restore"),
    path(results + "restore/confirm/", restore_views.archive_restore_confirm, name="restore_confirm"),
    path(results + "exports/<int:export_id>.json", results_views.export_status, name="export_status"),
    path(results + "exports/<int:export_id>/download/", results_views.export_download, name="export_download"),
    path("o/<slug:club_slug>/archive/import/", archive_views.archive_import, name="archive_import"),
    path("o/<slug:club_slug>/seasons/<int:season_id>/next/", season_next_views.season_next, name="season_next"),
    path(event + "money/treasurer.pdf", treasurer_views.treasurer_pdf, name="treasurer_pdf"),
    path(event + "money/treasurer.xlsx", treasurer_views.treasurer_xlsx, name="treasurer_xlsx"),
    path(season + "treasurer.pdf", treasurer_views.season_treasurer_pdf, name="season_treasurer_pdf"),
    path(season + "treasurer.xlsx", treasurer_views.season_treasurer_xlsx, name="season_treasurer_xlsx"),
    path("o/<slug:club_slug>/history.xlsx", history_views.club_history_xlsx, name="club_history_xlsx"),
    path("o/<slug:club_slug>/history.pdf", history_views.club_history_pdf, name="club_history_pdf"),
]

old = "o/scores/"
moved_patterns = [
    path(old + "round/<int:round_id>/", moved.round_moved, {"to": "desk:round"}),
    path(old + "round/<int:round_id>/version.json", moved.round_moved, {"to": "desk:round-version"}),
    path(old + "round/<int:round_id>/cards.pdf", moved.round_moved, {"to": "desk:round-cards"}),
    path(old + "sheet/<int:sheet_id>/", moved.sheet_moved, {"to": "desk:sheet"}),
    path(old + "sheet/<int:sheet_id>/version.json", moved.sheet_moved, {"to": "desk:sheet-version"}),
    path(old + "event/<int:event_id>/cards/", moved.event_moved, {"to": "desk:event-cards"}),
    path(old + "event/<int:event_id>/cards.pdf", moved.event_moved, {"to": "desk:event-cards-pdf"}),
]

urlpatterns = [
    path("", include((desk_patterns, "desk"))),
    path("", include((results_patterns, "results"))),
    path("", include((prize_urls.urlpatterns, "prizes"))),
    *moved_patterns,
]
