"""Writes sys.argv[1] MB to standard error at its first decision, then plays its last move."""

import sys

import botlib

left = [int(sys.argv[1])]


def answer(d: botlib.Decision) -> botlib.Decision | None:
    while left[0] > 0:
        sys.stderr.buffer.write(b"e" * 1_000_000)
        left[0] -= 1
    return botlib.move(d, len(d["legal"]) - 1)


botlib.run(answer)
