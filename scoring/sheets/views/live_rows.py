"""The deal rows of a sheet's live part, as HTML.

Every write a phone sends answers with the live part, and its rows were four fifths of that part's template
time: a dozen template tags per deal, each looking its words up again. Here the words are translated once
per answer and each row is one string; the markup is the one `referee/_live.html` had in its loop.
"""

from __future__ import annotations

from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _


def _number(value: int | None) -> str:
    # The live part shows digits as they are (no thousands separators), and nothing for a deal not scored.
    return "" if value is None else str(value)


def deal_rows_html(rows: list[dict[str, Any]], *, edit: bool, organiser: bool, version: int, csrf: str) -> SafeString:
    """The `<tr>` of every row (`rows` as the live context has them), or the "no deals" row. `edit` adds each
    deal's menu (change, insert before, delete, with the organiser's reason field); `csrf` is the token."""
    if not rows:
        return mark_safe(f'<tr><td colspan="4" class="muted">{escape(_("No deals yet."))}</td></tr>')
    # Each phrase translated once, its number or side put in per row (a gettext per row and phrase was a
    # third of these rows' time).
    held_words, collected_words = _("%(held)s held"), _("held points to %(side)s")
    actions_words, insert_words = _("Actions for deal %(number)s"), _("Insert before %(number)s")
    outcomes: dict[str, str] = {}
    if edit:
        words = {
            "edit": escape(_("Edit")),
            "delete": escape(_("Delete")),
            "reason": escape(_("Reason")),
            "reason_label": escape(_("Reason for deleting")),
        }
        reason = (
            f'<input type="text" name="reason" required placeholder="{words["reason"]}" '
            f'aria-label="{words["reason_label"]}" class="reason-inline">'
            if organiser
            else ""
        )
        hidden = (
            f'<input type="hidden" name="csrfmiddlewaretoken" value="{escape(csrf)}">'
            f'<input type="hidden" name="version" value="{version}">'
        )
    cell = '<td class="deal-cell">' if edit else "<td>"
    out = []
    for item in rows:
        row = item["row"]
        number = row.number
        outcome = outcomes.get(item["outcome"])
        if outcome is None:
            outcome = outcomes[item["outcome"]] = escape(item["outcome"])
        if row.held:
            outcome += " · " + escape(held_words % {"held": row.held})
        if row.collected:
            outcome += " · " + escape(collected_words % {"side": item["collected"]})
        menu = ""
        if edit:
            actions = escape(actions_words % {"number": number})
            insert = escape(insert_words % {"number": number})
            # One small menu per deal keeps a 12-deal sheet short on a phone; <details> needs no script.
            menu = (
                f'<details class="deal-menu"><summary class="button small secondary" aria-label="{actions}" '
                f'title="{actions}"><span aria-hidden="true">…</span></summary><span class="deal-actions">'
                f'<a class="button small secondary" href="?edit={row.position}" data-edit="{row.position}">'
                f"{words['edit']}</a>"
                f'<a class="button small secondary" href="?insert={row.position}" data-insert="{row.position}">'
                f"{insert}</a>"
                f'<form method="post" action="{escape(item["delete_url"])}" class="inline" data-delete>{hidden}'
                f"{reason}"
                f'<button type="submit" class="button small secondary danger-text">{words["delete"]}</button>'
                f"</form></span></details>"
            )
        out.append(
            f'<tr data-position="{row.position}" data-update-url="{escape(item["update_url"])}">'
            f'<td class="num">{number}</td>'
            f"{cell}"
            f'<span class="deal-summary">{escape(row.summary)}</span>'
            f'<small class="muted deal-outcome">{outcome}</small>{menu}</td>'
            f'<td class="num"><strong>{_number(row.score_a)}</strong><br>'
            f'<small class="muted">{row.total_a}</small></td>'
            f'<td class="num"><strong>{_number(row.score_b)}</strong><br>'
            f'<small class="muted">{row.total_b}</small></td>'
            "</tr>"
        )
    return mark_safe("\n".join(out))
