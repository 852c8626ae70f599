"""What the test bots share: the greeting and the loop over the engine's lines (BOTS.md). A
bot calls :func:`run` with ``answer(decision) -> dict | None``; ``None`` answers nothing."""

import json
import sys
from collections.abc import Callable
from typing import Any

Decision = dict[str, Any]

HELLO = {"type": "hello", "protocol": 1, "name": "test", "games": {"zheng_fen": [3, 4, 5, 6]}}


def write(value: object) -> None:
    sys.stdout.write(json.dumps(value) + "\n")
    sys.stdout.flush()


def run(
    answer: Callable[[Decision], Decision | None],
    hello: Decision = HELLO,
    on_line: Callable[[str], object] | None = None,
) -> None:
    for line in sys.stdin:
        if on_line is not None:
            on_line(line)
        message = json.loads(line) if line.strip() else {}
        kind = message.get("type")
        if kind == "hello":
            write(hello)
        elif kind == "decision":
            reply = answer(message)
            if reply is not None:
                write(reply)
        elif kind == "bye":
            return


def move(decision: Decision, index: int) -> Decision:
    return {"type": "move", "id": decision["id"], "index": index}
