"""Plays its last move, but exits (status 3) at its decision sys.argv[1] of each process."""

import sys

import botlib

seen = [0]


def answer(d: botlib.Decision) -> botlib.Decision | None:
    seen[0] += 1
    if seen[0] == int(sys.argv[1]):
        sys.exit(3)
    return botlib.move(d, len(d["legal"]) - 1)


botlib.run(answer)
