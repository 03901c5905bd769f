"""Organiser API: clubs, events, entries, rounds and games (read); create entries; draw, confirm and release rounds.

Permission of every view: `IsClubOrganiser` (an authenticated organiser); every queryset is narrowed to the
user's clubs, so another club's object is a 404. Writes go through `tournaments.services`; refusals come back
as {code, detail, errors: [{field, code, message}]} with 400 (bad input) or 409 (wrong status).
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments import services
from tournaments.draws import next_round_number
from tournaments.models import Club, Entry, Event, Game, Round
from tournaments.permissions import IsClubOrganiser, organiser_club_ids
from tournaments.serializers import (
    ClubSerializer,
    EntryCreateSerializer,
    EntrySerializer,
    EventSerializer,
    RoundDetailSerializer,
    RoundDrawSerializer,
    RoundGameSerializer,
    RoundSerializer,
    TournamentErrorSerializer,
)

REFUSED = {
    400: OpenApiResponse(TournamentErrorSerializer, description="Bad input: the message names the field."),
    403: OpenApiResponse(TournamentErrorSerializer, description="Not logged in, or not an organiser."),
    404: OpenApiResponse(TournamentErrorSerializer, description="Unknown, or another club's."),
    409: OpenApiResponse(TournamentErrorSerializer, description="The object's status does not allow this."),
}


class OrganiserApi(APIView):
    """Base of the organiser API. `IsClubOrganiser` answers whether the caller organises any club; the
    event, round or club in the path is looked up in `initial()`, narrowed to the caller's clubs (another
    club's object is a 404). Errors take the one shape of `config.exceptions.api_exception_handler`."""

    permission_classes = [IsClubOrganiser]
    event_obj: Event | None = None
    round_obj: Round | None = None
    club_obj: Club | None = None

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        if "event_id" in kwargs:
            events = Event.objects.select_related("club")
            self.event_obj = get_object_or_404(events, pk=kwargs["event_id"], club_id__in=self.my_clubs())
        if "round_id" in kwargs:
            rounds = Round.objects.select_related("event__club")
            self.round_obj = get_object_or_404(rounds, pk=kwargs["round_id"], event__club_id__in=self.my_clubs())
        if "club_slug" in kwargs:
            self.club_obj = get_object_or_404(Club, slug=kwargs["club_slug"], id__in=self.my_clubs())

    def my_clubs(self) -> set[int]:
        return organiser_club_ids(self.request.user)

    def event(self) -> Event:
        return self.event_obj

    def round(self) -> Round:
        return self.round_obj


class ClubListApi(OrganiserApi, generics.ListAPIView):
    """The clubs you organise."""

    permission_classes = [IsClubOrganiser]
    serializer_class = ClubSerializer

    def get_queryset(self):
        return Club.objects.filter(id__in=self.my_clubs()).order_by("name")


class ClubDetailApi(OrganiserApi):
    """One of your clubs, by its short name."""

    permission_classes = [IsClubOrganiser]

    @extend_schema(responses=ClubSerializer)
    def get(self, request, club_slug: str):
        return Response(ClubSerializer(self.club_obj).data)


class EventListApi(OrganiserApi, generics.ListAPIView):
    """The events of one of your clubs, newest first."""

    permission_classes = [IsClubOrganiser]
    serializer_class = EventSerializer

    def get_queryset(self):
        return Event.objects.filter(club=self.club_obj).select_related("club").order_by("-date", "name")


class EventDetailApi(OrganiserApi, generics.RetrieveAPIView):
    """One event with its format and rule set."""

    permission_classes = [IsClubOrganiser]
    serializer_class = EventSerializer
    lookup_url_kwarg = "event_id"

    def get_queryset(self):
        return Event.objects.filter(club_id__in=self.my_clubs()).select_related("club")

    def get_object(self) -> Event:
        return self.event_obj  # looked up (and narrowed to your clubs) in initial()


class EntryListCreateApi(OrganiserApi, generics.ListAPIView):
    """GET: the event's entries by start number. POST: enter a team (or a player in mêlée); late entries are
    taken while entries are open."""

    permission_classes = [IsClubOrganiser]
    serializer_class = EntrySerializer

    def get_queryset(self):
        return Entry.objects.filter(event=self.event()).select_related("player_1", "player_2").order_by("number")

    @extend_schema(request=EntryCreateSerializer, responses={201: EntrySerializer, **REFUSED})
    def post(self, request, event_id: int):
        event = self.event()
        serializer = EntryCreateSerializer(data=request.data, event=event)
        serializer.is_valid(raise_exception=True)
        entry = services.entry_create(event=event, **serializer.validated_data)
        return Response(EntrySerializer(entry).data, status=status.HTTP_201_CREATED)


class RoundListApi(OrganiserApi, generics.ListAPIView):
    """The event's rounds with status, seed and draw quality."""

    permission_classes = [IsClubOrganiser]
    serializer_class = RoundSerializer

    def get_queryset(self):
        return Round.objects.filter(event=self.event()).order_by("number")


class RoundDrawApi(OrganiserApi):
    """Draw a round of the event as a draft (the next round unless `number` is given). Replacing an existing
    draft needs `regenerate: true`; refused (409) after confirmation, or before the previous round is closed."""

    permission_classes = [IsClubOrganiser]

    @extend_schema(request=RoundDrawSerializer, responses={201: RoundDetailSerializer, **REFUSED})
    def post(self, request, event_id: int):
        event = self.event()
        serializer = RoundDrawSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        round = services.round_draw(
            event=event,
            number=data.get("number") or next_round_number(event),
            seed=data.get("seed"),
            method=data.get("method"),
            regenerate=data["regenerate"],
        )
        return Response(_round_detail(round), status=status.HTTP_201_CREATED)


def _round_detail(round: Round) -> dict:
    games = Game.objects.filter(round=round).order_by("is_bye", "table_number", "pk")
    return {**RoundSerializer(round).data, "games": RoundGameSerializer(games, many=True).data}


class RoundDetailApi(OrganiserApi):
    """A round with its games (byes last)."""

    permission_classes = [IsClubOrganiser]

    @extend_schema(responses=RoundDetailSerializer)
    def get(self, request, round_id: int):
        return Response(_round_detail(self.round()))


class GameListApi(OrganiserApi, generics.ListAPIView):
    """The games of a round in table order, byes last."""

    permission_classes = [IsClubOrganiser]
    serializer_class = RoundGameSerializer

    def get_queryset(self):
        return Game.objects.filter(round=self.round()).order_by("is_bye", "table_number", "pk")


class RoundConfirmApi(OrganiserApi):
    """draft → confirmed (refused if the check-in changed since the draw)."""

    permission_classes = [IsClubOrganiser]

    @extend_schema(request=None, responses={200: RoundSerializer, **REFUSED})
    def post(self, request, round_id: int):
        return Response(RoundSerializer(services.round_confirm(round=self.round())).data)


class RoundReleaseApi(OrganiserApi):
    """confirmed → released: the draw is public and score entry opens; the first release starts the event."""

    permission_classes = [IsClubOrganiser]

    @extend_schema(request=None, responses={200: RoundSerializer, **REFUSED})
    def post(self, request, round_id: int):
        return Response(RoundSerializer(services.round_release(round=self.round())).data)
