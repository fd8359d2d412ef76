"""A random walk of approve, edit, restore and accept on one page of either store,
checking after every step that "approved" means the text that was approved (issue 28).

Shared by the embedded store's test (tests/backend/store/test_approved_means_text.py) and
the team store's (tests/team/test_team_approved_text.py). The walk keeps its own
record of the text each approval was given, so it checks the stores against what
happened, not against what a store says it approved.
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st

from backend.export.pages import ExportOptions, collect
from backend.models import ReviewStatus, VersionKind
from backend.session.document_session import DocumentSession
from backend.store.interface import PageStore

PAGE = 0
ALTERNATE = "他方當事人應定相當期限催告"
FIRST_READING = "他方當事人得定相當期限催告"

# Short texts from the sample's own characters: an edit often restores an older text.
texts = st.text(alphabet="他方當事人得應定期限催告", min_size=0, max_size=6)

steps = st.lists(
    st.one_of(
        st.tuples(st.just("approve")),
        st.tuples(st.just("edit"), texts, st.booleans()),  # type; save it as a version?
        st.tuples(st.just("restore"), st.integers(0, 30)),  # which of the versions
        st.tuples(st.just("accept"), st.integers(0, 14)),  # the alternate's reading from here
        st.tuples(st.just("reading"), texts),  # a machine reading (current only over one)
        st.tuples(st.just("rerun"), texts),  # a re-run kept in the history, then accepted
        st.tuples(st.just("alternate"), texts),  # a second reading: never the working text
    ),
    min_size=1,
    max_size=10,
)


@dataclass
class Desk:
    """One page's people: ``editor`` types, restores and reads; ``approver`` approves
    (the same store on the embedded store; a senior reviewer on the team server)."""

    editor: PageStore
    approver: PageStore
    session: DocumentSession  # the editor's, for the export

    def setup(self) -> None:
        self.editor.add_version(PAGE, VersionKind.OCR, FIRST_READING, {"engine": "vllm"})
        self.editor.add_version(PAGE, VersionKind.ALTERNATE, ALTERNATE, {"engine": "rapidocr"})

    def step(self, step: tuple[object, ...]) -> None:
        op, *args = step
        editor = self.editor
        editor.page_state(PAGE)  # the page as on screen before each act (the team store's
        # conflict rule compares a save with the version the writer was shown)
        if op == "approve":  # as the session does: typing is saved first
            editor.commit_draft(PAGE)
            self.approver.set_status(PAGE, ReviewStatus.APPROVED)
        elif op == "edit":
            text, commit = args
            editor.save_draft(PAGE, str(text))
            if commit:
                editor.commit_draft(PAGE)
        elif op == "restore":
            versions = editor.versions(PAGE)
            editor.restore(versions[int(str(args[0])) % len(versions)].id)
        elif op == "accept":  # accepting a difference: the editor's text, then a save
            at = int(str(args[0]))
            working = editor.working_text(PAGE)
            editor.save_draft(PAGE, working[:at] + ALTERNATE[at:])
            editor.commit_draft(PAGE)
        elif op == "reading":
            editor.add_version(PAGE, VersionKind.OCR, str(args[0]), {"engine": "vllm"})
        elif op == "rerun":  # the OCR panel's re-run: kept aside, then accepted (a restore)
            version, _change = editor.add_version(
                PAGE, VersionKind.OCR, str(args[0]), {"engine": "vllm"}, history_only=True
            )
            editor.restore(version.id)
        elif op == "alternate":
            editor.add_version(PAGE, VersionKind.ALTERNATE, str(args[0]), {"engine": "rapidocr"})
        else:
            raise AssertionError(op)


def walk(desk: Desk, plan: list[tuple[object, ...]]) -> None:
    """Run ``plan``, checking after each step that an approved page has its approved text."""
    desk.setup()
    approved_text: str | None = None  # the text the last approval was given
    for step in plan:
        if step[0] == "approve":
            desk.editor.commit_draft(PAGE)
            approved_text = desk.editor.working_text(PAGE)
        desk.step(step)
        status = desk.editor.status(PAGE)
        exported = collect(desk.session, ExportOptions(approved_only=True, pages=(PAGE,)))
        if status is not ReviewStatus.APPROVED:
            assert exported.pages == (), (step, status)
            continue
        assert approved_text is not None, step
        assert desk.editor.working_text(PAGE) == approved_text, step
        current = desk.editor.current_version(PAGE)
        assert (current.text if current else "") == approved_text, step
        assert [p.text for p in exported.pages] == [approved_text], step
        approved = desk.editor.approved_version(PAGE)
        assert (approved.text if approved else "") == approved_text, step
