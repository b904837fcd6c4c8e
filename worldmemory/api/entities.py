from typing import Annotated

from django.http import HttpRequest
from ninja import Field, Router, Schema

from worldmemory.contracts import CleanStr
from worldmemory.selectors import entity_list

router = Router(tags=["entities"])


class EntityOut(Schema):
    ref: str
    kind: str = Field(alias="kind_id")
    canonical_name: str
    status: str


@router.get("/entities", response=list[EntityOut])
def list_entities(
    request: HttpRequest,
    kind: CleanStr | None = None,
    limit: Annotated[int, Field(ge=1, le=500)] = 100,
):
    """The owner's entities, most recently changed first."""
    return list(entity_list(scope=request.auth, kind=kind, limit=limit))
