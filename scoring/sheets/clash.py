"""A deal typed offline on top of an older sheet (issue 20, item 1): stored as it comes back, unless someone
else (another link, or the organiser at the desk) changed the sheet's deals since the version the phone saw
when the deal was typed. Then the phone is told what changed meanwhile, shows both, and the referee chooses:
keep both (the deal is sent again with `keep`) or drop the typed one.

The phone's own deals (its queue sends them in order, each on the version the last one gave back) are not
someone else's: a change written through the same link, or by the same account, never clashes.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from scoring.models import SheetChange
from scoring.sheets.permissions import Actor
from scoring.sheets.selectors import deal_summary

DEAL_ACTIONS = (
    SheetChange.Action.DEAL_CREATE,
    SheetChange.Action.DEAL_INSERT,
    SheetChange.Action.DEAL_UPDATE,
    SheetChange.Action.DEAL_DELETE,
)


def changed_meanwhile(*, sheet, seen: int, actor: Actor, client_id: str) -> list[str]:
    """What others did to the sheet's deals after version `seen`, one sentence each (oldest first); empty when
    nothing clashes, or when the deal `client_id` is already stored (a retry: it is answered as stored)."""
    if client_id and SheetChange.objects.filter(sheet=sheet, client_id=client_id).exists():
        return []
    changes = SheetChange.objects.filter(sheet=sheet, version__gt=seen, action__in=DEAL_ACTIONS).order_by("version")
    if actor.link is not None:
        changes = changes.exclude(link_id=actor.link.pk)
    elif actor.user is not None:
        changes = changes.exclude(user_id=actor.user.pk)
    return [
        _sentence(action, position, after)
        for action, position, after in changes.values_list("action", "deal_position", "after")[:20]
    ]


def _sentence(action: str, position: int | None, after) -> str:
    number = (position or 0) + 1
    if action == SheetChange.Action.DEAL_DELETE or not isinstance(after, dict):
        return _("Deal %(number)s was deleted.") % {"number": number}
    words = {
        SheetChange.Action.DEAL_CREATE: _("Deal %(number)s was saved: %(deal)s."),
        SheetChange.Action.DEAL_INSERT: _("Deal %(number)s was inserted: %(deal)s."),
    }.get(action, _("Deal %(number)s was changed: %(deal)s."))
    return words % {"number": number, "deal": deal_summary(after)}
