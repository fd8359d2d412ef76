"""Reusable widgets with no feature knowledge: the page view, the transcript
editor, the notice bar, a run's status line, awaitable dialogs, diff HTML.
"""
