"""The Table dock feature: the transcript's table at the cursor as a grid beside the
scan, its cells edited through the transcript's own markup (issue 23)."""
