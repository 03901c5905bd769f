"""Organiser results pages under `o/<club_slug>/events/<event_slug>/results/` (namespace "results")."""

from django.urls import path

from scoring.results import views

app_name = "results"

prefix = "o/<slug:club_slug>/events/<slug:event_slug>/results/"

urlpatterns = [
    path(prefix, views.results_page, name="page"),
    path(prefix + "status.json", views.status_json, name="status"),
    path(prefix + "recompute/", views.recompute, name="recompute"),
    path(prefix + "adjustments/", views.adjustment_add, name="adjustment_add"),
    path(prefix + "adjustments/<int:adjustment_id>/delete/", views.adjustment_remove, name="adjustment_delete"),
    path(prefix + "exports/", views.export_start, name="export_start"),
    path(prefix + "exports/<int:export_id>.json", views.export_status, name="export_status"),
    path(prefix + "exports/<int:export_id>/download/", views.export_download, name="export_download"),
]
