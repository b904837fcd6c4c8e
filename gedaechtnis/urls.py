from django.contrib import admin
from django.urls import include, path
from django.views.generic import RedirectView

from gedaechtnis.api import api
from gedaechtnis.health import healthz, readyz
from infra.metrics import metrics
from worldmemory.live import live_events
from worldmemory.pages.nul_guard import guard_patterns

admin_pages = path("admin/", admin.site.urls)
pages = path("gedaechtnis/", include("worldmemory.pages.urls"))
# a NUL in a page's address, query or form is a 404 or a 400, never a database error
guard_patterns([pages, admin_pages])

urlpatterns = [
    path("", RedirectView.as_view(pattern_name="gedaechtnis:overview"), name="home"),
    path("healthz", healthz, name="healthz"),
    path("readyz", readyz, name="readyz"),
    path("metrics", metrics, name="metrics"),
    admin_pages,
    path("api/v1/live", live_events, name="live"),  # a stream, outside the JSON API
    path("api/v1/", api.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    pages,
]
