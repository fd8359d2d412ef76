"""The Facts dock (issue 24 point 3): the document's facts, their variants and pages, and
the document's glossary."""
