"""What the organiser pages share: the permission decorators, the form-to-service step, the event's URLs."""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404
from django.urls import NoReverseMatch, reverse

from tournaments import selectors
from tournaments.exceptions import TournamentError
from tournaments.forms.base import apply_errors
from tournaments.models import Event


def organiser_view(view):
    """Login required; `club_slug` becomes the club, 404 unless the user organises it."""

    @login_required
    @wraps(view)
    def wrapper(request, club_slug, *args, **kwargs):
        return view(request, selectors.club_for(request.user, club_slug), *args, **kwargs)

    return wrapper


def event_view(view):
    """Login required; `club_slug` + `event_slug` become the event, 404 unless the user organises its club."""

    @login_required
    @wraps(view)
    def wrapper(request, club_slug, event_slug, *args, **kwargs):
        return view(request, selectors.event_for(request.user, club_slug, event_slug), *args, **kwargs)

    return wrapper


def event_url(event: Event, name: str = "event", **kwargs) -> str:
    return reverse(f"tournaments:{name}", kwargs={"club_slug": event.club.slug, "event_slug": event.slug, **kwargs})


def fail(request, exc: Exception) -> None:
    if isinstance(exc, ValidationError):
        messages.error(request, " ".join(exc.messages))
    else:
        messages.error(request, str(exc))


def submitted(request, form, save, *, success, then):
    """A POST with a valid form runs one service on the form's data (`save(data)`).

    Done: a success message (a string, or a callable of the result) and `then(result)`, a redirect.
    A domain error puts its messages on the form and returns None, so the view renders the form again;
    the service stored nothing.
    """
    if request.method != "POST" or not form.is_valid():
        return None
    try:
        result = save(form.cleaned_data)
    except (ValidationError, TournamentError) as exc:
        apply_errors(form, exc)
        return None
    messages.success(request, success(result) if callable(success) else success)
    return then(result)


def optional_url(name: str, **kwargs) -> str | None:
    """A link into another app's pages (score entry, public pages) when that app provides it."""
    try:
        return reverse(name, kwargs=kwargs)
    except NoReverseMatch:
        return None


def checked_round_number(event: Event, number: int) -> int:
    if not 1 <= number <= event.rounds:
        raise Http404
    return number
