"""The pages under ``/gedaechtnis/``."""

from urllib.parse import unquote

from django.contrib.auth import views as auth_views
from django.urls import path, register_converter

from worldmemory.pages import (
    entity,
    graph,
    log,
    overview,
    playground,
    reflection,
    review,
    sources,
)

app_name = "gedaechtnis"


class SegmentConverter:
    """A ref or session id as one path segment, whatever it contains (``repo:octocat/hello``).

    ``/`` and ``%`` travel escaped once more than the rest of the URL: the server decodes
    the path once, so the segment still holds ``%2F`` where the id holds ``/``, and no
    id can run into a suffix such as ``/aktuell`` or ``/f/<id>``."""

    regex = "[^/]+"

    def to_python(self, value: str) -> str:
        return unquote(value)

    def to_url(self, value: str) -> str:
        return value.replace("%", "%25").replace("/", "%2F")


register_converter(SegmentConverter, "segment")

urlpatterns = [
    path(
        "anmelden/",
        auth_views.LoginView.as_view(template_name="gedaechtnis/login.html"),
        name="login",
    ),
    path("abmelden/", auth_views.LogoutView.as_view(next_page="gedaechtnis:login"), name="logout"),
    path("", overview.overview, name="overview"),
    path("e/<segment:ref>", entity.entity_detail, name="entity"),
    path("e/<segment:ref>/aktuell", entity.entity_facts_marker, name="entity-poll"),
    path("e/<segment:ref>/zusammenfuehren", entity.entity_merge, name="entity-merge"),
    path("e/<segment:ref>/umbenennen", entity.entity_rename, name="entity-rename"),
    path("e/<segment:ref>/trennen", entity.entity_split, name="entity-split"),
    path("e/<segment:ref>/f/<uuid:fact_id>", entity.fact_provenance, name="fact-provenance"),
    path("e/<segment:ref>/f/<uuid:fact_id>/aendern", entity.fact_change, name="fact-change"),
    path("e/<segment:ref>/f/<uuid:fact_id>/korrigieren", entity.fact_correct, name="fact-correct"),
    path("e/<segment:ref>/f/<uuid:fact_id>/beenden", entity.fact_end, name="fact-end"),
    path(
        "e/<segment:ref>/f/<uuid:fact_id>/vergessen", entity.fact_invalidate, name="fact-invalidate"
    ),
    path("pruefen/", review.review, name="review"),
    path("pruefen/anzahl", review.review_count, name="review-count"),
    path("pruefen/<uuid:item_id>/annehmen", review.review_accept, name="review-accept"),
    path("pruefen/<uuid:item_id>/ablehnen", review.review_reject, name="review-reject"),
    path("graph/", graph.explorer, name="graph"),
    path("graph/<segment:ref>", graph.neighbourhood, name="graph-entity"),
    path("logbuch/", log.log, name="log"),
    path("reflexion/", reflection.reflection, name="reflection"),
    path("quellen/", sources.sources, name="sources"),
    path("quellen/sitzung/<segment:external_id>", sources.session, name="session"),
    path("quellen/nachricht/<uuid:message_id>", sources.message, name="source-message"),
    path("spielwiese/", playground.playground, name="playground"),
    # a ref with a bare "/" typed or pasted into the address bar still finds its page
    path("e/<path:ref>", entity.entity_detail, name="entity-path"),
    path("graph/<path:ref>", graph.neighbourhood, name="graph-entity-path"),
    path("quellen/sitzung/<path:external_id>", sources.session, name="session-path"),
]
