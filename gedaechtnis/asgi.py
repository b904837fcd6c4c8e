"""The ASGI application `make run` serves (uvicorn, ``gd_serve``).

Django gives every request a thread of its own for its synchronous parts and keeps
it until the response has been sent. For ordinary requests that is right; a live
stream, though, may stay open for hours and would hold an idle thread all that
time. Its synchronous steps (session, token check, subscribing) take a millisecond,
so streams run them on the one shared thread asgiref keeps for calls outside such a
context, and hold nothing but their queue while the client listens.

Every view is synchronous, and so are Django's own middleware. Run as an async chain, each
middleware's request and response hooks would hop to the request's thread and back: about
twenty hops a request (a 404 took 4.8 ms that way and 2.9 ms in one hop on this 2-core
machine, the more so the busier its CPU). The chain is therefore loaded synchronously and a
request's whole way through it (the middleware, the view, the response hooks) is one hop.
"""

import os

import django
from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIHandler
from django.http import HttpRequest, HttpResponse, HttpResponseBase

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gedaechtnis.settings")

LIVE_PATH = "/api/v1/live"


class Application(ASGIHandler):
    def load_middleware(self, is_async: bool = False) -> None:
        super().load_middleware(is_async=False)

    async def get_response_async(self, request: HttpRequest) -> HttpResponseBase:
        return await sync_to_async(self._get_whole_response, thread_sensitive=True)(request)

    def _get_whole_response(self, request: HttpRequest) -> HttpResponseBase:
        """The response, a synchronous stream read whole in the same hop: Django would read
        it whole anyway before sending it asynchronously, and warn on every static file
        (WhiteNoise streams them from their files)."""
        response = self.get_response(request)
        if not response.streaming or response.is_async:
            return response
        whole = HttpResponse(b"".join(response.streaming_content), status=response.status_code)
        for header, value in response.items():
            whole[header] = value
        whole.cookies = response.cookies
        response.close()
        return whole

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "http" and scope.get("path") == LIVE_PATH:
            await self.handle(scope, receive, send)
            return
        await super().__call__(scope, receive, send)


django.setup(set_prefix=False)
application = Application()


def _load_models() -> None:
    """The local embedding model, the word tagger (which reads a question's nouns) and the
    rule curator's nearest-example table load before this process takes requests: loaded
    by the first searches instead, they would hold their database connections for seconds,
    and the first message curated at once (the playground, ``"curate": "now"``) would wait
    for the table's 1300 examples to be embedded (9.5 s on a busy machine)."""
    from django.conf import settings

    from curator.language.tagging import part_of_speech
    from curator.pipeline import load_models

    if settings.GD_EMBEDDER == "local":
        from worldmemory.embedding import configured_embedder

        configured_embedder()
    load_models()
    for lang in ("de", "en"):
        part_of_speech("Haus", lang=lang)


_load_models()
