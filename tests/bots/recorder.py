"""Plays its last legal move and appends every line it receives to the file sys.argv[1]; with
sys.argv[2], exits (status 3) at that decision of each of its processes."""

import sys

import botlib

seen = [0]
record = open(sys.argv[1], "a", encoding="utf-8")  # noqa: SIM115


def answer(d: botlib.Decision) -> botlib.Decision:
    seen[0] += 1
    if len(sys.argv) > 2 and seen[0] == int(sys.argv[2]):
        sys.exit(3)
    return botlib.move(d, len(d["legal"]) - 1)


def keep(line: str) -> None:
    record.write(line)
    record.flush()


botlib.run(answer, on_line=keep)
