"""The admin is for the installation's superusers only, as in pretix: club organisers work in the organiser
pages, which scope everything to their clubs. A staff flag alone opens nothing here, so no admin queryset
can show one club's events, sheets, players or referee addresses to another club's staff."""

from django.contrib import admin
from django.contrib.admin.apps import AdminConfig


class SuperuserAdminSite(admin.AdminSite):
    def has_permission(self, request):
        return request.user.is_active and request.user.is_superuser


class SuperuserAdminConfig(AdminConfig):
    default_site = "config.admin.SuperuserAdminSite"
