"""A correct bot for ``zhengfen bot check`` (BOTS.md), standard library only, that plays
every table, and its broken copies: ``checked.py DEFECT`` has one defect (``no_hello``,
``protocol``, ``no_tables``, ``illegal``, ``slow``, ``unknown_crash``, ``ignores_bye``,
``wrong_id``; ``notation`` and ``zheng_fen_4``: variants that are still correct, answering
in notation, and claiming only 4-player Zheng Fen besides tables the engine does not have)."""

import json
import sys
import time
from typing import Any

DEFECT = sys.argv[1] if len(sys.argv) > 1 else ""
HELLO = {
    "type": "hello",
    "protocol": 2 if DEFECT == "protocol" else 1,
    "name": f"checked {DEFECT}".strip(),
    "games": (
        {"zheng_fen": [4, 9], "hearts": [4]}
        if DEFECT == "zheng_fen_4"
        else {"hearts": [4]}
        if DEFECT == "no_tables"
        else {"zheng_fen": [3, 4, 5, 6], "zen_cheng_you": [4]}
    ),
}
KNOWN = ("hello", "game", "decision", "fault", "match_end", "game_end", "bye")


def write(value: object) -> None:
    sys.stdout.write(json.dumps(value) + "\n")
    sys.stdout.flush()


def answer(decision: dict[str, Any]) -> dict[str, Any]:
    """The last legal move, or a defect's answer."""
    ident, legal = decision["id"], decision["legal"]
    if DEFECT == "slow":
        time.sleep(0.5)
    if DEFECT == "illegal" and ident == 3:
        return {"type": "move", "id": ident, "index": len(legal)}
    if DEFECT == "wrong_id" and ident == 3:
        return {"type": "move", "id": ident - 1, "index": 0}
    if DEFECT == "notation":
        return {"type": "move", "id": ident, "move": legal[-1]}
    return {"type": "move", "id": ident, "index": len(legal) - 1}


def main() -> int:
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        kind = message.get("type")
        if kind not in KNOWN and DEFECT == "unknown_crash":
            raise SystemExit(f"unknown message {kind}")
        if kind == "hello" and DEFECT != "no_hello":
            write(HELLO)
        elif kind == "decision":
            write(answer(message))
        elif kind == "bye":
            if DEFECT == "ignores_bye":
                time.sleep(30)
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
