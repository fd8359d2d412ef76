"""Backend messages go through the catalogue, and the catalogue is complete.

- the language follows the locale (and ``--lang``) and the zh_TW catalogue loads;
- the catalogue lists exactly the ``_()`` / ``N_()`` strings of the code
  (``bash scripts/update_translations.sh`` refreshes it);
- every string has a zh_TW translation with the same placeholders;
- no backend module raises a ProofDeskError with a message that skips ``_()``.
"""

from __future__ import annotations

import ast
import gettext
import io
import re
import string
import sys
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from backend import i18n
from backend.cli import commands
from tests.conftest import ROOT

CATALOGUE = ROOT / "resources" / "translations" / "backend"
BACKEND = ROOT / "backend"


@pytest.mark.parametrize(
    ("name", "language"),
    [
        ("zh_TW.UTF-8", "zh_TW"),
        ("zh-Hant-HK", "zh_TW"),
        ("zh_HK", "zh_TW"),
        ("zh_Hant", "zh_TW"),
        ("zh_CN.UTF-8", "en"),
        ("en_GB", "en"),
        ("de_DE@euro", "en"),
        ("C", None),
        ("POSIX", None),
        ("", None),
    ],
)
def test_locale_names_map_to_a_shipped_language(name: str, language: str | None) -> None:
    assert i18n.language_for(name) == language


def test_the_locale_variables_are_read_in_gettext_order() -> None:
    assert i18n.system_language({"LANG": "zh_TW.UTF-8"}) == "zh_TW"
    assert i18n.system_language({"LANG": "zh_TW.UTF-8", "LC_ALL": "en_US.UTF-8"}) == "en"
    assert i18n.system_language({"LANGUAGE": ":zh_TW:en", "LANG": "en_US"}) == "zh_TW"
    assert i18n.system_language({"LC_ALL": "C", "LANG": "zh_HK.UTF-8"}) == "zh_TW"
    assert i18n.system_language({"PROOFDESK_LANG": "en", "LANG": "zh_TW"}) == "en"
    assert i18n.system_language({}) == "en"


def test_set_language_translates_and_english_restores_the_templates() -> None:
    message = "The export was cancelled; nothing was written."
    assert i18n.set_language("zh_TW.UTF-8") == "zh_TW"
    translated = i18n._(message)
    assert translated != message and re.search("[\u4e00-\u9fff]", translated)
    assert i18n.set_language("en") == "en"
    assert i18n._(message) == message


def test_a_stale_or_missing_mo_is_compiled_from_the_po(tmp_path: Path) -> None:
    po = tmp_path / "zh_TW.po"
    po.write_text(
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Page {n}"\nmsgstr "第 {n} 頁"\n',
        "utf-8",
    )
    loaded = i18n.load_catalogue("zh_TW", tmp_path)
    assert loaded is not None and loaded.gettext("Page {n}") == "第 {n} 頁"
    (tmp_path / "zh_TW.mo").write_bytes(b"not a catalogue")  # damaged and newer
    assert i18n.load_catalogue("zh_TW", tmp_path) is None  # English, not a crash


def test_the_cli_follows_lang_and_the_lang_option(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    missing = tmp_path / "nope.pdf"
    for variable in ("PROOFDESK_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)  # LANG alone decides
    monkeypatch.setenv("LANG", "zh_TW.UTF-8")
    assert commands.main(["info", str(missing)]) == 2
    chinese = capsys.readouterr().err
    assert re.search("[\u4e00-\u9fff]", chinese), chinese
    assert commands.main(["info", "--lang", "en", str(missing)]) == 2
    english = capsys.readouterr().err
    assert not re.search("[\u4e00-\u9fff]", english.replace(str(missing), "")), english


def test_argparse_speaks_the_cli_language_too(capsys: pytest.CaptureFixture[str]) -> None:
    assert commands.main(["export", "--lang", "zh_TW"]) == 2
    said = capsys.readouterr().err
    assert "缺少必要的引數" in said and "--format" in said, said
    assert commands.main(["export", "--lang", "en"]) == 2
    assert "the following arguments are required" in capsys.readouterr().err


def _code_messages() -> set[str]:
    """What scripts/update_translations.sh extracts: the same Babel configuration."""
    with (CATALOGUE / "babel.cfg").open() as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    sys.path.insert(0, str(ROOT / "scripts"))  # the rule table's extractor
    try:
        found = list(
            extract_from_dir(str(ROOT), method_map, options_map, keywords={"_": None, "N_": None})
        )
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    return {message for _file, _line, message, _comments, _context in found if message}


def _catalogue(path: Path, locale: str | None = None) -> dict[str, tuple[str, bool]]:
    catalog = read_po(io.BytesIO(path.read_bytes()), locale=locale)
    return {m.id: (str(m.string), m.fuzzy) for m in catalog if m.id and isinstance(m.id, str)}


def test_the_catalogue_matches_the_code() -> None:
    """Run ``bash scripts/update_translations.sh`` when this fails."""
    code = _code_messages()
    assert len(code) > 100  # the extractor read the code: this test can fail
    template = set(_catalogue(CATALOGUE / "proofdesk.pot"))
    assert code - template == set(), "missing from proofdesk.pot"
    assert template - code == set(), "in proofdesk.pot but gone from the code"
    assert set(_catalogue(CATALOGUE / "zh_TW.po", "zh_TW")) == template


def placeholders(text: str) -> list[str]:
    """The ``{name}`` / ``{name:spec}`` fields of a str.format template, sorted."""
    return sorted(
        f"{{{field}{'!' + conv if conv else ''}{':' + spec if spec else ''}}}"
        for _lit, field, spec, conv in string.Formatter().parse(text)
        if field is not None
    )


def test_every_backend_message_has_a_zh_tw_translation() -> None:
    entries = _catalogue(CATALOGUE / "zh_TW.po", "zh_TW")
    assert len(entries) > 100
    untranslated = [m for m, (text, fuzzy) in entries.items() if not text.strip() or fuzzy]
    assert untranslated == [], f"{len(untranslated)} untranslated (or fuzzy) messages"
    broken = [
        (m, text) for m, (text, _fuzzy) in entries.items() if placeholders(m) != placeholders(text)
    ]
    assert broken == [], "placeholders differ between English and zh_TW"


def test_translated_messages_format_with_their_english_fields() -> None:
    """A translation can be formatted with exactly the fields the code passes."""
    translations = i18n.load_catalogue("zh_TW")
    assert isinstance(translations, gettext.GNUTranslations)
    assert translations.gettext("The export was cancelled; nothing was written.") != (
        "The export was cancelled; nothing was written."
    )


# -- the code keeps to it -------------------------------------------------------------------


def _error_classes(trees: dict[Path, ast.Module]) -> set[str]:
    """Every class in backend/ that derives (through any chain) from ProofDeskError."""
    bases: dict[str, set[str]] = {}
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                names = {
                    b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases
                }
                bases.setdefault(node.name, set()).update(names)
    errors = {"ProofDeskError"}
    while True:
        more = {name for name, parents in bases.items() if parents & errors} - errors
        if not more:
            return errors
        errors |= more


def _is_plain_text(node: ast.AST) -> bool:
    """A message written in the code but not through ``_()``: a literal, an f-string,
    or text glued together with + or %."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and any(c.isalpha() for c in node.value)
    if isinstance(node, ast.JoinedStr):
        return any(_is_plain_text(v) for v in node.values)
    if isinstance(node, ast.BinOp):
        return _is_plain_text(node.left) or _is_plain_text(node.right)
    return False


def untranslated_raises(tree: ast.AST, errors: set[str]) -> list[tuple[int, str]]:
    """(line, class) of each ``ErrorClass("literal")`` (raised or kept) in ``tree``."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        if name not in errors:
            continue
        messages = node.args[:1] + [k.value for k in node.keywords if k.arg == "message"]
        if any(_is_plain_text(m) for m in messages):
            found.append((node.lineno, name))
    return found


def bad_gettext_calls(tree: ast.AST) -> list[int]:
    """Lines where ``_()`` gets an f-string, a glued or formatted string: the catalogue
    key would change with every value (format the translated template instead)."""
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("_", "N_")
        and node.args
        and not isinstance(node.args[0], ast.Constant | ast.Name | ast.Attribute | ast.Subscript)
    ]


def _trees() -> dict[Path, ast.Module]:
    return {p: ast.parse(p.read_text("utf-8")) for p in sorted(BACKEND.rglob("*.py"))}


def test_backend_errors_carry_translated_messages() -> None:
    trees = _trees()
    errors = _error_classes(trees)
    assert {"StoreFullError", "ExportError", "PlanError"} <= errors  # the walk found them
    offenders = [
        f"{path.relative_to(ROOT)}:{line}: {name}"
        for path, tree in trees.items()
        for line, name in untranslated_raises(tree, errors)
    ]
    assert offenders == [], "wrap these messages in _() (backend.i18n)"


def test_gettext_is_given_templates_only() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{line}"
        for path, tree in _trees().items()
        for line in bad_gettext_calls(tree)
    ]
    assert offenders == []


def test_the_checkers_catch_what_they_should() -> None:
    tree = ast.parse(
        'raise StoreError("The disk is full.")\n'
        'raise StoreError(f"Cannot read {path}.")\n'
        'raise StoreError(_("Fine {path}.").format(path=p))\n'
        "raise StoreError(message)\n"
        'err = ExportError("Kept " + name)\n'
        'x = _(f"Page {n}")\n'
        'y = _("Page {n}").format(n=1)\n'
    )
    assert untranslated_raises(tree, {"StoreError", "ExportError"}) == [
        (1, "StoreError"),
        (2, "StoreError"),
        (5, "ExportError"),
    ]
    assert bad_gettext_calls(tree) == [6]


def rebinds_gettext(tree: ast.AST) -> list[int]:
    """Lines that bind ``_`` (``for _ in``, ``a, _ = ...``, a parameter) in a module that
    imports ``_`` from backend.i18n: inside that function ``_("...")`` would then call
    the throwaway value (or fail as an unbound local)."""
    imports = any(
        isinstance(node, ast.ImportFrom)
        and node.module == "backend.i18n"
        and any(alias.name == "_" and alias.asname is None for alias in node.names)
        for node in ast.walk(tree)
    )
    if not imports:
        return []
    return sorted(
        node.lineno
        for node in ast.walk(tree)
        if (isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store))
        or (isinstance(node, ast.arg) and node.arg == "_")
    )


def test_modules_that_translate_never_rebind_the_gettext_name() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{line}"
        for path, tree in _trees().items()
        for line in rebinds_gettext(tree)
    ]
    assert offenders == [], "name the throwaway value something else (_rest, _attempt)"
    sample = ast.parse("from backend.i18n import _\nfor _ in range(3):\n    pass\n")
    assert rebinds_gettext(sample) == [2]


def import_time_gettext(tree: ast.Module) -> list[int]:
    """Lines where ``_()`` runs when the module is imported (module or class level, or
    a default argument): the text would stay in the language of that moment, before
    the UI language is chosen. Mark such strings with ``N_()`` and translate them
    where they are shown."""

    def calls(node: ast.AST) -> list[int]:
        return [
            c.lineno
            for c in ast.walk(node)
            if isinstance(c, ast.Call) and isinstance(c.func, ast.Name) and c.func.id == "_"
        ]

    found: list[int] = []
    pending: list[ast.AST] = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for default in [*node.args.defaults, *node.args.kw_defaults]:
                found += calls(default) if default is not None else []
            found += [line for d in node.decorator_list for line in calls(d)]
        elif isinstance(node, ast.ClassDef):
            pending += node.body
        else:
            found += calls(node)
    return sorted(found)


def test_nothing_is_translated_at_import_time() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{line}"
        for path, tree in _trees().items()
        for line in import_time_gettext(tree)
    ]
    assert offenders == []
    sample = ast.parse(
        'A = _("x")\nB = N_("y")\ndef f(w=_("z")):\n    return _("fine")\n'
        'class C:\n    t = _("w")\n'
    )
    assert import_time_gettext(sample) == [1, 3, 6]
