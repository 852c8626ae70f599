"""Greets, then never answers a decision."""

import botlib

botlib.run(lambda d: None)
