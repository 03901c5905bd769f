from csp.decorators import csp_update
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerSplitView

from config import stream, views
from config.api import ApiRootApi
from config.security import rate_limited_password_reset
from tournaments.views import accounts

urlpatterns = [
    path("", views.landing, name="landing"),
    path("healthz", views.healthz, name="healthz"),
    path("live/<str:key>/", stream.stream, name="live-stream"),
    # The tables' and the public's pages near the top: their live polls are most of the requests, and a
    # request is matched against each pattern in turn (their first segments, c/ p/ t/ e/ v/ u/ rules/, are
    # theirs alone, so the order changes nothing else).
    path("", include("scoring.sheets.referee_urls")),
    path("", include("scoring.public.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/password/", accounts.password_change, name="password_change"),
    path("accounts/password/done/", accounts.password_change_done, name="password_change_done"),
    path("accounts/password/reset/", rate_limited_password_reset(accounts.password_reset), name="password_reset"),
    path("accounts/password/reset/sent/", accounts.password_reset_done, name="password_reset_done"),
    path("accounts/password/reset/<uidb64>/<token>/", accounts.password_reset_confirm, name="password_reset_confirm"),
    path("accounts/password/reset/done/", accounts.password_reset_complete, name="password_reset_complete"),
    path("accounts/invite/<uidb64>/<token>/", accounts.invite_accept, name="invite_accept"),
    path("accounts/setup/", accounts.first_account, name="first_account"),
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves its start-up script as a file, so the docs need no inline script (CSP). Swagger UI
    # and ReDoc draw styles with <style> elements at run time: only the two docs pages allow inline styles.
    path(
        "api/docs/",
        csp_update({"style-src": ["'unsafe-inline'"]})(SpectacularSwaggerSplitView.as_view(url_name="api-schema")),
        name="api-docs",
    ),
    # ReDoc's search runs in a worker made from a blob: address.
    path(
        "api/redoc/",
        csp_update({"style-src": ["'unsafe-inline'"], "worker-src": ["'self'", "blob:"]})(
            SpectacularRedocView.as_view(url_name="api-schema")
        ),
        name="api-redoc",
    ),
    path("api/v1/", ApiRootApi.as_view(), name="api-root"),
    path("api/v1/", include("tournaments.api_urls")),
    path("api/v1/", include("scoring.api_urls")),
    # Scoring's organiser pages first: tournaments' `rounds/<n>/<action>/` would take `rounds/<n>/sheets/`.
    path("", include("scoring.organiser_urls")),
    path("", include("tournaments.urls")),
]

# No /media/ route, not even in DEBUG: export files are served only by the results pages' download view,
# which checks the organiser (scoring/results/views.py).

# A database that is away answers 503 with Retry-After, not a 500 (config.views.server_error).
handler500 = "config.views.server_error"
