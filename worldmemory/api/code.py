"""Code mode: a repo's conventions, and the AGENTS.md section the caller may write."""

from __future__ import annotations

from typing import Annotated

from django.http import HttpRequest
from ninja import Field, Router

from worldmemory import codemode
from worldmemory.api.schemas import answers
from worldmemory.contracts import CleanStr
from worldmemory.reads.types import AgentsMdData, ConventionsData, ToolAnswer

router = Router(tags=["code"])

RepoParam = Annotated[CleanStr, Field(min_length=1, max_length=300)]


@router.get("/conventions", response=answers(ToolAnswer[ConventionsData], 404, 422))
def conventions(request: HttpRequest, repo: RepoParam):
    """The conventions that apply in ``repo``, resolved repo > project/folder > global."""
    coding = codemode.conventions_for(scope=request.auth, repo_ref=repo)
    return {"text": "\n".join(codemode.slice_lines(coding)), "data": coding}


@router.post("/agents-md", response=answers(ToolAnswer[AgentsMdData], 404, 422))
def agents_md(request: HttpRequest, repo: RepoParam):
    """Render the repo's conventions as an AGENTS.md section. Nothing is written: putting
    it into the repo is the caller's explicit act."""
    return codemode.agents_md_render(scope=request.auth, repo_ref=repo)
