from django.contrib import admin
from django.urls import include, path
from django.views.generic import RedirectView

from gedaechtnis.api import api
from gedaechtnis.health import healthz, readyz
from infra.metrics import metrics
from worldmemory.live import live_events

urlpatterns = [
    path("", RedirectView.as_view(pattern_name="gedaechtnis:overview"), name="home"),
    path("healthz", healthz, name="healthz"),
    path("readyz", readyz, name="readyz"),
    path("metrics", metrics, name="metrics"),
    path("admin/", admin.site.urls),
    path("api/v1/live", live_events, name="live"),  # a stream, outside the JSON API
    path("api/v1/", api.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("gedaechtnis/", include("worldmemory.pages.urls")),
]
