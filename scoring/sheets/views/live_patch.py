"""The phone's answer to a new deal at the end of its sheet: what changed in the live part, for the page to
patch in, instead of the whole part.

A plain append changes the live part in a few places only: the new deal's row, the count of deals, the
totals (with the line of held points), the deals' data and the version that the part's forms carry. When the
page asked for a patch (`patch=1`: static/scoring/referee.js applies one) and the write changed nothing else
(the same status and entering side, every earlier deal scored as before, the game not over, which would
bring the result and the submit button), the answer carries those pieces; otherwise the whole part, as
before. The page applies a patch only to the version it was made from (`from`) and fetches the whole part
otherwise. Rendering the whole part was a quarter of a phone's deal post.
"""

from __future__ import annotations

from typing import Any

from django.middleware.csrf import get_token
from django.template.loader import get_template
from django.utils.translation import ngettext

from scoring.models import Sheet
from scoring.sheets.permissions import sheet_permissions
from scoring.sheets.selectors import SheetAccess, last_deal_row
from scoring.sheets.views.live_rows import deal_rows_html
from scoring.sheets.views.referee import row_items


def wants_patch(request) -> bool:
    return request.POST.get("patch") == "1"


def plain_append(before: Sheet, after: Sheet, deals: list[dict[str, Any]] | None) -> bool:
    """Whether `after` is `before` with one deal more at the end and nothing else that the live part shows
    changed: then the part's earlier rows, its status line, its messages and its forms stay as they are."""
    old, new = before.result or {}, after.result or {}
    old_scored, new_scored = old.get("deals") or [], new.get("deals") or []
    return (
        deals is not None
        and after.version == before.version + 1
        and after.status == before.status
        and after.entering_side == before.entering_side
        and bool(old.get("valid")) is True
        and bool(new.get("valid")) is True
        and not old.get("finished")
        and not new.get("finished")
        and len(deals) == len(old_scored) + 1 == len(new_scored)
        and new_scored[:-1] == old_scored
    )


def live_patch(request, access: SheetAccess, before: Sheet, deals: list[dict[str, Any]]) -> dict[str, Any]:
    """The pieces of the live part that a plain append (`plain_append`) changed, `access.sheet` being the
    sheet after it."""
    sheet = access.sheet
    result = sheet.result
    perms = sheet_permissions(sheet, access.actor)
    row = deal_rows_html(
        row_items(access, [last_deal_row(deals, result)]),
        edit=perms["edit"],
        organiser=access.organiser,
        version=sheet.version,
        csrf=get_token(request),
    )
    count = len(deals)
    return {
        "from": before.version,
        "row": row,
        "count": ngettext("%(count)s deal", "%(count)s deals", count) % {"count": count},
        "totals": get_template("referee/_live_totals.html").render({"result": result}),
        "deal": deals[-1],
    }
