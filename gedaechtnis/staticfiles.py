"""Static files from the app server itself (WhiteNoise), without a thread hop under ASGI.

WhiteNoise's middleware is synchronous only; in an async middleware chain Django
would then run every request through a thread and back. The lookup is a dict read
and the file is streamed by Django, so the same middleware works in both modes.
"""

from __future__ import annotations

from pathlib import Path

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.http import HttpRequest, HttpResponseBase
from whitenoise.middleware import WhiteNoiseMiddleware


class StaticFilesMiddleware(WhiteNoiseMiddleware):
    sync_capable = True
    async_capable = True

    def __init__(self, get_response) -> None:
        super().__init__(get_response)
        self.is_async = iscoroutinefunction(get_response)
        if self.is_async:
            markcoroutinefunction(self)

    def add_files(self, root, prefix=None) -> None:
        # STATIC_ROOT exists only after collectstatic; the finders serve the files until then
        if Path(root).is_dir():
            super().add_files(root, prefix)

    def _static_file(self, request: HttpRequest):
        if self.autorefresh:
            return self.find_file(request.path_info)
        return self.files.get(request.path_info)

    def __call__(self, request: HttpRequest):
        if self.is_async:
            return self._acall(request)
        return super().__call__(request)

    async def _acall(self, request: HttpRequest) -> HttpResponseBase:
        static_file = self._static_file(request)
        if static_file is not None:
            return self.serve(static_file, request)
        return await self.get_response(request)
