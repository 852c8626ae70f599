"""Writes to standard error: the id of each game it is told of, and a line (padded with
sys.argv[2] characters) at each decision. Plays its last legal move, or with sys.argv[3]
("illegal") an index past the legal moves; exits with a message on standard error at its
decision sys.argv[1] of each process (0: never)."""

import json
import sys

import botlib

crash_at, padding = int(sys.argv[1]), int(sys.argv[2])
illegal = len(sys.argv) > 3 and sys.argv[3] == "illegal"
seen = [0]


def answer(d: botlib.Decision) -> botlib.Decision:
    seen[0] += 1
    sys.stderr.write(f"decision {d['id']} {'x' * padding}\n")
    sys.stderr.flush()
    if seen[0] == crash_at:
        sys.exit(f"giving up at decision {d['id']}")
    return botlib.move(d, len(d["legal"]) + 5 if illegal else len(d["legal"]) - 1)


def told(line: str) -> None:
    if '"type":"game"' in line:
        sys.stderr.write(f"game {json.loads(line)['game_id']}\n")


botlib.run(answer, on_line=told)
