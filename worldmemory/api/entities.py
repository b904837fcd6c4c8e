from typing import Annotated

from django.http import HttpRequest
from ninja import Field, Router

from worldmemory.api.schemas import answers
from worldmemory.contracts import CleanStr
from worldmemory.reads.selectors import entity_list
from worldmemory.reads.types import EntityOut

router = Router(tags=["entities"])


@router.get("/entities", response=answers(list[EntityOut], 422))
def list_entities(
    request: HttpRequest,
    kind: Annotated[CleanStr, Field(max_length=100)] | None = None,
    limit: Annotated[int, Field(ge=1, le=500)] = 100,
):
    """The owner's entities, most recently changed first."""
    return [
        EntityOut(ref=e.ref, kind=e.kind_id, canonical_name=e.canonical_name, status=e.status)
        for e in entity_list(scope=request.auth, kind=kind, limit=limit)
    ]
