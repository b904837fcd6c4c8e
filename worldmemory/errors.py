"""The application's error family; ``gedaechtnis.api`` maps each to one HTTP status."""


class ApplicationError(Exception):
    """``message`` is English (what the API and the log say); with ``params`` it is a
    template of ``worldmemory.messages``, so a page can say it in the person's language."""

    status_code = 400

    def __init__(
        self, message: str, *, params: dict | None = None, extra: dict | None = None
    ) -> None:
        self.template = message
        self.params = params
        self.message = message % params if params else message
        super().__init__(self.message)
        self.extra = extra or {}


class NotFound(ApplicationError):
    """Missing — and, identically, another owner's."""

    status_code = 404


class Conflict(ApplicationError):
    status_code = 409


class InvalidInput(ApplicationError):
    status_code = 422


class RateLimited(ApplicationError):
    """Too many requests; ``retry_after`` seconds until the next one is allowed."""

    status_code = 429

    def __init__(self, message: str, *, retry_after: int) -> None:
        super().__init__(message, extra={"retry_after": retry_after})
        self.retry_after = retry_after
