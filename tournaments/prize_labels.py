"""The prize-giving's words in the event's history (`EVENT_LOG_ACTIONS` takes them in, tournaments.history_labels).

Apart from tournaments/labels.py, which is full: each a sentence filled from the history row's details.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

PRIZE_LOG_ACTIONS = {
    "prize_taken": _("Prize-giving, step %(step)s: no. %(number)s (%(name)s) took “%(prize)s”."),
    "prize_absent": _("Prize-giving, step %(step)s: no. %(number)s (%(name)s) was not there; the next team chooses."),
    "prize_undone": _("Prize-giving, step %(step)s undone: no. %(number)s (%(name)s), “%(prize)s”."),
    "prizes_every_team": _("Every team gets a prize: %(added)s numbered lots added (%(teams)s teams)."),
}
