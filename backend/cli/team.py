"""The team server on the command line.

    proofdesk status PDF --store postgresql://host/db --json   with the team's progress
    proofdesk store push PDF --to postgresql://host/db [--store LOCAL]
    proofdesk store pull PDF --from postgresql://host/db [--store LOCAL]

``--store`` takes a store file or a ``postgresql://`` URL everywhere. The
password is in the URL, ``PGPASSWORD``/``~/.pgpass``, or the keyring entry
``postgresql:USER@HOST:PORT/DB`` (as server keys are kept). A remote server is
reached with a verified TLS certificate (``sslmode=verify-full``).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from backend.cli.output import PREFIX, fail, say, warn
from backend.i18n import _
from backend.session.document_session import DocumentSession
from backend.store.postgres.urls import is_team_url

if TYPE_CHECKING:
    from backend.store.postgres.team_store import TeamStore


def store_target(value: str) -> Path | str:
    """``--store``: a team server's URL stays a string; anything else is a file path."""
    return value if is_team_url(value) else Path(value)


def team_url(value: str) -> str:
    if not is_team_url(value):
        raise argparse.ArgumentTypeError(
            _("not a team server address (postgresql://host/db): {value}").format(value=value)
        )
    return value


def add_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    store = sub.add_parser("store", help=_("move a review to or from the team server"))
    moves = store.add_subparsers(dest="move", required=True)
    push = moves.add_parser("push", parents=[common], help=_("copy this review to the team server"))
    push.add_argument("--to", dest="url", type=team_url, required=True, metavar="URL")
    pull = moves.add_parser("pull", parents=[common], help=_("copy the team's review to here"))
    pull.add_argument("--from", dest="url", type=team_url, required=True, metavar="URL")


def run(args: argparse.Namespace) -> int:
    from backend.session.team import open_team_store
    from backend.store.postgres import transfer

    if is_team_url(args.store):
        return fail(_("--store names the review on this computer here; the server is --to/--from."))
    local = DocumentSession.open(  # a push only reads the review here: it makes none
        args.pdf, password=args.password, store_path=args.store, create=args.move != "push"
    )
    try:
        team = open_team_store(local.pdf, args.url)
        try:
            if args.move == "push":
                count = transfer.push(local.store.local(), team)
                _share_measures(team, local.page_count)
                message = _("Pushed {count} version(s) to the team server.")
            else:
                count = transfer.pull(team, local.store.local())
                message = _("Pulled {count} version(s) from the team server.")
        finally:
            team.close_connection()
    finally:
        local.close()
    if local.backup_error:
        warn(PREFIX + local.backup_error)
    say(message.format(count=count), one_line=True)
    return 0


def _share_measures(team: TeamStore, page_count: int) -> None:
    """The pushed approvals' measures for every member's statistics (``shared_measures``);
    the push stands without them: the statistics then measure those pages themselves."""
    import psycopg

    from backend.stats.shared_measures import share_pushed
    from backend.store.postgres.errors import TeamStoreError

    try:
        share_pushed(team, page_count)
    except (TeamStoreError, psycopg.Error) as exc:
        warn(
            PREFIX
            + _(
                "The statistics' measures were not shared ({error}); "
                "statistics will measure the pushed pages again."
            ).format(error=exc)
        )


def progress(session: DocumentSession) -> dict[str, Any] | None:
    """The team's progress (per status, per person, claims) when on the team server."""
    from backend.store.postgres.team_store import TeamStore

    store = session.store
    if not isinstance(store, TeamStore):
        return None
    return store.progress()


def say_progress(progress: dict[str, Any]) -> None:
    """The team's progress as text lines, after ``status``'s per-page lines."""
    for name, counts in sorted(progress["people"].items()):
        say(
            _(
                "{name}: edited {edited}, final approvals {final}, claimed {claimed}, "
                "assigned {assigned} ({left} to go)"
            ).format(
                name=name,
                edited=counts["edited"],
                final=counts["final"],
                claimed=counts["claimed"],
                assigned=counts["assigned"],
                left=counts["assigned"] - counts["assigned_final"],
            ),
            one_line=True,
        )
    for claim in progress["claims"]:
        say(_("page {page}: being edited by {holder}").format(**claim), one_line=True)
