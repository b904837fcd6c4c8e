"""Who a page request acts for: the logged-in user's owner, set for the request transaction."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from worldmemory.accounts import account_owner_sub
from worldmemory.errors import NotFound
from worldmemory.tenancy import OwnerScope, activate_owner


def owner_page(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Log in first; then run ``view(request, scope, …)`` with the account's owner active.

    The owner is set transaction-locally inside the request transaction
    (``ATOMIC_REQUESTS``), so it ends with the request. Another owner's refs are
    simply missing: services raise ``NotFound``, which becomes a 404 here.
    """

    @login_required
    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        owner_sub = account_owner_sub(user=request.user)
        if not owner_sub:
            return render(request, "gedaechtnis/no_owner.html", status=403)
        scope: OwnerScope = activate_owner(owner_sub)
        request.owner_scope = scope
        try:
            return view(request, scope, *args, **kwargs)
        except NotFound as error:
            raise Http404(error.message) from None

    return wrapper
