"""Code mode: a repo's conventions, and the AGENTS.md section the caller may write."""

from __future__ import annotations

from typing import Annotated

from django.http import HttpRequest
from ninja import Field, Router

from worldmemory import codemode
from worldmemory.api.schemas import ToolOut
from worldmemory.contracts import CleanStr

router = Router(tags=["code"])

ERRORS = {404: dict, 422: dict}
RepoParam = Annotated[CleanStr, Field(min_length=1, max_length=300)]


@router.get("/conventions", response={200: ToolOut, **ERRORS})
def conventions(request: HttpRequest, repo: RepoParam):
    """The conventions that apply in ``repo``, resolved repo > project/folder > global."""
    coding = codemode.conventions_for(scope=request.auth, repo_ref=repo)
    return {"text": "\n".join(codemode.slice_lines(coding)), "data": coding}


@router.post("/agents-md", response={200: ToolOut, **ERRORS})
def agents_md(request: HttpRequest, repo: RepoParam):
    """Render the repo's conventions as an AGENTS.md section. Nothing is written: putting
    it into the repo is the caller's explicit act."""
    return codemode.agents_md_render(scope=request.auth, repo_ref=repo)
