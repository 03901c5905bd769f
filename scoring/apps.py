from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self):
        # Score entry follows the round's status machine: sheets and links at release, locked at close,
        # given back (confirmed) when the round reopens.
        # Imported here, not at the top: services and models load only once every app is ready.
        from scoring.sheets.links import cards_after_release
        from scoring.sheets.rounds import round_after_release, round_after_reopen, round_before_close
        from tournaments.services.rounds import register_round_hook

        register_round_hook("after_release", round_after_release)
        register_round_hook("after_release", cards_after_release)
        register_round_hook("before_close", round_before_close)
        register_round_hook("after_reopen", round_after_reopen)
        # A changed ranking precedence, points or rule set: the standings are recomputed.
        from scoring.queueing import event_standings_changed
        from tournaments.services.events import register_event_hook

        register_event_hook("standings_changed", event_standings_changed)
        # The club's rating turned on or off: its ratings are rebuilt (or removed).
        from scoring.queueing import club_rating_changed
        from tournaments.services.clubs import register_club_hook

        register_club_hook("rating_changed", club_rating_changed)
        # Renamed players and changed entries make the cached sides of games stale (signal receivers).
        import scoring.sheets.sides_cache  # noqa: F401

        # What changes a live page gives its event a new generation after commit (config/live.py).
        from scoring.live import connect as live_connect

        live_connect()
