"""The whole document's facts (issue 24): case numbers, parties and their roles,
amounts, dates, statute citations and exhibits, read from every page's working
text with the rules and term tables of ``resources/legal/`` (never a model), and
the checks that flag a page whose value disagrees with the rest of the document.

Pure functions over text and ``Fact`` values, like ``backend.review``: the index
is kept in the store and updated by ``backend.session``, which is the only caller.
Sits between ``session`` and ``review`` in the layers, because its flags are the
review's ``Flag`` values and it reads the review's normalisation.
"""

from typing import TYPE_CHECKING

from backend._surface import lazy_surface

if TYPE_CHECKING:
    from backend.facts.checks import cross_page_flags as cross_page_flags
    from backend.facts.extract import facts_of_page as facts_of_page
    from backend.facts.grouping import FactGrouping as FactGrouping
    from backend.facts.groups import group_facts as group_facts
    from backend.facts.model import Fact as Fact
    from backend.facts.model import FactGroup as FactGroup
    from backend.facts.model import FactKind as FactKind
    from backend.facts.model import FactVariant as FactVariant

_SURFACE = {
    "Fact": "model",
    "FactGroup": "model",
    "FactGrouping": "grouping",
    "FactKind": "model",
    "FactVariant": "model",
    "cross_page_flags": "checks",
    "facts_of_page": "extract",
    "group_facts": "groups",
}
__getattr__ = lazy_surface(__name__, _SURFACE)
__all__ = [
    "Fact",
    "FactGroup",
    "FactGrouping",
    "FactKind",
    "FactVariant",
    "cross_page_flags",
    "facts_of_page",
    "group_facts",
]
