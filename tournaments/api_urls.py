"""Organiser API under /api/v1/ (see tournaments.api; every view: IsClubOrganiser)."""

from django.urls import path

from tournaments import api

urlpatterns = [
    path("clubs/", api.ClubListApi.as_view(), name="api-club-list"),
    path("clubs/<slug:club_slug>/", api.ClubDetailApi.as_view(), name="api-club-detail"),
    path("clubs/<slug:club_slug>/events/", api.EventListApi.as_view(), name="api-event-list"),
    path("events/<int:event_id>/", api.EventDetailApi.as_view(), name="api-event-detail"),
    path("events/<int:event_id>/entries/", api.EntryListCreateApi.as_view(), name="api-entry-list"),
    path("events/<int:event_id>/rounds/", api.RoundListApi.as_view(), name="api-round-list"),
    path("events/<int:event_id>/rounds/draw/", api.RoundDrawApi.as_view(), name="api-round-draw"),
    path("rounds/<int:round_id>/", api.RoundDetailApi.as_view(), name="api-round-detail"),
    path("rounds/<int:round_id>/games/", api.GameListApi.as_view(), name="api-game-list"),
    path("rounds/<int:round_id>/confirm/", api.RoundConfirmApi.as_view(), name="api-round-confirm"),
    path("rounds/<int:round_id>/release/", api.RoundReleaseApi.as_view(), name="api-round-release"),
]
