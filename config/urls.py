from django.conf import settings
from django.conf.urls.static import static
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from config import views
from config.api import ApiRootApi
from tournaments import account_views

urlpatterns = [
    path("", views.landing, name="landing"),
    path("healthz", views.healthz, name="healthz"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/password/", account_views.password_change, name="password_change"),
    path("accounts/password/done/", account_views.password_change_done, name="password_change_done"),
    path("accounts/password/reset/", account_views.password_reset, name="password_reset"),
    path("accounts/password/reset/sent/", account_views.password_reset_done, name="password_reset_done"),
    path("accounts/password/reset/<uidb64>/<token>/", account_views.password_reset_confirm,
         name="password_reset_confirm"),
    path("accounts/password/reset/done/", account_views.password_reset_complete, name="password_reset_complete"),
    path("accounts/invite/<uidb64>/<token>/", account_views.invite_accept, name="invite_accept"),
    path("accounts/setup/", account_views.first_account, name="first_account"),
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/v1/", ApiRootApi.as_view(), name="api-root"),
    path("api/v1/", include("tournaments.api_urls")),
    path("api/v1/", include("scoring.api_urls")),
    path("", include("tournaments.urls")),
    path("", include("scoring.urls")),
    path("", include("scoring.public_urls")),
    path("", include("scoring.export_urls")),
    path("", include("scoring.desk_urls")),
]

if settings.DEBUG:
    urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)
