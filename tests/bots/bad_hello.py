"""Greets with protocol 2."""

import botlib

botlib.run(lambda d: None, hello={**botlib.HELLO, "protocol": 2})
