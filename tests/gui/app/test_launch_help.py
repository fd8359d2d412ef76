"""``proofdesk --help`` (the GUI's launch options, ``bash scripts/run.sh --help``) speaks
the user's language as the CLI does: argparse's own words and ProofDesk's option help
(issue 14). Run as a person runs it: the real entry point in a child process."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from backend import i18n
from gui.launch_args import parse_args
from tests.conftest import ROOT

HAN = re.compile("[\u4e00-\u9fff]")


def _launch(lang: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``python -m gui.entry ARGS`` under ``LANG=lang`` and no other locale variable."""
    env = {k: v for k, v in os.environ.items() if k not in i18n.LOCALE_VARIABLES}
    env["LANG"], env["COLUMNS"] = lang, "300"  # one line per option: no wrapping
    return subprocess.run(
        [sys.executable, "-m", "gui.entry", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _help(lang: str, *extra: str) -> str:
    done = _launch(lang, "--help", *extra)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_help_is_traditional_chinese_under_a_taiwanese_locale() -> None:
    said = _help("zh_TW.UTF-8")
    # argparse's words and ours, each in the catalogue's Chinese.
    for words in ("用法：", "選項", "顯示此說明後結束"):
        assert words in said, said
    for option in ("--store", "--password", "--lang"):
        line = next(line for line in said.splitlines() if line.strip().startswith(option))
        assert HAN.search(line), line
    assert "PDF to open" not in said and "the PDF's password" not in said, said


def test_help_is_english_otherwise_and_lang_wins() -> None:
    english = _help("C.UTF-8")
    assert english.startswith("usage: proofdesk") and "the PDF's password" in english
    assert not HAN.search(english), english
    assert "用法：" in _help("C.UTF-8", "--lang", "zh_TW")


def test_parsing_leaves_the_language_it_found() -> None:
    """The app (and a test) set the language before the window parses its options."""
    before = i18n.current_language()
    i18n.set_language("zh_TW")
    try:
        args = parse_args(["--lang", "en", "x.pdf"])
        assert args.lang == "en" and args.pdf == Path("x.pdf")
        assert i18n.current_language() == "zh_TW"
    finally:
        i18n.set_language(before)


@pytest.mark.parametrize("lang", ["zh_TW.UTF-8", "C.UTF-8"])
def test_a_bad_option_is_reported_in_that_language(lang: str) -> None:
    done = _launch(lang, "--no-such-option")
    assert done.returncode == 2
    assert bool(HAN.search(done.stderr)) == lang.startswith("zh"), done.stderr


def _listed(said: str) -> dict[str, str]:
    """The command lines of the help's list: ``{"store push": "copy this ...", ...}``."""
    rows = [line.strip() for line in said.split("\n\n")[-1].splitlines()]
    pairs = (re.split(" {2,}", row, maxsplit=1) for row in rows if "  " in row)
    return {name: summary for name, summary in pairs}


def test_help_lists_every_command_with_its_summary_grouped() -> None:
    from backend.cli import COMMANDS
    from backend.cli.commands import build_parser
    from backend.cli.overview import summaries

    said = _help("C.UTF-8")
    listed = _listed(said)
    registered = summaries(build_parser())
    assert listed == registered, said  # each once, with the summary its parser gives
    assert {name.split(" ")[0] for name in listed} == set(COMMANDS)
    for heading in ("Review:", "OCR:", "Servers:", "Team:", "Files:"):
        assert f"\n  {heading}\n" in said, said
    assert "\n  Other:\n" not in said  # every command has its group


def test_help_lists_the_commands_in_traditional_chinese_too() -> None:
    said = _help("C.UTF-8", "--lang", "zh_TW")
    listed = _listed(said)
    assert "status" in listed and "store push" in listed, said
    assert all(HAN.search(summary) for summary in listed.values()), said
    assert "\n  Review:\n" not in said and "\n  Files:\n" not in said, said
