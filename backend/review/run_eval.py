"""Comparing two runs (or a run against gold text) over a set of pages.

Before switching model or prompt for a whole file, a reviewer compares two
runs on a sample of pages: how much they agree, whether the differences are
only layout, punctuation or glyph forms, and — what matters — every
legal-critical disagreement. Against gold text it reports the character error
rate as well.

A *selector* names which text of each page to take:
    current            the working transcript (a draft wins, as in the editor)
    kind:ocr           the newest version of that kind (ocr, edit, import, alternate, restore)
    engine:rapidocr    the newest version whose provenance engine is that
    model:NAME         the newest version read by that model
    prompt:HASH        the newest version read with a prompt whose sha256 starts so
    version:ID         one stored version
    PATH               a folder (or JSONL) of gold text, as ``proofdesk import`` reads
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from backend.errors import ProofDeskError
from backend.i18n import _
from backend.models import AltText, Version, VersionKind
from backend.review.compare import CompareOptions, classify_differences, compare_texts
from backend.review.page_aids import AidSettings, review_page
from backend.review.values import Diagnosis, DiffCategory, Flag, FlagKind
from backend.store.interface import PageStore

_PREFIXES = ("kind", "engine", "model", "prompt", "version")
# Each page's gold text in the folder or file a selector names, None when it names
# none: the caller reads it (``backend.session.gold_text``), this package opens no file.
GoldReader = Callable[[str, int], dict[int, str] | None]


class SelectorError(ProofDeskError):
    """A selector that names nothing this document has."""


@dataclass(frozen=True)
class PageEval:
    page: int  # 0-based
    agreement: float | None  # None: one side has no text for this page
    differences: dict[str, int] = field(default_factory=dict)  # DiffCategory value -> hunks
    critical: tuple[Flag, ...] = ()  # flags on side A's text
    # Whole-page failures on side A's text (a loop, a block B has and A lacks): issue 22
    diagnoses: tuple[Diagnosis, ...] = ()
    cer: float | None = None  # only against gold: side B is the reference
    missing: tuple[str, ...] = ()  # the sides ("A", "B") with no text


@dataclass(frozen=True)
class EvalReport:
    a: str
    b: str
    pages: tuple[PageEval, ...]
    gold: bool

    @property
    def compared(self) -> list[PageEval]:
        return [p for p in self.pages if p.agreement is not None]

    @property
    def agreement(self) -> float | None:
        pages = self.compared
        return sum(p.agreement or 0.0 for p in pages) / len(pages) if pages else None

    @property
    def differences(self) -> dict[str, int]:
        total: Counter[str] = Counter()
        for page in self.pages:
            total.update(page.differences)
        return {c.value: total.get(c.value, 0) for c in DiffCategory}

    @property
    def cer(self) -> float | None:
        values = [p.cer for p in self.pages if p.cer is not None]
        return sum(values) / len(values) if values else None


def _version(store: PageStore, spec: str, value: str) -> Version:
    """The version a ``version:ID`` selector names, or a ``SelectorError`` saying why not."""
    try:
        return store.version(int(value))
    except ValueError:
        raise SelectorError(
            _("“{spec}”: a version id is a whole number.").format(spec=spec)
        ) from None
    except KeyError:
        raise SelectorError(
            _("“{spec}”: this document has no version {value}.").format(spec=spec, value=value)
        ) from None


class Selector:
    """Resolves a selector string to each page's text (or None)."""

    def __init__(self, spec: str, store: PageStore, page_count: int, read_gold: GoldReader) -> None:
        self.spec = spec
        self.store = store
        self.gold: dict[int, str] | None = None
        self.version: Version | None = None  # what a version:ID selector names
        prefix, _unused, value = spec.partition(":")
        if spec == "current":
            self.prefix, self.value = "current", ""
        elif prefix in _PREFIXES and value:
            self.prefix, self.value = prefix, value
            if prefix == "kind" and value not in {k.value for k in VersionKind}:
                raise SelectorError(
                    _("Unknown version kind “{value}” in “{spec}”.").format(value=value, spec=spec)
                )
            if prefix == "version":
                self.version = _version(store, spec, value)
        elif (gold := read_gold(spec, page_count)) is not None:
            self.prefix, self.value = "gold", spec
            self.gold = gold
        else:
            raise SelectorError(
                _(
                    "“{spec}” is not a selector (current, kind:, engine:, model:, prompt:, "
                    "version:) nor an existing folder or file of gold text."
                ).format(spec=spec)
            )

    def text(self, page: int) -> str | None:
        if self.gold is not None:
            return self.gold.get(page)
        if self.prefix == "current":
            text = self.store.working_text(page)
            return text or None
        if self.version is not None:
            return self.version.text if self.version.page == page else None
        for version in reversed(self.store.versions(page)):
            if self._matches(version):
                return version.text
        return None

    def _matches(self, version: Version) -> bool:
        origin = version.origin
        if self.prefix == "kind":
            return version.kind.value == self.value
        if self.prefix == "engine":
            return (origin.engine or "") == self.value
        if self.prefix == "model":
            return (origin.model or "") == self.value
        return (origin.prompt_sha256 or "").startswith(self.value)


def evaluate(
    store: PageStore,
    page_count: int,
    a: str,
    b: str,
    pages: Sequence[int] | None = None,
    *,
    options: CompareOptions,
    read_gold: GoldReader,
) -> EvalReport:
    """Compare selector ``a`` with selector ``b`` (the reference, when it is gold text)."""
    side_a = Selector(a, store, page_count, read_gold)
    side_b = Selector(b, store, page_count, read_gold)
    gold = side_b.gold is not None
    results = [
        _evaluate_page(p, side_a.text(p), side_b.text(p), options, gold=gold)
        for p in (pages if pages is not None else range(page_count))
    ]
    return EvalReport(a=a, b=b, pages=tuple(results), gold=gold)


def _evaluate_page(
    page: int, a: str | None, b: str | None, options: CompareOptions, *, gold: bool
) -> PageEval:
    if a is None or b is None:
        missing = tuple(name for name, t in (("A", a), ("B", b)) if t is None)
        return PageEval(page=page, agreement=None, missing=missing)
    comparison = compare_texts(a, b, options)
    every_fold = CompareOptions(tables=options.tables)  # what the counts have always used
    counts = Counter(h.category.value for h in classify_differences(a, b, every_fold))
    # The critical items and the diagnoses are the page review's, A reviewed against B:
    # what the Compare dock shows for the pair (one item where a term and its difference
    # meet).
    review = review_page(
        page, a, AltText(text=b, engine="eval"), settings=AidSettings(compare=options)
    )
    critical = tuple(f for f in review.flags if f.kind is FlagKind.CRITICAL)
    return PageEval(
        page=page,
        agreement=comparison.agreement,
        differences={c.value: counts.get(c.value, 0) for c in DiffCategory},
        critical=critical,
        diagnoses=review.diagnoses,
        cer=character_error_rate(a, b) if gold else None,
    )


def character_error_rate(hypothesis: str, reference: str) -> float:
    """Edits (substitutions + insertions + deletions) per reference character.

    Whitespace is not counted (line breaks are layout). The edit count comes
    from the character diff: a replaced run costs the longer of its two sides,
    which equals Levenshtein distance for the aligned runs.
    """
    from backend.review.diffing import Op, char_diff

    hyp, ref = "".join(hypothesis.split()), "".join(reference.split())
    if not ref:
        return 0.0 if not hyp else 1.0
    edits = deleted = inserted = 0
    for part in char_diff(ref, hyp):
        if part.op is Op.EQUAL:
            edits += max(deleted, inserted)
            deleted = inserted = 0
        elif part.op is Op.DELETE:
            deleted += len(part.text)
        else:
            inserted += len(part.text)
    edits += max(deleted, inserted)
    return edits / len(ref)
