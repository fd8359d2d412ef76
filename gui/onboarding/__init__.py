"""The first run: the sample opened with its transcripts, a short guide, and a first
choice of where transcripts come from (a server, a local one, the offline engine)."""
