"""Answers every decision after sys.argv[1] seconds (late when over the time limit)."""

import sys
import time

import botlib


def answer(d: botlib.Decision) -> botlib.Decision:
    time.sleep(float(sys.argv[1]))
    return botlib.move(d, 0)


botlib.run(answer)
