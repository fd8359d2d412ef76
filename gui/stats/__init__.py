"""Review ▸ Statistics (issue 26 point 1): the review statistics' tables and charts."""
