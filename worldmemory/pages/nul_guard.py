"""A NUL character never reaches the database from a page: PostgreSQL refuses it in text,
so the page would fail with a server error instead of answering.

One guard over every page, form and admin view (``guard_patterns`` on their URL patterns):
a NUL in the address names nothing that can exist (a 404, as for any unknown id); a NUL in
a query or form field is an input the person can fix (a 400 that says so). The JSON API
validates its own input and answers in JSON. A view wrapper rather than a middleware: the
API's requests keep their whole stack for parsing deeply nested bodies."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import wraps

from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render
from django.urls import URLPattern, URLResolver

NUL = "\x00"


def _holds_nul(values: QueryDict) -> bool:
    return any(NUL in key or any(NUL in value for value in found) for key, found in values.lists())


def refuse_nul(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    @wraps(view)
    def guarded(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        # a path segment is unquoted once more by the pages' converter (``%2500`` → NUL)
        if NUL in request.path or "%00" in request.path:
            raise Http404("A NUL character in the address names nothing.")
        form = request.POST if request.method == "POST" else QueryDict()
        if _holds_nul(request.GET) or _holds_nul(form):
            return render(request, "400.html", status=400)
        return view(request, *args, **kwargs)

    return guarded


def guard_patterns(patterns: Iterable[URLPattern | URLResolver]) -> None:
    """Put ``refuse_nul`` in front of every view of ``patterns``, included ones too."""
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            guard_patterns(pattern.url_patterns)
        else:
            pattern.callback = refuse_nul(pattern.callback)
