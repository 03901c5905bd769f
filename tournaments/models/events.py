"""An event (its format, rule set and status), its entries with their check-in per round, its tables."""

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from scoring.rules import ruleset_errors
from scoring.standings.metrics import precedence_errors
from tournaments.labels import bye_label, join_choices, late_label, pairing_method_label
from tournaments.models.clubs import Club, Player, Season
from tournaments.pairing.types import METHOD_NAMES

#: The longest message to the room: one line, read from across the room on the venue screen.
ROOM_MESSAGE_MAX = 140

#: The longest round the clock takes, in minutes (ten hours: a typo like 700 for 70 is refused).
MAX_ROUND_MINUTES = 600


def clock_errors(minutes: int | None, warnings: object) -> dict[str, list[str]]:
    """The round clock's refusals by field (`round_minutes`, `warning_minutes`): a duration of 1 to
    MAX_ROUND_MINUTES minutes, and warnings that are whole minutes inside it (a warning at or beyond the
    round's length would sound before the round starts)."""
    errors: dict[str, list[str]] = {}
    if minutes is not None and not 1 <= minutes <= MAX_ROUND_MINUTES:
        errors["round_minutes"] = [
            gettext("Between 1 and %(max)s minutes; got %(got)s.") % {"max": MAX_ROUND_MINUTES, "got": minutes}
        ]
    if not isinstance(warnings, list) or not all(type(w) is int for w in warnings):
        errors["warning_minutes"] = [gettext("Give the warnings as whole minutes, e.g. 10, 5.")]
        return errors
    if warnings and minutes is None:
        errors["warning_minutes"] = [gettext("Warnings need the minutes per round; set those first.")]
    elif minutes is not None:
        wrong = [w for w in warnings if not 1 <= w < minutes]
        if wrong:
            errors["warning_minutes"] = [
                ngettext(
                    "A warning comes 1 to %(last)s minutes before the end of a %(minutes)s-minute round; got %(got)s.",
                    "A warning comes 1 to %(last)s minutes before the end of a %(minutes)s-minute round; got %(got)s.",
                    minutes - 1,
                )
                % {"last": minutes - 1, "minutes": minutes, "got": ", ".join(str(w) for w in wrong)}
            ]
    return errors


class Event(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        OPEN = "open", _("Open for entries")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    class TeamMode(models.TextChoices):
        PAIRS = "pairs", _("Fixed pairs")
        MELEE = "melee", _("Mêlée (partners drawn each round)")

    class UnfinishedRule(models.TextChoices):
        """What an unfinished game counts when its round is closed (see docs/rules.md, "Unfinished games")."""

        PLAYED = "played", _("Count the deals played as they stand")
        PRORATE = "prorate", _("Pro-rate to the full game length")
        AVERAGE = "average", _("Average score for both sides")
        ASK = "ask", _("Ask for each table when closing")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="events")
    season = models.ForeignKey(Season, on_delete=models.SET_NULL, null=True, blank=True, related_name="events")
    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("short name"))
    date = models.DateField(_("date"))
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.DRAFT)

    # Rule set: a preset of the rules engine plus validated overrides (settings by their spec names,
    # including the game length `deals` or `target`). Frozen (fully resolved) when the event starts.
    rules_preset = models.CharField(_("rule set"), max_length=20, default="hoheluft")
    rules_options = models.JSONField(_("rule set overrides"), default=dict, blank=True)
    rules_frozen = models.JSONField(_("frozen rule set"), null=True, blank=True, editable=False)

    team_mode = models.CharField(_("teams"), max_length=10, choices=TeamMode.choices, default=TeamMode.PAIRS)
    rounds = models.PositiveSmallIntegerField(_("rounds"), default=4)
    # One pairing method per round, e.g. ["random", "swiss", "swiss", "swiss"]; the last repeats.
    pairing_methods = models.JSONField(_("pairing method per round"), default=list, blank=True)
    # Ranking precedence: metric keys from the standings registry, most important first.
    ranking_precedence = models.JSONField(_("ranking precedence"), default=list, blank=True)
    points_win = models.PositiveSmallIntegerField(_("match points for a win"), default=2)
    points_draw = models.PositiveSmallIntegerField(_("match points for a draw"), default=1)
    points_loss = models.PositiveSmallIntegerField(_("match points for a loss"), default=0)
    bye_points = models.PositiveIntegerField(_("game points for a bye"), default=0)

    # The round clock: minutes per round (none: no clock), the warnings given that many minutes before the
    # end (e.g. [10, 5]), and what an unfinished game counts when the round is closed.
    round_minutes = models.PositiveSmallIntegerField(_("minutes per round"), null=True, blank=True)
    warning_minutes = models.JSONField(_("warnings (minutes before the end)"), default=list, blank=True)
    unfinished_rule = models.CharField(
        _("unfinished games"), max_length=10, choices=UnfinishedRule.choices, default=UnfinishedRule.PLAYED
    )
    # The first round of a Swiss event, with no standings yet, pairs by the club's rating (docs/rating.md)
    # instead of at random: only when the organiser ticks it and the club rates its players.
    seed_by_rating = models.BooleanField(_("first Swiss round by the club's rating"), default=False)

    entries_open = models.BooleanField(_("entries open"), default=True)
    public_draw = models.BooleanField(_("draw is public"), default=True)
    public_standings = models.BooleanField(_("standings are public"), default=True)
    public_sheets = models.BooleanField(_("sheets are public"), default=False)

    # Standings bookkeeping: `standings_dirty` marks a needed recompute (coalesced per event);
    # `standings_version` grows with every recompute, so public pages and caches know what changed.
    standings_dirty = models.BooleanField(default=False, editable=False)
    standings_version = models.PositiveIntegerField(default=0, editable=False)
    standings_computed_at = models.DateTimeField(null=True, blank=True, editable=False)

    started_at = models.DateTimeField(null=True, blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    # The line the venue screen shows the room ("Round 3 starts in 5 minutes"), set from the round pages
    # (`tournaments.services.room.event_room_message_set`); `room_message_at` moves with every change, so
    # the screen's poll sees it.
    room_message = models.CharField(_("message to the room"), max_length=ROOM_MESSAGE_MAX, blank=True, editable=False)
    room_message_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["-date", "name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "slug"], name="event_unique_slug_per_club"),
            models.CheckConstraint(condition=Q(rounds__gte=1), name="event_rounds_positive"),
        ]
        verbose_name = _("event")
        verbose_name_plural = _("events")

    def __str__(self):
        return f"{self.name} ({self.date})"

    def clean(self):
        """Check the rule set (preset + overrides, by the rules engine), the pairing methods and precedence.

        Errors name the form field: `rules_preset`, `rules_options`, `pairing_methods`, `ranking_precedence`.
        """
        # The pure cores may be imported here (not scoring's ORM): one-way dependencies.

        errors: dict[str, list[str]] = {}
        if self.rules_frozen is None:
            for problem in ruleset_errors(self.rules_preset, self.rules_options or {}, translate=gettext):
                field = "rules_preset" if problem["field"] == "rules" else "rules_options"
                errors.setdefault(field, []).append(problem["message"])
        methods = self.pairing_methods or []
        if not isinstance(methods, list) or not all(isinstance(m, str) for m in methods):
            errors.setdefault("pairing_methods", []).append(gettext("Give a list of pairing methods, one per round."))
            methods = []
        allowed = self.allowed_pairing_methods()
        for position, method in enumerate(methods, start=1):
            if method not in METHOD_NAMES:
                errors.setdefault("pairing_methods", []).append(
                    gettext("Round %(round)s: %(method)s is not a pairing method; choose from %(choices)s.")
                    % {
                        "round": position,
                        "method": method,
                        "choices": join_choices(pairing_method_label(m) for m in METHOD_NAMES),
                    }
                )
            elif method not in allowed:
                errors.setdefault("pairing_methods", []).append(
                    gettext("Round %(round)s: %(method)s does not fit %(mode)s; choose from %(choices)s.")
                    % {
                        "round": position,
                        "method": pairing_method_label(method),
                        "mode": self.get_team_mode_display(),
                        "choices": join_choices(pairing_method_label(m) for m in allowed),
                    }
                )
        if self.rounds and len(methods) > self.rounds:
            errors.setdefault("pairing_methods", []).append(
                ngettext(
                    "%(count)s pairing methods given for %(rounds)s round.",
                    "%(count)s pairing methods given for %(rounds)s rounds.",
                    self.rounds,
                )
                % {"count": len(methods), "rounds": self.rounds}
            )
        precedence = self.ranking_precedence or []
        if not isinstance(precedence, list) or not all(isinstance(k, str) and k for k in precedence):
            errors.setdefault("ranking_precedence", []).append(
                gettext("Give the ranking precedence as a list of metric names, most important first.")
            )
        else:
            # The metric registry is a pure module (it imports only gettext_lazy), like the rules core.
            for message in precedence_errors(precedence):
                errors.setdefault("ranking_precedence", []).append(str(message))
        for field, messages in self.clock_errors().items():
            errors.setdefault(field, []).extend(messages)
        if errors:
            raise ValidationError(errors)

    def clock_errors(self) -> dict[str, list[str]]:
        """The round clock's refusals by field (see `clock_errors`)."""
        return clock_errors(self.round_minutes, self.warning_minutes)

    def allowed_pairing_methods(self) -> tuple[str, ...]:
        """Pairing methods that fit the team mode: mêlée draws new partners each round, pairs stay together."""
        if self.team_mode == self.TeamMode.MELEE:
            return ("melee",)
        return tuple(method for method in METHOD_NAMES if method != "melee")

    @property
    def takes_entries(self) -> bool:
        """Entries can be added now: they are open and the event is not finished (a finished event takes none,
        whatever `entries_open` says)."""
        return self.entries_open and self.status != self.Status.FINISHED

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    @property
    def has_started(self) -> bool:
        return self.started_at is not None

    def pairing_method_for(self, round_number: int) -> str:
        """The method of round `round_number`: the list's entry, the last one repeating; a default without."""
        methods = self.pairing_methods or ["melee" if self.team_mode == self.TeamMode.MELEE else "swiss"]
        return methods[min(round_number, len(methods)) - 1]

    @property
    def bye_text(self) -> str:
        """What a bye gives in this event ("Bye: 2 match points, 0 game points"), for every page that shows one."""
        return bye_label(self.points_win, self.bye_points)

    @property
    def rules(self) -> dict:
        """The rule set in force: frozen once the event started, else preset + overrides."""
        if self.rules_frozen:
            return self.rules_frozen
        return {"rules": self.rules_preset, "options": dict(self.rules_options or {})}


class Entry(models.Model):
    """A team of two in fixed-pairs mode, a single player in mêlée.

    A late entry (entered after the event started) plays from `joined_round` on; the rounds before it are
    counted by `missed_rounds_rule` (docs/evening.md, "People change"): as byes, as nothing, or as the
    average of the entry's own rounds.
    """

    class MissedRounds(models.TextChoices):
        BYE = "bye", _("as a bye each (a win and the event's bye points)")
        ZERO = "zero", _("as nothing (no points)")
        AVERAGE = "average", _("as the average of the pair's own rounds")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entries")
    number = models.PositiveIntegerField(_("start number"))
    name = models.CharField(_("team name"), max_length=200, blank=True)
    player_1 = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    player_2 = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+", null=True, blank=True)
    affiliation = models.CharField(_("club"), max_length=200, blank=True)
    fixed_table = models.PositiveIntegerField(_("stays at table"), null=True, blank=True)
    needs_step_free = models.BooleanField(_("needs a step-free table"), default=False)
    late = models.BooleanField(_("late entry"), default=False)
    joined_round = models.PositiveSmallIntegerField(_("plays from round"), null=True, blank=True)
    missed_rounds_rule = models.CharField(
        _("missed rounds count"), max_length=10, choices=MissedRounds.choices, default=MissedRounds.ZERO
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="entry_unique_number"),
            models.UniqueConstraint(fields=["event", "player_1"], name="entry_unique_player_1"),
        ]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")

    def __str__(self):
        return self.display_name

    @property
    def late_label(self) -> str:
        """ "late, from round 2 (missed rounds as byes)"; empty for an entry that was there from the start."""
        return late_label(self.joined_round, self.missed_rounds_rule) if self.late else ""

    @property
    def display_name(self) -> str:
        if self.name:
            return self.name
        if self.player_2_id:
            return f"{self.player_1} / {self.player_2}"
        return str(self.player_1)

    @property
    def public_name(self) -> str:
        """The name the public pages show: the team's own name when it has one (the team chose it to be
        shown), else its players as each one's consent for publication allows (`Player.public_name`)."""
        if self.name:
            return self.name
        if self.player_2_id:
            return f"{self.player_1.public_name} / {self.player_2.public_name}"
        return self.player_1.public_name

    @property
    def public_players(self) -> str:
        """The players' public names, "A. M., Bernd Kurz" (shown beside a team's own name)."""
        return ", ".join(p.public_name for p in (self.player_1, self.player_2) if p is not None)


class CheckIn(models.Model):
    class Status(models.TextChoices):
        PRESENT = "present", _("Present")
        ABSENT = "absent", _("Absent")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="checkins")
    round_number = models.PositiveSmallIntegerField(_("round"))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PRESENT)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["entry", "round_number"], name="checkin_unique_per_round"),
        ]
        verbose_name = _("check-in")
        verbose_name_plural = _("check-ins")

    def __str__(self):
        return f"{self.entry} · {self.round_number}: {self.get_status_display()}"


class Substitution(models.Model):
    """One player of an entry replaced by another person for rounds `from_round` to `to_round` (None: to
    the end of the evening). The games' seats name who actually sat there; the results stay the entry's."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="substitutions")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    substitute = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    from_round = models.PositiveSmallIntegerField(_("from round"))
    to_round = models.PositiveSmallIntegerField(_("to round"), null=True, blank=True)
    reason = models.TextField(_("reason"), blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["entry", "from_round", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(to_round__isnull=True) | Q(to_round__gte=models.F("from_round")),
                name="substitution_rounds_ordered",
            ),
        ]
        verbose_name = _("substitute")
        verbose_name_plural = _("substitutes")

    def __str__(self):
        return f"{self.substitute} → {self.player} ({self.from_round}–{self.to_round or ''})"

    def covers(self, round_number: int) -> bool:
        return self.from_round <= round_number and (self.to_round is None or round_number <= self.to_round)


class Table(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveIntegerField(_("table"))
    label = models.CharField(_("label"), max_length=100, blank=True)
    step_free = models.BooleanField(_("step-free"), default=False)

    class Meta:
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="table_unique_number")]
        verbose_name = _("table")
        verbose_name_plural = _("tables")

    def __str__(self):
        return f"{self.number} {self.label}".strip()
