"""Django admin for every tournaments model. Status changes of rounds and events go through the services
(admin actions), so the admin cannot skip a step of the status machine or the frozen rule set."""

from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from tournaments import services
from tournaments.exceptions import TournamentError
from tournaments.models import (
    CheckIn,
    Club,
    Entry,
    Event,
    EventFee,
    Game,
    Membership,
    Payment,
    Player,
    Round,
    Season,
    Standing,
    Table,
)


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "city"]
    search_fields = ["name", "slug", "city"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [MembershipInline]


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ["user", "club", "role"]
    list_filter = ["role", "club"]
    search_fields = ["user__username", "club__name"]
    autocomplete_fields = ["user", "club"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["last_name", "first_name", "club", "is_guest", "home_club", "is_active"]
    list_filter = ["club", "is_guest", "is_active"]
    search_fields = ["first_name", "last_name", "email", "home_club"]
    list_select_related = ["club"]


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "start_date", "end_date", "ranking_rule", "best_n"]
    list_filter = ["club"]
    search_fields = ["name", "club__name"]
    list_select_related = ["club"]


class TableInline(admin.TabularInline):
    model = Table
    extra = 0


def _run(modeladmin, request, queryset, service, done):
    ok = 0
    for obj in queryset:
        try:
            service(obj)
            ok += 1
        except (TournamentError, ValidationError) as exc:
            text = " ".join(exc.messages) if isinstance(exc, ValidationError) else str(exc)
            modeladmin.message_user(request, f"{obj}: {text}", messages.ERROR)
    if ok:
        modeladmin.message_user(request, done % {"count": ok}, messages.SUCCESS)


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "date", "status", "team_mode", "rounds", "rules_preset", "entries_open"]
    list_filter = ["status", "team_mode", "club", "rules_preset"]
    search_fields = ["name", "slug", "club__name", "venue"]
    list_select_related = ["club"]
    date_hierarchy = "date"
    readonly_fields = ["status", "rules_frozen", "started_at", "standings_version", "standings_computed_at"]
    inlines = [TableInline]
    actions = ["open_events", "start_events", "finish_events"]

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        if obj is not None and obj.started_at is not None:
            # Frozen with the rule set once the event started.
            fields += sorted(services.FROZEN_FIELDS)
        return fields

    @admin.action(description=_("Open for entries"))
    def open_events(self, request, queryset):
        done = ngettext_lazy("%(count)s event opened.", "%(count)s events opened.", "count")
        _run(self, request, queryset, lambda e: services.event_open(event=e), done)

    @admin.action(description=_("Start (freeze the rule set)"))
    def start_events(self, request, queryset):
        done = ngettext_lazy("%(count)s event started.", "%(count)s events started.", "count")
        _run(self, request, queryset, lambda e: services.event_start(event=e), done)

    @admin.action(description=_("Finish"))
    def finish_events(self, request, queryset):
        done = ngettext_lazy("%(count)s event finished.", "%(count)s events finished.", "count")
        _run(self, request, queryset, lambda e: services.event_finish(event=e), done)


class CheckInInline(admin.TabularInline):
    model = CheckIn
    extra = 0


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["number", "__str__", "event", "affiliation", "fixed_table", "needs_step_free", "late"]
    list_filter = ["event__club", "late", "needs_step_free"]
    search_fields = ["name", "player_1__last_name", "player_2__last_name", "event__name"]
    list_select_related = ["event", "player_1", "player_2"]
    autocomplete_fields = ["player_1", "player_2"]
    raw_id_fields = ["event"]
    inlines = [CheckInInline]


@admin.register(CheckIn)
class CheckInAdmin(admin.ModelAdmin):
    list_display = ["entry", "round_number", "status", "updated_at"]
    list_filter = ["status", "round_number"]
    list_select_related = ["entry__player_1", "entry__player_2"]
    raw_id_fields = ["entry"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["number", "label", "step_free", "event"]
    list_filter = ["step_free", "event__club"]
    list_select_related = ["event"]
    raw_id_fields = ["event"]


class GameInline(admin.TabularInline):
    model = Game
    fk_name = "round"
    extra = 0
    can_delete = False
    fields = [
        "table_number",
        "entry_a",
        "entry_a_partner",
        "entry_b",
        "entry_b_partner",
        "is_bye",
        "first_dealer",
        "flags",
    ]
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["__str__", "number", "method", "seed", "status", "released_at", "closed_at"]
    list_filter = ["status", "method", "event__club"]
    list_select_related = ["event"]
    readonly_fields = [
        "event",
        "number",
        "method",
        "seed",
        "status",
        "quality",
        "confirmed_at",
        "released_at",
        "closed_at",
    ]
    inlines = [GameInline]
    actions = ["confirm_rounds", "release_rounds", "close_rounds"]

    def has_add_permission(self, request):
        # Rounds are drawn by the draw manager (organiser pages or API), never typed in.
        return False

    @admin.action(description=_("Confirm the draw"))
    def confirm_rounds(self, request, queryset):
        done = ngettext_lazy("%(count)s round confirmed.", "%(count)s rounds confirmed.", "count")
        _run(self, request, queryset, lambda r: services.round_confirm(round=r), done)

    @admin.action(description=_("Release"))
    def release_rounds(self, request, queryset):
        done = ngettext_lazy("%(count)s round released.", "%(count)s rounds released.", "count")
        _run(self, request, queryset, lambda r: services.round_release(round=r), done)

    @admin.action(description=_("Close"))
    def close_rounds(self, request, queryset):
        done = ngettext_lazy("%(count)s round closed.", "%(count)s rounds closed.", "count")
        _run(self, request, queryset, lambda r: services.round_close(round=r), done)


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["__str__", "table_number", "entry_a", "entry_b", "is_bye", "first_dealer"]
    list_filter = ["is_bye", "round__status"]
    list_select_related = [
        "round__event",
        "entry_a__player_1",
        "entry_a__player_2",
        "entry_b__player_1",
        "entry_b__player_2",
    ]
    raw_id_fields = ["round", "entry_a", "entry_a_partner", "entry_b", "entry_b_partner"]


@admin.register(Standing)
class StandingAdmin(admin.ModelAdmin):
    """Read-only: standings are rebuilt from the deals by scoring's task, never edited by hand."""

    list_display = ["rank", "entry", "event", "round_number", "match_points", "total_points", "games"]
    list_filter = ["round_number", "event__club"]
    list_select_related = ["event", "entry__player_1", "entry__player_2"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(EventFee)
class EventFeeAdmin(admin.ModelAdmin):
    list_display = ["event", "amount", "per", "member_reduction", "junior_reduction", "payout_mode"]
    list_filter = ["event__club"]


@admin.register(Payment)
class PaymentAdmin(admin.ModelAdmin):
    """The ledger, read only: a payment is never edited or deleted (a refund or a correction is a new row,
    made on the treasurer's sheet)."""

    list_display = ["event", "entry_number", "kind", "amount", "way", "comment", "user", "created_at"]
    list_filter = ["event__club", "kind", "way"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
