"""Organiser pages under o/ (see tournaments.views for the permission of each)."""

from django.urls import include, path

from tournaments import views

app_name = "tournaments"

event_patterns = [
    path("", views.events.event_detail, name="event"),
    path("edit/", views.events.event_edit, name="event_edit"),
    path("history/", views.events.event_history, name="event_history"),
    path("reopen/", views.events.event_reopen, name="event_reopen"),
    path("action/<slug:action>/", views.events.event_action, name="event_action"),
    path("entries/", views.entries.entry_list, name="entries"),
    path("entries/<int:entry_id>/", views.entries.entry_edit, name="entry_edit"),
    path("entries/<int:entry_id>/withdraw/", views.people.entry_withdraw, name="entry_withdraw"),
    path("entries/<int:entry_id>/return/", views.people.entry_return, name="entry_return"),
    path("entries/<int:entry_id>/substitute/", views.people.entry_substitute, name="entry_substitute"),
    path("entries/copy/", views.entries.entries_copy, name="entries_copy"),
    path("checkin/", views.checkin.checkin_current, name="checkin_current"),
    path("checkin/<int:number>/", views.checkin.checkin, name="checkin"),
    path("money/", views.money.treasurer, name="treasurer"),
    path("money/fee/", views.money.fee_edit, name="fee_edit"),
    path("money/pay/", views.money.payment_add, name="payment_add"),
    path("tables/", views.tables.table_list, name="tables"),
    path("tables/<int:table_id>/", views.tables.table_edit, name="table_edit"),
    path("room/message/", views.room.room_message, name="room_message"),
    path("room/calls/<int:call_id>/answered/", views.room.director_call_answered, name="director_call_answered"),
    path("rounds/<int:number>/", views.rounds.round_detail, name="round"),
    path("rounds/<int:number>/draw/", views.rounds.round_draw, name="round_draw"),
    path("rounds/<int:number>/swap/", views.rounds.round_swap, name="round_swap"),
    path("rounds/<int:number>/move/", views.rounds.round_move, name="round_move"),
    path("rounds/<int:number>/print/tables/", views.rounds.round_print_tables, name="round_print_tables"),
    path("rounds/<int:number>/print/names/", views.rounds.round_print_names, name="round_print_names"),
    path("rounds/<int:number>/reopen/", views.rounds.round_reopen, name="round_reopen"),
    path("rounds/<int:number>/clock/<slug:action>/", views.rounds.round_clock, name="round_clock"),
    path("rounds/<int:number>/<slug:action>/", views.rounds.round_action, name="round_action"),
]

urlpatterns = [
    path("o/", views.clubs.club_list, name="clubs"),
    path("o/<slug:club_slug>/", views.clubs.club_detail, name="club"),
    path("o/<slug:club_slug>/edit/", views.clubs.club_edit, name="club_edit"),
    path("o/<slug:club_slug>/history/", views.clubs.club_history, name="club_history"),
    path("o/<slug:club_slug>/members/", views.members.member_list, name="members"),
    path("o/<slug:club_slug>/members/<int:player_id>/", views.members.member_edit, name="member_edit"),
    path("o/<slug:club_slug>/members/import/", views.members.member_import, name="member_import"),
    path("o/<slug:club_slug>/pairings/", views.pairings.forbidden_pairings, name="forbidden_pairings"),
    path(
        "o/<slug:club_slug>/pairings/<int:pairing_id>/remove/",
        views.pairings.forbidden_pairing_remove,
        name="forbidden_pairing_remove",
    ),
    path("o/<slug:club_slug>/organisers/", views.accounts.organisers, name="organisers"),
    path("o/<slug:club_slug>/seasons/new/", views.seasons.season_create, name="season_create"),
    path("o/<slug:club_slug>/seasons/<int:season_id>/", views.seasons.season_edit, name="season_edit"),
    path(
        "o/<slug:club_slug>/seasons/<int:season_id>/divisions/",
        views.seasons.season_divisions,
        name="season_divisions",
    ),
    path("o/<slug:club_slug>/seasons/<int:season_id>/money/", views.money.season_treasurer, name="season_treasurer"),
    path("o/<slug:club_slug>/events/new/", views.events.event_create, name="event_create"),
    path("o/<slug:club_slug>/events/<slug:event_slug>/", include(event_patterns)),
]
