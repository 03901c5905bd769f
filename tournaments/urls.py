"""Organiser pages under o/ (see tournaments.views for the permission of each)."""

from django.urls import include, path

from tournaments import account_views, member_views, views

app_name = "tournaments"

event_patterns = [
    path("", views.event_detail, name="event"),
    path("edit/", views.event_edit, name="event_edit"),
    path("action/<slug:action>/", views.event_action, name="event_action"),
    path("entries/", views.entry_list, name="entries"),
    path("entries/<int:entry_id>/", views.entry_edit, name="entry_edit"),
    path("entries/copy/", member_views.entries_copy, name="entries_copy"),
    path("checkin/", views.checkin_current, name="checkin_current"),
    path("checkin/<int:number>/", views.checkin, name="checkin"),
    path("tables/", views.table_list, name="tables"),
    path("tables/<int:table_id>/", views.table_edit, name="table_edit"),
    path("rounds/<int:number>/", views.round_detail, name="round"),
    path("rounds/<int:number>/draw/", views.round_draw, name="round_draw"),
    path("rounds/<int:number>/swap/", views.round_swap, name="round_swap"),
    path("rounds/<int:number>/move/", views.round_move, name="round_move"),
    path("rounds/<int:number>/print/tables/", views.round_print_tables, name="round_print_tables"),
    path("rounds/<int:number>/print/names/", views.round_print_names, name="round_print_names"),
    path("rounds/<int:number>/<slug:action>/", views.round_action, name="round_action"),
]

urlpatterns = [
    path("o/", views.club_list, name="clubs"),
    path("o/<slug:club_slug>/", views.club_detail, name="club"),
    path("o/<slug:club_slug>/edit/", views.club_edit, name="club_edit"),
    path("o/<slug:club_slug>/members/", views.member_list, name="members"),
    path("o/<slug:club_slug>/members/<int:player_id>/", views.member_edit, name="member_edit"),
    path("o/<slug:club_slug>/members/import/", member_views.member_import, name="member_import"),
    path("o/<slug:club_slug>/organisers/", account_views.organisers, name="organisers"),
    path("o/<slug:club_slug>/seasons/new/", views.season_create, name="season_create"),
    path("o/<slug:club_slug>/seasons/<int:season_id>/", views.season_edit, name="season_edit"),
    path("o/<slug:club_slug>/events/new/", views.event_create, name="event_create"),
    path("o/<slug:club_slug>/events/<slug:event_slug>/", include(event_patterns)),
]
