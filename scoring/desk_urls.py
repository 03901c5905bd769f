"""Organiser desk pages of scoring (archive import, venue screen links) and the venue screen (namespace "desk")."""

from django.urls import path

from scoring.public import venue as venue_views
from scoring.results import archive_import as archive_views

app_name = "desk"

urlpatterns = [
    path("o/<slug:club_slug>/archive/import/", archive_views.archive_import, name="archive_import"),
    path("o/<slug:club_slug>/events/<slug:event_slug>/screen/", venue_views.screen_links, name="venue_links"),
    path("v/<str:token>/", venue_views.screen, name="venue_screen"),
    path("v/<str:token>/version.json", venue_views.version, name="venue_version"),
]
