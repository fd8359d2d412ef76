"""The whole document's facts (issue 24): case numbers, parties and their roles,
amounts, dates, statute citations and exhibits, read from every page's working
text with the rules and term tables of ``resources/legal/`` (never a model), and
the checks that flag a page whose value disagrees with the rest of the document.

Pure functions over text and ``Fact`` values, like ``backend.review``: the index
is kept in the store and updated by ``backend.session``, which is the only caller.
Sits between ``session`` and ``review`` in the layers, because its flags are the
review's ``Flag`` values and it reads the review's normalisation.
"""
