"""A good bot: plays its last legal move, at once."""

import botlib

botlib.run(lambda d: botlib.move(d, len(d["legal"]) - 1))
