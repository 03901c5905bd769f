"""The club history's sentences: each change of `tournaments.models.ClubLogEntry` (its action code) as a person
reads it, in the reader's language (`club_log_text`). Field names, consents and kinds are the models' own
labels, so no code (`initials`, `partners`) is ever shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from tournaments.history_labels import DetailsOrDash, field_names
from tournaments.models import Club, ForbiddenPairing, Player, Season


def _consent(code: Any) -> str:
    return str(dict(Player.Publication.choices).get(code, "–"))


def _club_changed(details: Mapping[str, Any]) -> str:
    return gettext("Club settings changed: %(fields)s.") % {"fields": field_names(Club, details.get("fields"))}


def _season_changed(details: Mapping[str, Any]) -> str:
    return gettext("Season “%(season_name)s”: changed %(fields)s.") % {
        "season_name": details.get("season_name", "–"),
        "fields": field_names(Season, details.get("fields")),
    }


def _member_changed(details: Mapping[str, Any]) -> str:
    d = DetailsOrDash(details)
    parts = []
    fields = [name for name in details.get("fields") or [] if name != "publication"]
    if fields:
        parts.append(
            gettext("%(name)s: changed %(fields)s.") % {"name": d["name"], "fields": field_names(Player, fields)}
        )
    if "publication" in (details.get("fields") or []):
        parts.append(
            gettext("%(name)s: name on public pages “%(before)s” → “%(after)s”.")
            % {"name": d["name"], "before": _consent(details.get("before")), "after": _consent(details.get("after"))}
        )
    return " ".join(parts) or gettext("%(name)s changed.") % d


#: How many imported names one history row shows (the row keeps them all).
IMPORTED_NAMES_SHOWN = 30


def _members_imported(details: Mapping[str, Any]) -> str:
    count = details.get("count") if isinstance(details.get("count"), int) else 0
    names = details.get("names") if isinstance(details.get("names"), list) else []
    if not names:  # a row written before the names were kept
        return ngettext("%(count)s member imported.", "%(count)s members imported.", count) % {"count": count}
    shown = ", ".join(str(name) for name in names[:IMPORTED_NAMES_SHOWN])
    if len(names) > IMPORTED_NAMES_SHOWN:
        shown = ngettext(
            "%(names)s and %(more)s more", "%(names)s and %(more)s more", len(names) - IMPORTED_NAMES_SHOWN
        ) % {
            "names": shown,
            "more": len(names) - IMPORTED_NAMES_SHOWN,
        }
    return ngettext("%(count)s member imported: %(names)s.", "%(count)s members imported: %(names)s.", count) % {
        "count": count,
        "names": shown,
    }


def _pairing_added(details: Mapping[str, Any]) -> str:
    kind = dict(ForbiddenPairing.Kind.choices).get(details.get("kind"), "–")
    return gettext("Forbidden pairing added: %(a)s and %(b)s, %(kind)s.") % DetailsOrDash({**details, "kind": kind})


def _divisions_set(details: Mapping[str, Any]) -> str:
    placed = details.get("placed") if isinstance(details.get("placed"), int) else 0
    return ngettext(
        "Season “%(season_name)s”: divisions set, %(placed)s player above the lowest division.",
        "Season “%(season_name)s”: divisions set, %(placed)s players above the lowest division.",
        placed,
    ) % DetailsOrDash(details)


def _season_started(details: Mapping[str, Any]) -> str:
    placed = details.get("placed") if isinstance(details.get("placed"), int) else 0
    return ngettext(
        "Season “%(season_name)s” started after “%(previous)s”, with its rules; %(placed)s player above the lowest "
        "division.",
        "Season “%(season_name)s” started after “%(previous)s”, with its rules; %(placed)s players above the lowest "
        "division.",
        placed,
    ) % DetailsOrDash(details)


# The club history's changes (tournaments.models.ClubLogEntry.action): each a sentence filled from the row's
# `details` (%-keys), or a function of the details. `club_log_add` refuses a code missing here.
CLUB_LOG_ACTIONS: dict[str, Any] = {
    "club_changed": _club_changed,
    "season_created": _("Season “%(season_name)s” created."),
    "season_changed": _season_changed,
    "season_divisions_set": _divisions_set,
    "season_started": _season_started,
    "member_added": _("%(name)s added."),
    "guest_added": _("%(name)s added as a guest."),
    "members_imported": _members_imported,
    "member_changed": _member_changed,
    "forbidden_pairing_added": _pairing_added,
    "forbidden_pairing_removed": _("Forbidden pairing removed: %(a)s and %(b)s."),
    "penalty_kind_added": _("Penalty “%(name)s” added to the catalogue."),
    "penalty_kind_changed": lambda details: _penalty_kind_changed(details),
    "penalty_kind_retired": _("Penalty “%(name)s” retired: no longer offered."),
    "penalty_kind_offered": _("Penalty “%(name)s” offered again."),
}


def _penalty_kind_changed(details: Mapping[str, Any]) -> str:
    d = DetailsOrDash(details)
    if details.get("was") and details.get("was") != details.get("name"):
        return gettext("Penalty “%(was)s” changed, now “%(name)s”.") % d
    return gettext("Penalty “%(name)s” changed.") % d


def club_log_text(action: str, details: Mapping[str, Any]) -> str:
    """The sentence a person reads for one club history row, in the active language."""
    template = CLUB_LOG_ACTIONS.get(action)
    if template is None:
        return gettext("Change of an earlier version.")
    if isinstance(template, Promise | str):
        return str(template) % DetailsOrDash(details)
    return template(details)
