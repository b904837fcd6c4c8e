"""The pages under ``/gedaechtnis/``."""

from django.contrib.auth import views as auth_views
from django.urls import path

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

urlpatterns = [
    path(
        "anmelden/",
        auth_views.LoginView.as_view(template_name="gedaechtnis/login.html"),
        name="login",
    ),
    path("abmelden/", auth_views.LogoutView.as_view(next_page="gedaechtnis:login"), name="logout"),
    path("", overview.overview, name="overview"),
    path("e/<str:ref>", entity.entity_detail, name="entity"),
    path("e/<str:ref>/aktuell", entity.entity_facts_marker, name="entity-poll"),
    path("e/<str:ref>/zusammenfuehren", entity.entity_merge, name="entity-merge"),
    path("e/<str:ref>/trennen", entity.entity_split, name="entity-split"),
    path("e/<str:ref>/f/<uuid:fact_id>", entity.fact_provenance, name="fact-provenance"),
    path("e/<str:ref>/f/<uuid:fact_id>/aendern", entity.fact_change, name="fact-change"),
    path("e/<str:ref>/f/<uuid:fact_id>/korrigieren", entity.fact_correct, name="fact-correct"),
    path("e/<str:ref>/f/<uuid:fact_id>/beenden", entity.fact_end, name="fact-end"),
    path("e/<str:ref>/f/<uuid:fact_id>/vergessen", entity.fact_invalidate, name="fact-invalidate"),
    path("pruefen/", review.review, name="review"),
    path("pruefen/anzahl", review.review_count, name="review-count"),
    path("pruefen/<uuid:item_id>/annehmen", review.review_accept, name="review-accept"),
    path("pruefen/<uuid:item_id>/ablehnen", review.review_reject, name="review-reject"),
    path("graph/", graph.explorer, name="graph"),
    path("graph/<str:ref>", graph.neighbourhood, name="graph-entity"),
    path("logbuch/", log.log, name="log"),
    path("reflexion/", reflection.reflection, name="reflection"),
    path("quellen/", sources.sources, name="sources"),
    path("quellen/sitzung/<str:external_id>", sources.session, name="session"),
    path("quellen/nachricht/<uuid:message_id>", sources.message, name="source-message"),
    path("spielwiese/", playground.playground, name="playground"),
]
