"""The organiser pages' tests share these: a page's address by name, score entry stood in for."""

from django.urls import reverse


def confirm_sheets(round):
    """Stand-in for score entry: every sheet of the round confirmed (scoring refuses to close otherwise)."""
    from scoring.models import Sheet

    Sheet.objects.filter(game__round=round).update(status=Sheet.Status.CONFIRMED, finished=True)


def url(name, event=None, **kwargs):
    if event is not None:
        kwargs = {"club_slug": event.club.slug, "event_slug": event.slug, **kwargs}
    return reverse(f"tournaments:{name}", kwargs=kwargs)
