"""The Publish review (issue 25 point 2): findings of personal data, decisions, export."""
