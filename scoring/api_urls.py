from django.urls import path

from scoring.public.rules_api import RulesListApi, RulesScoreApi
from scoring.sheets import api as sheet_api
from scoring.sheets.api_parts import ORGANISER, TABLE

urlpatterns = [
    path("rules/", RulesListApi.as_view(), name="rules-list"),
    path("rules/score/", RulesScoreApi.as_view(), name="rules-score"),
]


def _sheet_api_routes(prefix: str, access: dict, name: str, *, dispute: bool) -> list:
    """Score-entry endpoints under a table link's token or, for organisers, a sheet id (scoring.sheets.api)."""
    api = sheet_api
    routes = [
        path(prefix, api.SheetDetailApi.as_view(**access), name=f"{name}-detail"),
        path(f"{prefix}deals/", api.DealCreateApi.as_view(**access), name=f"{name}-deal-create"),
        path(f"{prefix}deals/validate/", api.DealValidateApi.as_view(**access), name=f"{name}-deal-validate"),
        path(f"{prefix}deals/<int:position>/", api.DealDetailApi.as_view(**access), name=f"{name}-deal-detail"),
        path(f"{prefix}deals/<int:position>/insert/", api.DealInsertApi.as_view(**access), name=f"{name}-deal-insert"),
        path(f"{prefix}submit/", api.SheetSubmitApi.as_view(**access), name=f"{name}-submit"),
        path(f"{prefix}confirm/", api.SheetConfirmApi.as_view(**access), name=f"{name}-confirm"),
    ]
    if dispute:
        routes.append(path(f"{prefix}dispute/", api.SheetDisputeApi.as_view(**access), name=f"{name}-dispute"))
    return routes


urlpatterns += [
    # Score entry: a table link (token in the path, no account) or an organiser (session) per sheet.
    *_sheet_api_routes("table/<str:token>/", TABLE, "api-table", dispute=True),
    *_sheet_api_routes("sheets/<int:sheet_id>/", ORGANISER, "api-sheet", dispute=False),
    path(
        "sheets/<int:sheet_id>/correct/",
        sheet_api.SheetCorrectApi.as_view(**ORGANISER),
        name="api-sheet-correct",
    ),
    path("rounds/<int:round_id>/sheets/", sheet_api.RoundSheetsApi.as_view(), name="api-round-sheets"),
]
