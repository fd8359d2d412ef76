"""Nothing recoverable from the redacted PDF (issue 25), measured on generated scans.

``python -m bench --only publish_leak`` or ``PYTHONPATH=. python -m bench.publish_leak
[--seeds 6000:4] [--held-out 7000:4|none] [--pages 3] [--no-cache]``. Each seed's
judgment (``corpus.personal_data.publish_file``, a few pages) is drawn as a damaged scan
(``corpus.publish_scans``) into a PDF, read by the product's RapidOCR (``AltOcrRunner``,
readings cached by the image's digest), its transcript stored (the generated page text),
the alternate's reading stored, every finding accepted (``accept_all``), then
``deidentify`` and ``write_published(..., "pdf")`` as ``proofdesk publish --format pdf
--allow-unplaced`` runs them: the findings no reading places on the scan are counted,
not hidden.

Each seeded span with something identifying (``personal_data.identifying``) is

* **placed**: every identifying character lies in an accepted finding with a box on
  the scan (``redaction_boxes.span_boxes`` over the alternate's lines, as the export);
* **unplaced**: one lies only in findings with no box (the reviewer would mark a region
  on the page view; the CLI refuses without ``--allow-unplaced``);
* **not detected**: one lies in no finding (detection's miss; the publish bench's).

Then it is looked for (``corpus.leaks``: how it is matched) in the output page's text
(``get_text``), RapidOCR's reading of the output page, its reading of each image of the
file alone, the metadata/XMP and the bytes. A found identifier counts against the worst
handled of its occurrences (the same number or name twice on a page, once unplaced:
the unplaced one leaks it; for metadata and bytes, in the whole file). Goal: 0 found
among placed spans. Tuning seeds are below 7000 (found spans listed in
``bench/out/publish_leak.md``); held-out seeds, 7000 and up, are totals only.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pymupdf

from backend.engines.offline import AltOcrRunner
from backend.engines.offline.storing import store_alt_text
from backend.export import ExportOptions, collect
from backend.export.deidentify import deidentify
from backend.export.pages import ExportDocument
from backend.export.publish_formats import write_published
from backend.export.redaction_boxes import span_boxes
from backend.models import VersionKind
from backend.publish.model import Finding, PersonalKind
from backend.session.document_session import DocumentSession
from backend.session.publish import PublishState, accept_all, publish_state
from bench.corpus import leaks
from bench.corpus.personal_data import PublishFile, Seeded, identifying, publish_file
from bench.corpus.publish_scans import digest_of, read_pages, scan, scans_pdf
from bench.make_doc import OUT, Docs
from bench.search import temp_data_dir
from bench.table import Row

PAGES = 3  # a file's pages: ~3 RapidOCR readings a page (scan, page, image alone)
STATUSES = ("placed", "unplaced", "undetected")
WHERE = ("text", "page", "images", "metadata", "bytes")
EXAMPLES = 40


def _seeds(text: str) -> range:
    first, count = text.split(":")
    return range(int(first), int(first) + int(count))


TUNING = _seeds(os.environ.get("PUBLISH_LEAK_SEEDS", "6000:4"))
HELD_OUT = _seeds(os.environ.get("PUBLISH_LEAK_HELD_OUT", "7000:4"))


@dataclass
class Tally:
    files: int = 0
    pages: int = 0
    findings: int = 0
    boxes: int = 0
    cli_unplaced: int = 0  # findings the CLI would list as having no place on the scan
    seeded: Counter[tuple[str, str]] = field(default_factory=Counter)  # (kind, status)
    found: Counter[tuple[str, str, str]] = field(default_factory=Counter)  # + where
    examples: list[str] = field(default_factory=list)
    # The control: text kept on the page (decoys of 4+ characters) the re-reads find,
    # so that nothing found means nothing left, not nothing read.
    kept: int = 0
    before: int = 0  # seeded spans found the same way in the scan's reading before export
    kept_read: Counter[str] = field(default_factory=Counter)  # where -> found
    defects: Counter[str] = field(default_factory=Counter)

    def found_among(self, status: str, where: str) -> int:
        return sum(n for (_k, s, w), n in self.found.items() if s == status and w == where)

    def count(self, status: str) -> int:
        return sum(n for (_k, s), n in self.seeded.items() if s == status)


Placed = dict[int, list[tuple[Finding, bool]]]  # page -> (accepted finding, has a box)


def _status(s: Seeded, findings: list[tuple[Finding, bool]]) -> str:
    worst = 0
    for i in identifying(s):
        at = s.start + i
        covering = [placed for f, placed in findings if f.start <= at < f.end]
        worst = max(worst, 2 if not covering else 0 if any(covering) else 1)
    return STATUSES[worst]


def _placed(state: PublishState, exported: ExportDocument) -> Placed:
    """Every accepted finding by page, with whether the export has a box for it."""
    out: dict[int, list[tuple[Finding, bool]]] = {}
    masked = [r.finding for r in state.items if r.masked]
    for page in exported.pages:
        mine = [f for f in masked if f.page == page.page]
        spans = [(f.start, f.end) for f in mine]
        boxes = span_boxes(page.text, spans, page.layout) if page.layout else [None] * len(mine)
        out[page.page] = [(f, b is not None) for f, b in zip(mine, boxes, strict=True)]
    return out


def _export(
    f: PublishFile, folder: Path, runner: AltOcrRunner, cache: bool, t: Tally
) -> tuple[Path, Placed, list[str]]:
    """The redacted PDF of ``f`` drawn as scans, its accepted findings by page, each
    with whether it has a box on the scan, and what RapidOCR read on each scan."""
    shots = [
        scan(text, f.seed, n, f.pages[n + 1] if n + 1 < len(f.pages) else None)
        for n, text in enumerate(f.pages)
    ]
    for _jpeg, defects in shots:
        t.defects.update(defects)
    pdf = scans_pdf([jpeg for jpeg, _d in shots], folder / f"s{f.seed}.pdf")
    readings = read_pages(runner, pdf, [digest_of(jpeg) for jpeg, _d in shots], cache)
    session = DocumentSession.open(pdf, store_path=folder / f"s{f.seed}.review", create=True)
    try:
        for n, reading in enumerate(readings):
            store_alt_text(session.store, n, reading)
        session.store.add_versions(
            [(n, VersionKind.IMPORT, text, {"source": "bench"}) for n, text in enumerate(f.pages)]
        )
        accept_all(session.store, publish_state(session.store, session.page_count))
        state = publish_state(session.store, session.page_count)
        exported = collect(session, ExportOptions())
    finally:
        session.close()
    assert [p.text for p in exported.pages] == list(f.pages), "the export's text is the truth's"
    document = deidentify(exported, state)
    t.findings += sum(1 for r in state.items if r.masked)
    t.boxes += sum(len(p.redactions) for p in document.pages)
    t.cli_unplaced += sum(len(p.unplaced) for p in document.pages)
    out = write_published(document, "pdf", folder / f"s{f.seed}.published.pdf").path
    return out, _placed(state, exported), [r.text for r in readings]


def _look(out: Path, folder: Path, runner: AltOcrRunner, cache: bool) -> dict[str, list[str]]:
    """What can be read back from ``out``: per page (text, page, images) and for the
    file (metadata, bytes: one entry per text to search)."""
    doc = pymupdf.open(out)
    try:
        shots = [doc[n].get_pixmap(dpi=150).samples for n in range(len(doc))]
        pages = read_pages(runner, out, [digest_of(b"out|" + s) for s in shots], cache)
        alone, xrefs, keys = leaks.images_alone(doc, folder / f"{out.stem}.images.pdf")
        read = read_pages(runner, alone, [digest_of(b"img|" + k) for k in keys], cache)
        by_xref = {x: r.text for x, r in zip(xrefs, read, strict=False)}
        return {
            "text": leaks.page_texts(doc),
            "page": [leaks.bare(r.text) for r in pages],
            "images": [
                leaks.bare(" ".join(by_xref[x] for x in xs)) for xs in leaks.page_images(doc)
            ],
            "metadata": [leaks.metadata(doc)],
            "bytes": leaks.raw_bytes(out, doc),
        }
    finally:
        doc.close()


def _score(
    f: PublishFile, placed: Placed, seen: dict[str, list[str]], t: Tally, listed: bool
) -> None:
    spans = []
    for s in f.seeded:
        pattern, bounded = leaks.needle(s), leaks.needle(s, bounded=True)
        if pattern is not None and bounded is not None:
            spans.append((s, pattern, bounded, _status(s, placed.get(s.page, []))))
    for s, pattern, _b, status in spans:
        t.seeded[s.kind.value, status] += 1
        t.before += pattern.search(seen["scan"][s.page]) is not None
    for d in f.decoys:
        if len(kept := leaks.bare(d.text).lower()) >= 4:
            t.kept += 1
            t.kept_read.update(w for w in ("page", "images") if kept in seen[w][d.page].lower())
    rank = {s: n for n, s in enumerate(STATUSES)}
    for s, pattern, bounded, _status_of in spans:
        for where in WHERE:
            per_page = where in ("text", "page", "images")
            texts = [seen[where][s.page]] if per_page else seen[where]
            if not any((pattern if per_page else bounded).search(text) for text in texts):
                continue
            alike = [
                st for o, p, _b, st in spans
                if p.pattern == pattern.pattern and (o.page == s.page or not per_page)
            ]  # fmt: skip
            worst = max(alike, key=rank.__getitem__)
            t.found[s.kind.value, worst, where] += 1
            if listed and len(t.examples) < EXAMPLES:
                context = f.pages[s.page][max(0, s.start - 10) : s.end + 6].replace("\n", "⏎")
                t.examples.append(
                    f"seed {f.seed} p{s.page} {s.kind.value} ({worst}) in {where}: "
                    f"{s.text!r} in {context!r}"
                )


def evaluate(seeds: range, pages: int, cache: bool = True, listed: bool = True) -> Tally:
    t = Tally()
    runner = AltOcrRunner()
    try:
        with temp_data_dir(), tempfile.TemporaryDirectory(prefix="proofdesk-leak-") as tmp:
            for seed in seeds:
                f = publish_file(seed, pages)
                folder = Path(tmp) / str(seed)
                folder.mkdir()
                out, placed, read = _export(f, folder, runner, cache, t)
                seen = _look(out, folder, runner, cache)
                seen["scan"] = [leaks.bare(text) for text in read]
                _score(f, placed, seen, t, listed)
                t.files += 1
                t.pages += len(f.pages)
                print(f"[publish_leak] seed {seed} done", file=sys.stderr, flush=True)
    finally:
        runner.close()
    return t


def _found(t: Tally, kind: str | None, status: str) -> str:
    def n(where: str) -> int:
        return sum(
            c for (k, s, w), c in t.found.items()
            if s == status and w == where and kind in (None, k)
        )  # fmt: skip

    return " / ".join(str(n(w)) for w in ("text", "page", "images")) + (
        f" / {n('metadata') + n('bytes')}"
    )


def table(t: Tally) -> str:
    lines = [
        "| kind | seeded | placed | unplaced | not detected | found, placed (text / re-read "
        "page / images alone / metadata+bytes) | found, unplaced | found, not detected |",
        "|---|---:|---:|---:|---:|---|---|---|",
    ]
    for kind in [*(k.value for k in PersonalKind), None]:
        counts = [
            sum(c for (k, s), c in t.seeded.items() if s == st and kind in (None, k))
            for st in STATUSES
        ]
        if kind is not None and not sum(counts):
            continue
        lines.append(
            f"| {kind or '**all**'} | {sum(counts)} | {' | '.join(map(str, counts))} | "
            + " | ".join(_found(t, kind, st) for st in STATUSES)
            + " |"
        )
    lines += [
        "",
        f"{t.files} files, {t.pages} pages; {t.findings} findings accepted, {t.boxes} boxes "
        f"redacted, {t.cli_unplaced} findings with no place on the scan (as the CLI lists "
        f"them); defects drawn: {dict(sorted(t.defects.items()))}",
        "",
        f"control, kept text read back (decoys of 4+ characters: case numbers, companies, "
        f"statutes, officials …): {t.kept_read['page']}/{t.kept} by the re-read page, "
        f"{t.kept_read['images']}/{t.kept} by the images alone; the seeded identifiers found "
        f"the same way in RapidOCR's reading of the scans before export: "
        f"{t.before}/{sum(t.seeded.values())}",
    ]
    return "\n".join(lines) + "\n"


def rows(label: str, t: Tally) -> list[Row]:
    found = [t.found_among("placed", w) for w in WHERE]
    split = f"{found[0]} / {found[1]} / {found[2]} / {found[3] + found[4]}"
    unplaced = [t.found_among("unplaced", w) for w in ("page", "images")]
    return [
        Row(
            f"publish leak: identifiers recovered from the redacted PDF, of {t.count('placed')} "
            f"placed (text / re-read scan / images alone / metadata+bytes: {split}) ({label})",
            sum(found), None, "", "0",
        ),
        Row(
            f"publish leak: identifiers unplaced (no box on the scan; the export refuses "
            f"without --allow-unplaced); spans re-read from the page, their other occurrences "
            f"on it included: {unplaced[0]}, from the images alone: {unplaced[1]} ({label})",
            t.count("unplaced"), None, "", "reported",
        ),
        Row(
            f"publish leak: control, kept text (decoys) read back from the redacted page "
            f"({t.kept_read['page']}/{t.kept}; images alone {t.kept_read['images']}) ({label})",
            t.kept_read["page"] / max(1, t.kept), None, "", "",
        ),
    ]  # fmt: skip


def report(tuning: range, held_out: range | None, pages: int, cache: bool) -> list[Row]:
    out: list[Row] = []
    text = []
    for name, seeds in (("tuning", tuning), ("held-out", held_out)):
        if seeds is None:
            continue
        t0 = time.perf_counter()
        t = evaluate(seeds, pages, cache, listed=name == "tuning")
        label = f"{name} seeds {seeds.start}–{seeds.stop - 1}, {pages} pages each"
        took = f"{time.perf_counter() - t0:.0f} s"
        print(f"[publish_leak] {label} ({took})\n{table(t)}", file=sys.stderr)
        text.append(f"## {label} ({took})\n\n{table(t)}\n")
        if name == "tuning":  # held-out seeds are never looked at case by case
            text.append("### found\n\n" + ("\n".join(t.examples) or "none") + "\n\n")
        out += rows(label, t)
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "publish_leak.md").write_text("# Publish leak (issue 25)\n\n" + "".join(text), "utf-8")
    return out


def run(docs: Docs | None = None) -> list[Row]:
    del docs  # the corpus is generated
    return report(TUNING, HELD_OUT, PAGES, True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.publish_leak", description=__doc__)
    parser.add_argument("--seeds", default=f"{TUNING.start}:{len(TUNING)}", help="first:count")
    parser.add_argument("--held-out", default=f"{HELD_OUT.start}:{len(HELD_OUT)}",
                        help="first:count, or 'none'")  # fmt: skip
    parser.add_argument("--pages", type=int, default=PAGES, help="pages per file")
    parser.add_argument("--no-cache", action="store_true", help="read every image again")
    args = parser.parse_args(argv)
    tuning = _seeds(args.seeds)
    held_out = None if args.held_out == "none" else _seeds(args.held_out)
    if tuning.stop > 7000 or (held_out is not None and held_out.start < 7000):
        parser.error("tuning seeds are below 7000, held-out seeds 7000 and up")
    for row in report(tuning, held_out, args.pages, not args.no_cache):
        print(f"{row.name}: {row.measured:g}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
