"""The application's error family; ``gedaechtnis.api`` maps each to one HTTP status."""


class ApplicationError(Exception):
    status_code = 400

    def __init__(self, message: str, *, extra: dict | None = None) -> None:
        super().__init__(message)
        self.message = message
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
