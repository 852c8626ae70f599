"""Answers every decision with bytes that are not UTF-8."""

import sys

import botlib


def answer(d: botlib.Decision) -> botlib.Decision | None:
    sys.stdout.buffer.write(b'{"type":"move","id":%d,"index":0,"x":"\xff\xfe"}\n' % d["id"])
    sys.stdout.buffer.flush()
    return None


botlib.run(answer)
