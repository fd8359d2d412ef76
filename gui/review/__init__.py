"""The review feature: page-by-page navigation and saving (the controller and
autosave), opening documents, the page list, the version history and search.
"""
