"""What anyone sees (namespace "public"): an event's pages under `e/<club_slug>/<event_slug>/`, the venue
screen under `v/<token>/` (printed, so it stays), the score calculator, the club's and a season's calendar
feeds (`e/<club_slug>/calendar.ics`), a member's page (`e/<club_slug>/members/<id>/`, with the member's consent)."""

from django.urls import path

from scoring.public import calculator, calendar, member, season_page, unsubscribe, venue, views

app_name = "public"

prefix = "e/<slug:club_slug>/<slug:event_slug>/"

urlpatterns = [
    path(prefix, views.event_home, name="event"),
    path(prefix + "draw/", views.draw, name="draw"),
    path(prefix + "standings/", views.standings, name="standings"),
    path(prefix + "standings/table/", views.standings_table, name="standings_table"),
    path(prefix + "standings/embed/", views.standings_embed, name="standings_embed"),
    path(prefix + "standings/version.json", views.standings_version, name="standings_version"),
    path(prefix + "rounds/<int:number>/", views.round_results, name="round"),
    path(prefix + "entries/<int:number>/", views.entry_detail, name="entry"),
    path(prefix + "progress/", views.progress, name="progress"),
    path(prefix + "season/", season_page.season, name="season"),
    path(prefix + "season/season.pdf", season_page.season_pdf, name="season_pdf"),
    path(prefix + "season/season.xlsx", season_page.season_xlsx, name="season_xlsx"),
    path("e/<slug:club_slug>/members/<int:player_id>/", member.member_page, name="member"),
    path("e/<slug:club_slug>/calendar.ics", calendar.club_calendar, name="club_calendar"),
    path("e/<slug:club_slug>/seasons/<int:season_id>/calendar.ics", calendar.season_calendar, name="season_calendar"),
    path("v/<str:token>/", venue.screen, name="venue_screen"),
    path("v/<str:token>/version.json", venue.version, name="venue_version"),
    path("v/<str:token>/room/", venue.room, name="venue_room"),
    path("rules/calculator/", calculator.calculator, name="calculator"),
    path("u/<str:token>/", unsubscribe.unsubscribe, name="unsubscribe"),
]
