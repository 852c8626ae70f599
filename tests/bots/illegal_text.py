"""Answers with a move written in notation that is not legal: pass on a lead, else cards no
seat can hold (two black jokers in one deck)."""

import botlib


def answer(d: botlib.Decision) -> botlib.Decision:
    text = "pass" if "pass" not in d["legal"] else "BJ BJ RJ"
    return {"type": "move", "id": d["id"], "move": text}


botlib.run(answer)
