"""Choosing a stored reading as the alternate, and telling when it is no second reading.

Any machine reading the store holds can be the alternate: an ``alternate``
version (an offline engine, a batch run "as alternates"), or another model's,
another prompt's or another image budget's ``ocr`` version, or an import. A
selector names it the way ``proofdesk eval`` does: ``version:ID``,
``model:NAME``, ``prompt:HASH`` (a prefix of the prompt's sha256),
``engine:NAME`` or ``kind:KIND``.

A reading compared with itself agrees 100% and proves nothing; ``same_reading``
says when that is so, for the views to say it instead of the figure.
"""

from __future__ import annotations

from backend.errors import ProofDeskError
from backend.i18n import _
from backend.models import Version, VersionKind
from backend.store.interface import PageStore

MAX_ID = 2**63  # version ids are positive 64-bit integers in every store
PREFIXES = ("version", "model", "prompt", "engine", "kind")


class ReadingNotFound(ProofDeskError):
    """A selector that names no reading of the page."""


def is_selector(spec: str) -> bool:
    prefix, sep, value = spec.partition(":")
    return bool(sep) and prefix in PREFIXES and bool(value.strip())


def find_reading(store: PageStore, page: int, spec: str) -> Version:
    """The page's reading ``spec`` names: the newest match that is not the working
    version (a model's reading that became the transcript is no second reading),
    else the working version itself (``same_reading`` then says so)."""
    prefix, _sep, value = spec.partition(":")
    value = value.strip()
    if prefix == "version":
        return _by_id(store, page, spec, value)
    current = store.current_version_id(page)
    # A person's edit or restore is the transcript's history, never a second reading.
    matches = [
        v
        for v in reversed(store.versions(page))
        if not v.kind.is_human and _matches(v, prefix, value)
    ]
    for version in matches:
        if version.id != current:
            return version
    if matches:
        return matches[0]
    raise ReadingNotFound(
        _("Page {page} has no reading that matches “{spec}”.").format(page=page + 1, spec=spec)
    )


def check_document_wide(store: PageStore, spec: str) -> None:
    """Raise ``ReadingNotFound`` now for what no page can match: a ``version:`` id that
    is no whole number, or no version of this document. A view over every page then
    says it once, not once a page as "no reading that matches"."""
    prefix, _sep, value = spec.partition(":")
    if prefix == "version":
        version = _by_number(store, spec, value.strip())
        _by_id(store, version.page, spec, value.strip())  # a person's edit: said now too


def _by_number(store: PageStore, spec: str, value: str) -> Version:
    try:
        number = int(value)
        if not 0 < number < MAX_ID:  # no store holds it (and SQLite would overflow)
            raise KeyError(number)
        return store.version(number)
    except ValueError:
        raise ReadingNotFound(
            _("“{spec}”: a version id is a whole number.").format(spec=spec)
        ) from None
    except KeyError:
        raise ReadingNotFound(
            _("“{spec}”: this document has no version {id}.").format(spec=spec, id=value)
        ) from None


def _by_id(store: PageStore, page: int, spec: str, value: str) -> Version:
    version = _by_number(store, spec, value)
    if version.page != page:
        raise ReadingNotFound(
            _("Version {id} belongs to page {other}, not page {page}.").format(
                id=version.id, other=version.page + 1, page=page + 1
            )
        )
    if version.kind.is_human:
        raise ReadingNotFound(
            _("Version {id} is a person's edit, not a reading to compare with.").format(
                id=version.id
            )
        )
    return version


def _matches(version: Version, prefix: str, value: str) -> bool:
    origin = version.origin
    if prefix == "kind":
        return version.kind.value == value
    if prefix == "prompt":
        return (origin.prompt_sha256 or "").startswith(value)
    return ((origin.model if prefix == "model" else origin.engine) or "") == value


def squashed(text: str) -> str:
    return "".join(text.split())


def reader(version: Version) -> tuple[str, ...]:
    """Who read it and from which image: the same model at another image budget (another
    rendering, another digest) is a second reading. Engine, model and prompt say who
    read it and how."""
    origin = version.origin
    return (
        origin.engine or "",
        origin.model or "",
        origin.prompt_sha256 or "",
        origin.image_sha256,
    )


def same_reading(
    alternate: Version, current: Version | None, text: str, history: list[Version]
) -> bool:
    """Whether ``alternate`` is the transcript's own reading, so agreeing proves nothing:
    the working version itself; the same text imported; one reader's text stored twice;
    or the text the transcript was turned into after the alternate came (accepting it)."""
    if current is not None and alternate.id == current.id:
        return True
    if squashed(alternate.text) != squashed(text):
        return False
    if alternate.kind is VersionKind.IMPORT or alternate.origin.engine in (
        "import",
        "file",
    ):
        return True
    if current is not None and reader(current) == reader(alternate):
        return True
    # Became the alternate only if the text came after it: a transcript that read so
    # before the alternate was stored (a reviewer's own correction, then a second
    # model's batch), or that is another reader's own reading, is a real agreement.
    alt_text = squashed(alternate.text)
    readings = [v for v in history if v.id != alternate.id and v.kind is not VersionKind.ALTERNATE]
    if any(v.id < alternate.id and squashed(v.text) == alt_text for v in readings):
        return False
    return not (
        current is not None
        and current.kind is VersionKind.OCR
        and squashed(current.text) == alt_text  # and it is what is shown (checked above)
    )
