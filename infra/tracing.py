"""OpenTelemetry spans of the write and read paths, when ``GD_OTEL`` is on.

Spans: ``curator.analyze`` (operations proposed), ``curator.validate`` (routes:
accept / review / reject), ``curator.commit`` (decisions), ``context.build``
(latency, linked entities, tokens). Their attributes are counts, names of
components and durations only: never message text, values, refs or owner ids,
and never secrets. Without ``GD_OTEL=1`` or without the ``otel`` extra installed,
``span`` costs a function call and records nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.conf import settings

log = logging.getLogger(__name__)
TRACER_NAME = "gedaechtnis"
AttributeValue = str | bool | int | float

_tracer: Any = None
_resolved = False
_provider: Any = None  # a tracer provider of our own (tests); else the global one


class Span:
    """What a block may add to its span: counts and other content-free attributes."""

    def __init__(self, otel_span: Any = None) -> None:
        self._span = otel_span

    def set(self, **attributes: AttributeValue) -> None:
        if self._span is None:
            return
        for key, value in attributes.items():
            self._span.set_attribute(f"gd.{key}", value)


def tracer() -> Any:
    """The OpenTelemetry tracer, or ``None`` when tracing is off or not installed."""
    global _tracer, _resolved
    if not _resolved:
        _resolved = True
        if getattr(settings, "GD_OTEL", False):
            try:
                from opentelemetry import trace
            except ImportError:
                log.warning("GD_OTEL is on but opentelemetry is not installed: pip install .[otel]")
            else:
                _tracer = trace.get_tracer(TRACER_NAME, tracer_provider=_provider)
    return _tracer


def tracing_reset(*, provider: Any = None) -> None:
    """Resolve the tracer again (after the setting changed), from ``provider`` if given."""
    global _tracer, _resolved, _provider
    _tracer, _resolved, _provider = None, False, provider


@contextmanager
def span(name: str, **attributes: AttributeValue) -> Iterator[Span]:
    active = tracer()
    if active is None:
        yield Span()
        return
    with active.start_as_current_span(name) as otel_span:
        handle = Span(otel_span)
        handle.set(**attributes)
        yield handle


def tracing_configure() -> None:
    """With ``GD_OTEL``: a tracer provider exporting over OTLP when an exporter package is
    installed (configured by the standard ``OTEL_*`` variables), else to the log."""
    if not getattr(settings, "GD_OTEL", False):
        return
    try:
        from opentelemetry import trace
        from opentelemetry.sdk.resources import Resource
        from opentelemetry.sdk.trace import TracerProvider
        from opentelemetry.sdk.trace.export import BatchSpanProcessor, ConsoleSpanExporter
    except ImportError:
        log.warning("GD_OTEL is on but the otel extra is not installed: pip install .[otel]")
        return
    try:
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

        exporter = OTLPSpanExporter()
    except ImportError:
        exporter = ConsoleSpanExporter()
    provider = TracerProvider(resource=Resource.create({"service.name": "gedaechtnis"}))
    provider.add_span_processor(BatchSpanProcessor(exporter))
    trace.set_tracer_provider(provider)
    tracing_reset()
