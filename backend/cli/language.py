"""The CLI's language: ``--lang`` when given, else the locale (``LANG``, ``LC_ALL``...).

It is chosen before the parser is built, so ``--help`` and argparse's own
errors are in that language too; the option is still declared on every
command so that ``--help`` lists it and the parser accepts it.

argparse writes its own words ("usage:", "the following arguments are
required") through the gettext module's global domain, where no catalogue of
ours is; ``choose`` points argparse at ``backend.i18n`` instead, and
``ARGPARSE_WORDS`` lists those words so that they are in the catalogue.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from backend.i18n import LANGUAGES, N_, _, set_language, system_language

OPTION = "--lang"
# The messages of Python's argparse a person meets (3.11's wording; a message
# worded otherwise in another Python stays English, nothing breaks).
ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("ignored explicit argument %r"),
    N_("%(prog)s: error: %(message)s\n"),
)


def add_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        OPTION,
        choices=LANGUAGES,
        help=_("language of messages (default: from LANG / LC_ALL)"),
    )


def requested(argv: Sequence[str]) -> str | None:
    """The value of ``--lang X`` / ``--lang=X`` in ``argv`` (the last one wins)."""
    found = None
    for index, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == OPTION and index + 1 < len(argv):
            found = argv[index + 1]
        elif arg.startswith(OPTION + "="):
            found = arg.split("=", 1)[1]
    return found


def choose(argv: Sequence[str]) -> str:
    """Set the language of every later message; returns the one chosen."""
    language = set_language(requested(argv) or system_language())
    argparse._ = _  # type: ignore[attr-defined]  # argparse looks its words up here
    return language
