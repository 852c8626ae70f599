"""Answers with an index past the legal moves."""

import botlib

botlib.run(lambda d: botlib.move(d, len(d["legal"]) + 5))
