"""Writes lines of unknown types, logs and blank lines before each answer, and answers its first
decision late (after sys.argv[1] seconds), the others at once: its last legal move."""

import sys
import time

import botlib

first = [True]


def answer(d: botlib.Decision) -> botlib.Decision | None:
    botlib.write({"type": "mystery", "id": d["id"], "index": 0})
    botlib.write({"type": "log", "text": "thinking"})
    sys.stdout.write("\n")
    if first[0]:
        first[0] = False
        time.sleep(float(sys.argv[1]))
        return botlib.move(d, 0)
    return botlib.move(d, len(d["legal"]) - 1)


botlib.run(answer)
