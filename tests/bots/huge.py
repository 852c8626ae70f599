"""Answers every decision with a line of 5 MB (an index with a 5 MB field)."""

import json
import sys

import botlib


def answer(d: botlib.Decision) -> botlib.Decision | None:
    sys.stdout.write(
        json.dumps({"type": "move", "id": d["id"], "index": 0, "pad": "x" * 5_000_000}) + "\n"
    )
    sys.stdout.flush()
    return None


botlib.run(answer)
