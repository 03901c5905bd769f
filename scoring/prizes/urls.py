"""The prize pages' addresses, under the event's `o/<club>/events/<event>/prizes/` (namespace "prizes",
included by scoring/organiser_urls.py)."""

from django.urls import path

from scoring.prizes import views

prizes = "o/<slug:club_slug>/events/<slug:event_slug>/prizes/"

urlpatterns = [
    path(prizes, views.prize_list_page, name="list"),
    path(prizes + "add/", views.prize_add_view, name="add"),
    path(prizes + "change/", views.prize_change_view, name="change"),
    path(prizes + "categories/add/", views.category_add_view, name="category_add"),
    path(prizes + "categories/change/", views.category_change_view, name="category_change"),
    path(prizes + "settings/", views.prize_settings_view, name="settings"),
    path(prizes + "giving/", views.giving_page, name="giving"),
    path(prizes + "giving/step/", views.giving_step_view, name="step"),
    path(prizes + "giving.pdf", views.giving_pdf_view, name="pdf"),
]
