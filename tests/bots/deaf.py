"""Greets, then never reads its input again (the engine's lines fill its pipe) and never
answers."""

import sys
import time

import botlib

sys.stdin.readline()  # the engine's hello
botlib.write(botlib.HELLO)
time.sleep(float(sys.argv[1]) if len(sys.argv) > 1 else 120)
