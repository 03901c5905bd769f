from django.urls import path

from scoring.rules_api import RulesListApi, RulesScoreApi

urlpatterns = [
    path("rules/", RulesListApi.as_view(), name="rules-list"),
    path("rules/score/", RulesScoreApi.as_view(), name="rules-score"),
]
