"""Public pages of an event under `e/<club_slug>/<event_slug>/` (namespace "public")."""

from django.urls import path

from scoring.public import calculator, views

app_name = "public"

prefix = "e/<slug:club_slug>/<slug:event_slug>/"

urlpatterns = [
    path(prefix, views.event_home, name="event"),
    path(prefix + "draw/", views.draw, name="draw"),
    path(prefix + "standings/", views.standings, name="standings"),
    path(prefix + "standings/table/", views.standings_table, name="standings_table"),
    path(prefix + "standings/version.json", views.standings_version, name="standings_version"),
    path(prefix + "rounds/<int:number>/", views.round_results, name="round"),
    path(prefix + "entries/<int:number>/", views.entry_detail, name="entry"),
    path(prefix + "progress/", views.progress, name="progress"),
    path(prefix + "season/", views.season, name="season"),
    path("rules/calculator/", calculator.calculator, name="calculator"),
]
