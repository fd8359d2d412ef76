"""Every finding of personal data in a document's pages: the pattern detectors with
their validity checks, then the persons the party lines name, found again wherever
they appear on any page."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import chain

from backend.publish.joined import joined
from backend.publish.model import Finding
from backend.publish.numbers import (
    accounts,
    ascii_folded,
    emails,
    id_numbers,
    phone_numbers,
    plates,
)
from backend.publish.persons import person_findings
from backend.publish.places import addresses, birth_dates


def find_personal_data(
    pages: Sequence[str], extra_names: Iterable[str] = (), kept_names: Iterable[str] = ()
) -> list[Finding]:
    """The findings of ``pages`` (the working text of each page, in order), sorted by
    page and place; one finding per span (the first detector's, in the order below,
    when two find the same span)."""
    found: dict[tuple[int, int, int], Finding] = {}
    for finding in _all(pages, extra_names, kept_names):
        found.setdefault((finding.page, finding.start, finding.end), finding)
    return sorted(found.values(), key=lambda f: (f.page, f.start, f.end))


def _all(
    pages: Sequence[str], extra_names: Iterable[str], kept_names: Iterable[str]
) -> Iterator[Finding]:
    yield from _patterns(tuple(pages))
    yield from person_findings(pages, extra_names, kept_names)


@lru_cache(maxsize=1)
def _patterns(pages: tuple[str, ...]) -> tuple[Finding, ...]:
    """The pattern detectors' findings, which depend on the pages alone. The last
    document's are kept: an export finds the personal data again (``deidentify``, the
    names of the whole document added) on the texts its review state was just found on,
    and only the persons can differ."""
    return tuple(_pattern_findings(pages))


def _pattern_findings(pages: Sequence[str]) -> Iterator[Finding]:
    for page, text in enumerate(pages):
        j = joined(text)  # a number or address going on in the next line is read whole
        folded = ascii_folded(j.text)
        for finding in chain(
            id_numbers(page, j.text, folded),
            phone_numbers(page, j.text, folded),
            accounts(page, j.text, folded),
            plates(page, j.text, folded),
            emails(page, j.text, folded),
            addresses(page, j.text),
            birth_dates(page, j.text),
        ):
            yield j.placed(finding)
