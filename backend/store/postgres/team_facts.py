"""The team store's side of the document's facts index (issue 24): the rows of
``schema_4.sql``'s ``facts`` table, as ``store.facts_rows`` keeps them in SQLite.

The index is the document's, shared by its reviewers: a page's row is whoever read
it last; each window compares the row's ``source`` with its own working text (its
drafts, its offline journal) and reads the page again when they differ.
"""

from __future__ import annotations

from collections.abc import Sequence

from backend.store.facts_rows import text_digest
from backend.store.postgres.journal import DraftEntry, Journal
from backend.store.postgres.team_link import TeamLink, again_if_dropped

# The working text as this window sees it: its own draft, else the working version's
# (pages.text is kept equal to it, for search); md5() as ``text_digest`` computes it.
_DIGESTS = """
SELECT p.page, md5(coalesce(d.text, p.text)) FROM proofdesk.pages p
  LEFT JOIN proofdesk.drafts d
         ON d.document_id = p.document_id AND d.page = p.page AND d.client = %(client)s
 WHERE p.document_id = %(doc)s
UNION ALL
SELECT d.page, md5(d.text) FROM proofdesk.drafts d
 WHERE d.document_id = %(doc)s AND d.client = %(client)s
   AND NOT EXISTS (SELECT 1 FROM proofdesk.pages p
                    WHERE p.document_id = d.document_id AND p.page = d.page)
"""

# The same texts themselves, for pages %(first)s..%(last)s.
_TEXTS = """
SELECT p.page, coalesce(d.text, p.text) FROM proofdesk.pages p
  LEFT JOIN proofdesk.drafts d
         ON d.document_id = p.document_id AND d.page = p.page AND d.client = %(client)s
 WHERE p.document_id = %(doc)s AND p.page BETWEEN %(first)s AND %(last)s
UNION ALL
SELECT d.page, d.text FROM proofdesk.drafts d
 WHERE d.document_id = %(doc)s AND d.client = %(client)s
   AND d.page BETWEEN %(first)s AND %(last)s
   AND NOT EXISTS (SELECT 1 FROM proofdesk.pages p
                    WHERE p.document_id = d.document_id AND p.page = d.page)
"""


class TeamFacts(TeamLink):
    """``PageStore``'s facts index methods for ``TeamStore`` (a mixin)."""

    client: str
    journal: Journal

    @again_if_dropped
    def text_digests(self) -> dict[int, str]:
        """Every page with working text, and its digest: one query, the texts stay on the
        server; typing kept in the offline journal is this window's working text."""
        with self._read() as c:
            rows = c.execute(_DIGESTS, {"doc": self.doc, "client": self.client}).fetchall()
        digests = {int(page): str(digest) for page, digest in rows}
        for page in {e.page for e in self.journal.entries() if isinstance(e, DraftEntry)}:
            pending = self.journal.pending_text(page)
            if pending is not None:
                digests[page] = text_digest(pending)
        return digests

    @again_if_dropped
    def working_texts(self, first: int = 0, last: int | None = None) -> dict[int, str]:
        """The working text of each page ``first``..``last`` as this window sees it, in
        one query (find & replace's preview; a page at a time was ~3 round trips each)."""
        upto = last if last is not None else 2**31 - 1  # pages are int4 on the server
        args = {"doc": self.doc, "client": self.client, "first": first, "last": upto}
        with self._read() as c:
            rows = c.execute(_TEXTS, args).fetchall()
        texts = {int(page): str(text) for page, text in rows}
        for page in {e.page for e in self.journal.entries() if isinstance(e, DraftEntry)}:
            pending = self.journal.pending_text(page)
            if pending is not None and first <= page <= upto:
                texts[page] = pending
        return texts

    @again_if_dropped
    def changes_stamp(self) -> str:
        """The document's pages and their working versions summed: any save or restore
        by anyone moves it (pages.text follows the working version). One indexed row
        read on the server: cheap to ask every few seconds, when a notification was
        missed (the connection dropped) as well as not."""
        with self._read() as c:
            row = c.execute(
                "SELECT count(*), coalesce(sum(current_version), 0) FROM proofdesk.pages "
                "WHERE document_id = %s",
                (self.doc,),
            ).fetchone()
        return f"{row[0]}:{row[1]}" if row else ""

    @again_if_dropped
    def facts_rows(self) -> dict[int, tuple[str, str]]:
        with self._read() as c:
            rows = c.execute(
                "SELECT page, source, facts FROM proofdesk.facts WHERE document_id = %s",
                (self.doc,),
            ).fetchall()
        return {int(page): (str(source), str(facts)) for page, source, facts in rows}

    @again_if_dropped
    def put_facts(self, rows: Sequence[tuple[int, str, str]]) -> None:
        if not rows:
            return
        with self._tx() as c, c.cursor() as cur:
            cur.executemany(
                "INSERT INTO proofdesk.facts (document_id, page, source, facts) "
                "VALUES (%s, %s, %s, %s) ON CONFLICT (document_id, page) "
                "DO UPDATE SET source = EXCLUDED.source, facts = EXCLUDED.facts",
                [(self.doc, page, source, facts) for page, source, facts in rows],
            )
