"""The review's rules about text and status, as pure functions: one definition that
both stores follow (``page_writes`` for the embedded SQLite store, ``team_writes``
for the team server, whose database enforces the same in ``schema.sql`` and its
upgrades, so a person with psql meets them too).

- A machine reading never displaces a person's edit (``becomes_current``).
- "Approved" (and "reviewed") means the text that was checked: when a page's working
  text changes, by a person's edit, a restore, an accepted reading, or a machine
  reading that becomes the working text, the page goes back to "in progress"
  (``status_after``). A reading kept in the history only changes nothing.
- Typing starts a page's review: an unreviewed page a person types on is "in progress".
"""

from __future__ import annotations

from backend.models import ReviewStatus, VersionKind

# Statuses that vouch for a text: new working text takes them back.
CHECKED = frozenset({ReviewStatus.REVIEWED, ReviewStatus.APPROVED})


def becomes_current(kind: VersionKind, *, typing: bool, current: VersionKind | None) -> bool:
    """Whether a new version of ``kind`` becomes the page's working text.

    ``typing``: someone has unsaved typing (a draft) on the page; ``current``: the kind
    of the page's working version (None: it has none). A person's version always does;
    an alternate never; a machine reading only over another machine reading, and never
    under someone's typing.
    """
    if kind.is_human:
        return True
    if kind is VersionKind.ALTERNATE:
        return False
    return not typing and (current is None or not current.is_human)


def status_after(status: ReviewStatus, *, typing: bool, changed: bool) -> ReviewStatus | None:
    """The status a page takes after a write; None when it keeps ``status``.

    ``changed``: the page's working text changed (a new working version, or typing
    that differs from it); ``typing``: the write is a person's unsaved typing. A
    flagged page stays flagged: its flag is a question for someone, which new text
    does not answer.
    """
    if changed and status in CHECKED:
        return ReviewStatus.IN_PROGRESS
    if typing and status is ReviewStatus.UNREVIEWED:
        return ReviewStatus.IN_PROGRESS
    return None
