"""The team server in the window: its setting, pages claimed by someone else shown
read-only, the offline journal's count, live updates from other reviewers, and a
supervisor's progress view (``backend.store.postgres`` does the work)."""
