"""Admin for score sheets: read-only views of sheets, deals, history and table links.

Every write to a sheet goes through `scoring.sheets.services` (versions, validation, history), so the admin
does not edit sheets; its actions call services: rebuild cached results, revoke a table link.
"""

from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from scoring.models import Deal, Sheet, SheetChange, TableLink
from scoring.sheets.links import table_link_revoke
from scoring.sheets.permissions import actor_from_request
from scoring.sheets.rounds import sheets_recompute
from tournaments.permissions import is_organiser


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class DealInline(admin.TabularInline):
    model = Deal
    fields = ("position", "data", "client_id", "created_at", "updated_at")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


class SheetChangeInline(admin.TabularInline):
    model = SheetChange
    fields = ("created_at", "action", "deal_position", "user", "link", "ip_address", "reason", "version")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Sheet)
class SheetAdmin(ReadOnlyAdmin):
    list_display = ("game", "status", "deal_count", "total_a", "total_b", "held", "finished", "version", "updated_at")
    list_filter = ("status", "finished", "game__round__event__club")
    search_fields = ("game__round__event__name",)
    list_select_related = ("game__round__event",)
    readonly_fields = (
        "game",
        "status",
        "version",
        "entering_side",
        "deal_count",
        "total_a",
        "total_b",
        "held",
        "finished",
        "winner",
        "submitted_at",
        "confirmed_at",
        "dispute_message",
        "result",
        "updated_at",
    )
    inlines = [DealInline, SheetChangeInline]
    actions = ["recompute"]

    @admin.action(description=_("Rebuild the cached results from the deals"))
    def recompute(self, request, queryset):
        rounds = {sheet.game.round for sheet in queryset.select_related("game__round__event")}
        changed = sum(sheets_recompute(round=round) for round in rounds)
        self.message_user(
            request, ngettext("%(count)s sheet rebuilt.", "%(count)s sheets rebuilt.", changed) % {"count": changed}
        )


@admin.register(TableLink)
class TableLinkAdmin(ReadOnlyAdmin):
    list_display = ("game", "side", "created_at", "revoked_at")
    list_filter = ("side", ("revoked_at", admin.EmptyFieldListFilter))
    list_select_related = ("game__round__event",)
    # The token is a credential: it is shown on the table card and the round view, not in lists.
    exclude = ("token",)
    readonly_fields = ("game", "side", "created_at", "revoked_at")
    actions = ["revoke"]

    @admin.action(description=_("Revoke and issue a new link"))
    def revoke(self, request, queryset):
        done = 0
        for link in queryset.active().select_related("game__round__event"):
            if not (request.user.is_superuser or is_organiser(request.user, link.game.round.event.club_id)):
                continue
            table_link_revoke(link=link, actor=actor_from_request(request, organiser=True))
            done += 1
        self.message_user(
            request,
            ngettext("%(count)s link revoked.", "%(count)s links revoked.", done) % {"count": done},
            messages.SUCCESS,
        )


@admin.register(SheetChange)
class SheetChangeAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "sheet", "action", "deal_position", "user", "link", "ip_address", "version")
    list_filter = ("action",)
    list_select_related = ("sheet__game__round__event", "user", "link")
    readonly_fields = (
        "sheet",
        "action",
        "deal_position",
        "before",
        "after",
        "user",
        "link",
        "ip_address",
        "user_agent",
        "reason",
        "client_id",
        "version",
        "created_at",
    )
