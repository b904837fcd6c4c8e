"""OpenTelemetry spans: the four names, counts and latency, never content or owner ids."""

from __future__ import annotations

import pytest
from django.test import Client, override_settings
from django.utils import timezone
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from curator.pipeline import curate_due
from infra.tracing import tracing_reset
from tests.conftest import BOTH_DATABASES
from tests.curator.test_pipeline import LATER, Chat

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

CONTENT = ("Luna", "Katze", "Tierärztin", "alice")


@pytest.fixture
def exporter():
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    tracing_reset(provider=provider)
    yield exporter
    tracing_reset()


def _run(chat: Chat) -> None:
    chat.say("Luna ist meine Katze, sie war heute bei der Tierärztin")
    assert curate_due(now=timezone.now() + LATER) == 1
    response = Client().get("/api/v1/context", {"message": "Wie geht es Luna?"}, **chat.headers)
    assert response.status_code == 200


@override_settings(GD_OTEL=True)
def test_spans_carry_counts_and_latency_but_no_content(exporter):
    _run(Chat())
    spans = {span.name: dict(span.attributes) for span in exporter.get_finished_spans()}
    assert {"curator.analyze", "curator.validate", "curator.commit", "context.build"} <= set(spans)
    assert spans["curator.analyze"]["gd.curator"] == "rules"
    assert spans["curator.analyze"]["gd.operations"] > 0
    assert spans["curator.validate"]["gd.route.commit"] > 0
    assert spans["curator.commit"]["gd.committed"] > 0
    assert spans["context.build"]["gd.linked_entities"] == 1
    assert spans["context.build"]["gd.elapsed_ms"] > 0 and spans["context.build"]["gd.tokens"] > 0
    for name, attributes in spans.items():
        for value in attributes.values():
            assert not any(word in str(value) for word in CONTENT), (name, value)


@override_settings(GD_OTEL=False)
def test_no_spans_when_tracing_is_off(exporter):
    _run(Chat())
    assert exporter.get_finished_spans() == ()
