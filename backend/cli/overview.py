"""Every command of ``proofdesk``, grouped by what it is for, one line each.

``proofdesk --help`` (the launcher: a PDF opens the window, a command runs
here without Qt) ends with this list. The one-line summaries are the ones each
command registers with its parser, so a new command cannot be missing from the
list; only its group is named here (one not named lands in "Other").
"""

from __future__ import annotations

import argparse

from backend.i18n import N_, _

# (heading, top-level commands): the order they are listed in.
GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (N_("Review"), ("status", "compare", "eval", "replace", "facts", "glossary", "stats")),
    (N_("OCR"), ("ocr", "alt", "layout", "batch-prepare", "batch-import")),
    (N_("Servers"), ("plan",)),
    (N_("Team"), ("store",)),
    (N_("Files"), ("info", "import", "export", "publish")),
)
OTHER = N_("Other")


def summaries(parser: argparse.ArgumentParser, prefix: str = "") -> dict[str, str]:
    """``{"status": "review status per page", "store push": ..., ...}``: every command
    the parser runs, a command with its own subcommands (``store``) as each of them."""
    found: dict[str, str] = {}
    for action in parser._actions:  # argparse keeps the subcommands' help nowhere public
        if not isinstance(action, argparse._SubParsersAction):
            continue
        for choice in action._choices_actions:
            name = f"{prefix}{choice.dest}"
            nested = summaries(action.choices[choice.dest], f"{name} ")
            found.update(nested or {name: choice.help or ""})
    return found


def command_overview() -> str:
    """The commands under their group headings, in the current language."""
    from backend.cli.commands import build_parser  # every command's module: only for --help

    every = summaries(build_parser())
    width = max(map(len, every)) + 2
    listed: set[str] = set()
    lines = [_("Commands (“proofdesk COMMAND --help” for one):")]
    for heading, tops in (*GROUPS, (OTHER, tuple(every))):
        names = [n for n in every if n.split(" ")[0] in tops and n not in listed]
        if names:
            lines.append(f"  {_(heading)}:")
            lines += [f"    {n.ljust(width)}{every[n]}" for n in names]
            listed.update(names)
    return "\n".join(lines) + "\n"
