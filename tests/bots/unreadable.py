"""Answers every decision with a line that is not JSON."""

import sys

import botlib


def answer(d: botlib.Decision) -> botlib.Decision | None:
    sys.stdout.write("index three, please\n")
    sys.stdout.flush()
    return None


botlib.run(answer)
