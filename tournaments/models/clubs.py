"""A club, its organisers (Membership), its members and guests (Player), its seasons."""

from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.names import published_name


class Club(models.Model):
    slug = models.SlugField(_("short name"), unique=True)
    name = models.CharField(_("name"), max_length=200)
    city = models.CharField(_("city"), max_length=100, blank=True)
    # The websites that may show this club's standings in a frame (CSP frame-ancestors of the embed page).
    embed_origins = models.TextField(
        _("websites that may show the standings"),
        blank=True,
        help_text=_("One address per line, for example https://belote-hoheluft.de. Leave empty to allow none."),
    )
    # The rating across seasons (scoring.rating, docs/rating.md): off until the club turns it on.
    rating_enabled = models.BooleanField(
        _("rate the players across seasons"),
        default=False,
        help_text=_(
            "Each player gets a rating from every counted game, shown to organisers only. It never decides a ranking."
        ),
    )
    # Goes up whenever a member's consent for publication changes: the public pages' cached fragments carry it
    # in their keys, so a name withdrawn from publication leaves every public page at once.
    publication_version = models.PositiveIntegerField(default=0, editable=False)
    # The currency of the club's entry fees and payouts (ISO 4217 code; the treasurer's sheet shows € for EUR).
    currency = models.CharField(_("currency"), max_length=3, default="EUR", help_text=_("Three letters, e.g. EUR."))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self):
        return self.name

    def clean(self):
        super().clean()
        errors = {}
        try:
            self.embed_origins = "\n".join(embed_origins_parse(self.embed_origins))
        except ValueError as exc:
            errors["embed_origins"] = str(exc)
        code = (self.currency or "").strip().upper()
        if len(code) != 3 or not code.isascii() or not code.isalpha():
            errors["currency"] = gettext("Currency: three letters such as EUR; got “%(got)s”.") % {"got": self.currency}
        else:
            self.currency = code
        if errors:
            raise ValidationError(errors)

    @property
    def embed_origin_list(self) -> list[str]:
        return [line for line in self.embed_origins.splitlines() if line]


MAX_EMBED_ORIGINS = 10


def embed_origins_parse(text: str) -> list[str]:
    """The origins of `text` (one per line, blank lines ignored) as "scheme://host[:port]", or ValueError
    with a sentence naming the line. Only http(s) origins, no path, no wildcard: each goes into a CSP header
    as it is."""
    origins = []
    lines = [line.strip() for line in (text or "").splitlines() if line.strip()]
    if len(lines) > MAX_EMBED_ORIGINS:
        raise ValueError(
            gettext("At most %(limit)s websites; there are %(count)s.")
            % {"limit": MAX_EMBED_ORIGINS, "count": len(lines)}
        )
    for number, line in enumerate(lines, start=1):
        parts = urlsplit(line)
        host_ok = parts.hostname and all(c.isalnum() or c in ".-" for c in parts.hostname)
        try:
            port_ok = parts.port is None or 0 < parts.port < 65536
        except ValueError:
            port_ok = False
        if (
            parts.scheme not in ("http", "https")
            or not host_ok
            or not port_ok
            or parts.path not in ("", "/")
            or parts.query
            or parts.fragment
            or parts.username
            or parts.password
        ):
            raise ValueError(
                gettext(
                    'Line %(number)s: "%(line)s" is not a website address such as https://belote-hoheluft.de '
                    "(http or https, no path)."
                )
                % {"number": number, "line": line[:100]}
            )
        origin = f"{parts.scheme}://{parts.hostname}" + (f":{parts.port}" if parts.port else "")
        if origin not in origins:
            origins.append(origin)
    return origins


class Membership(models.Model):
    # One role: an organiser runs the club's events. Referees need no account (they act through the table's
    # card or game link), so the "referee" role that granted nothing is gone (migration 0010).
    class Role(models.TextChoices):
        ORGANISER = "organiser", _("Organiser")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(_("role"), max_length=20, choices=Role.choices, default=Role.ORGANISER)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "club"], name="membership_unique_user_club")]
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")

    def __str__(self):
        return f"{self.user} @ {self.club} ({self.get_role_display()})"


class Player(models.Model):
    """A club member or a guest. Guests may name the club they come from (for same-club avoidance).

    `publication` is the member's consent for publication: what every public page, public export and venue
    screen shows of the name (`public_name`); organisers always see the full name. A new member starts at
    initials only (privacy by default); members who existed before the field were published in full and
    stay so until the club records otherwise (docs/members.md)."""

    class Publication(models.TextChoices):
        FULL = "full", _("Name in full")
        INITIALS = "initials", _("Initials only")
        HIDDEN = "hidden", _("Not published")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    first_name = models.CharField(_("first name"), max_length=100)
    last_name = models.CharField(_("last name"), max_length=100)
    email = models.EmailField(_("email"), blank=True)
    is_guest = models.BooleanField(_("guest"), default=False)
    # A junior pays the event's junior fee (tournaments.models.money.EventFee.junior_reduction).
    is_junior = models.BooleanField(_("junior"), default=False)
    home_club = models.CharField(_("home club"), max_length=200, blank=True)
    is_active = models.BooleanField(_("active"), default=True)
    # The results mail after each evening (scoring.mailing): only with the member's yes; a click on the mail's
    # unsubscribe link turns it off and records when.
    results_mail = models.BooleanField(
        _("mail the results"), default=False, help_text=_("Only with the member's consent; needs an email.")
    )
    results_mail_stopped_at = models.DateTimeField(_("unsubscribed"), null=True, blank=True)
    publication = models.CharField(
        _("name on public pages"),
        max_length=10,
        choices=Publication.choices,
        default=Publication.INITIALS,
        help_text=_(
            "What the public pages, the venue screen and public downloads show, as the member agreed. "
            "Organisers always see the full name."
        ),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["last_name", "first_name"]
        indexes = [models.Index(fields=["club", "last_name", "first_name"])]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self):
        return f"{self.first_name} {self.last_name}".strip()

    @property
    def public_name(self) -> str:
        """The name as the public may see it: "Anna Müller", "A. M." or "name withheld" (the member's consent)."""
        return published_name(self.first_name, self.last_name, self.publication, withheld=str(WITHHELD))

    @property
    def public_sort_name(self) -> str:
        """The public name last name first, for lists sorted by name: "Müller, Anna", "M., A." or withheld."""
        return published_name(
            self.first_name, self.last_name, self.publication, withheld=str(WITHHELD), last_first=True
        )

    @property
    def page_public(self) -> bool:
        """Whether the member's own page may be shown to the public (not when the name is withheld)."""
        return self.publication != self.Publication.HIDDEN


# What a public page shows for a member who did not consent to publication (translated where shown).
WITHHELD = _("name withheld")


class Season(models.Model):
    class Ranking(models.TextChoices):
        SUM = "sum", _("Sum of event points")
        BEST_N = "best_n", _("Best N evenings")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(_("name"), max_length=100)
    start_date = models.DateField(_("start"))
    end_date = models.DateField(_("end"))
    ranking_rule = models.CharField(_("ranking rule"), max_length=10, choices=Ranking.choices, default=Ranking.SUM)
    best_n = models.PositiveSmallIntegerField(_("best N"), null=True, blank=True)

    # The championship rules (scoring.standings.season_rules), frozen once the season's first evening counts.
    RULE_FIELDS = (
        "ranking_rule",
        "best_n",
        "score_mode",
        "points_basis",
        "place_points",
        "drop_worst",
        "min_evenings",
        "missed_penalty",
        "guests",
        "tie_breaks",
        "awarded_min_evenings",
        "ranked_as",
        "divisions",
        "promotion",
    )

    class ScoreMode(models.TextChoices):
        TOTAL = "total", _("Total of the counted evenings")
        AVERAGE = "average", _("Average of the counted evenings")

    class PointsBasis(models.TextChoices):
        MATCH = "match", _("Match points of each evening")
        GAME = "game", _("Game points of each evening")
        PLACE = "place", _("Points by place (table below)")

    class Guests(models.TextChoices):
        RANKED = "ranked", _("Ranked with the members")
        APART = "apart", _("Ranked apart")
        EXCLUDED = "excluded", _("Not ranked")

    class TieBreak(models.TextChoices):
        GAME_POINTS = "game_points", _("Game points of the counted evenings")
        BEST_EVENING = "best_evening", _("Best single evening")
        EVENINGS = "evenings", _("Number of evenings played")
        HEAD_TO_HEAD = "head_to_head", _("Head-to-head among the tied")

    class RankedAs(models.TextChoices):
        AUTO = "auto", _("As the evenings were played: pairs for fixed pairs, players when partners change")
        PLAYERS = "players", _("Players as individuals")
        PAIRS = "pairs", _("Pairs as pairs")
        BOTH = "both", _("Pairs and players, both")

    MAX_DIVISIONS = 4

    score_mode = models.CharField(_("score"), max_length=10, choices=ScoreMode.choices, default=ScoreMode.TOTAL)
    points_basis = models.CharField(
        _("points of an evening"), max_length=10, choices=PointsBasis.choices, default=PointsBasis.MATCH
    )
    place_points = models.CharField(
        _("points by place"), max_length=200, blank=True, help_text=_("From first place down, e.g. 8 7 6 5 4 3 2 1.")
    )
    drop_worst = models.PositiveSmallIntegerField(_("drop the worst evenings"), default=0)
    min_evenings = models.PositiveSmallIntegerField(_("evenings needed to be ranked"), default=0)
    missed_penalty = models.DecimalField(_("penalty per missed evening"), max_digits=6, decimal_places=2, default=0)
    guests = models.CharField(_("guests"), max_length=10, choices=Guests.choices, default=Guests.RANKED)
    tie_breaks = models.JSONField(_("tie-breaks"), default=list, blank=True)
    awarded_min_evenings = models.PositiveSmallIntegerField(_("evenings needed to award the ranking"), default=0)
    ranked_as = models.CharField(_("who is ranked"), max_length=10, choices=RankedAs.choices, default=RankedAs.AUTO)
    divisions = models.PositiveSmallIntegerField(
        _("divisions"), default=1, help_text=_("1: one ranking. 2 to 4: divisions A, B, … ranked apart.")
    )
    promotion = models.PositiveSmallIntegerField(
        _("promoted and relegated"),
        default=0,
        help_text=_("The top and bottom so many of each division move up and down into the next season."),
    )
    # The season this one was started from ("start the next season"): its divisions came from there.
    previous = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="next_seasons", editable=False
    )

    class Meta:
        ordering = ["-start_date"]
        constraints = [
            models.CheckConstraint(condition=Q(end_date__gte=models.F("start_date")), name="season_dates_ordered"),
        ]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")

    def __str__(self):
        return f"{self.club}: {self.name}"
