"""Turn a read that got no full answer (no connection, a timeout, a broken
stream) into the ``ServerError`` that says what to do.

Kept apart from ``vllm`` because these are words for the user, chosen by the
kind of failure and the profile's limits, with no HTTP left to do; a failed
HTTP *answer* (a status code and its body) is ``http_errors``'s.
"""

from __future__ import annotations

import httpx

from backend.errors import ServerError, ServerTimeoutError, ServerUnreachableError
from backend.i18n import _
from backend.settings.profiles import ServerProfile


def timeout_error(
    profile: ServerProfile, *, started: bool, total: bool = False, receiving: bool = False
) -> ServerTimeoutError:
    """The first-token timeout while nothing came (unless ``total``), else the total one.

    ``receiving``: the server had begun to answer (status and headers came) but
    sent no token, or no whole answer, in time: a server trickling its bytes
    looks like this, and waiting longer would not help.
    """
    server = profile.api_root
    if not started and not total and receiving:
        return ServerTimeoutError(
            _(
                "{server} began to answer but sent no complete answer within "
                "{first_token_timeout_s:g} s; check the server (it may be overloaded), "
                "then run the page again."
            ).format(server=server, first_token_timeout_s=profile.first_token_timeout_s),
            phase="first_token",
            server=server,
        )
    if not started and not total:
        return ServerTimeoutError(
            _(
                "No answer from {server} within {first_token_timeout_s:g} s. A server "
                "that scales to zero can take minutes to start: raise the first-token "
                "timeout of the profile if this is a cold start."
            ).format(server=server, first_token_timeout_s=profile.first_token_timeout_s),
            phase="first_token",
            server=server,
        )
    return ServerTimeoutError(
        _(
            "The answer took longer than the {total_timeout_s:g} s allowed; raise "
            "the total timeout of the profile, or lower max tokens."
        ).format(total_timeout_s=profile.total_timeout_s),
        phase="total",
        server=server,
    )


def info_timeout_error(profile: ServerProfile, path: str, seconds: float) -> ServerTimeoutError:
    """``/v1/models``, ``/health`` or ``/metrics`` had no complete answer within ``seconds``."""
    server = profile.api_root
    return ServerTimeoutError(
        _(
            "{server} sent no complete answer to {path} within {seconds:g} s; check "
            "that the server is running and not overloaded, then try again."
        ).format(server=server, path=path, seconds=seconds),
        phase="total",
        server=server,
    )


def transport_error(exc: httpx.HTTPError, profile: ServerProfile, *, started: bool) -> ServerError:
    """``started``: the first token had come, so the connection broke mid-answer."""
    server = profile.api_root
    if isinstance(exc, httpx.ConnectTimeout):
        return ServerTimeoutError(
            _("Could not connect to {server} within {connect_timeout_s:g} s.").format(
                server=server, connect_timeout_s=profile.connect_timeout_s
            ),
            phase="connect",
            server=server,
            detail=repr(exc),
        )
    if isinstance(exc, httpx.ConnectError):
        return ServerUnreachableError(
            _("Cannot reach {server}: is the server running, and is the address right?").format(
                server=server
            ),
            server=server,
            detail=repr(exc),
        )
    if isinstance(exc, httpx.TimeoutException):
        return timeout_error(profile, started=started)
    if isinstance(exc, httpx.ProxyError):
        return ServerUnreachableError(
            _("The proxy set in the profile refused the connection: {exc}").format(exc=exc),
            server=server,
        )
    return ServerUnreachableError(
        _("The connection to {server} broke{value}; will try again.").format(
            server=server, value=" mid-answer" if started else ""
        ),
        server=server,
        detail=repr(exc),
    )
