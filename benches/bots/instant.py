"""The instant bot in Python, for machines without gcc: answers every decision at once with its
first legal move (BOTS.md)."""

import json
import sys

HELLO = {"type": "hello", "protocol": 1, "name": "instant", "games": {"zheng_fen": [3, 4, 5, 6]}}

for line in sys.stdin:
    message = json.loads(line) if line.strip() else {}
    if message.get("type") == "decision":
        sys.stdout.write(json.dumps({"type": "move", "id": message["id"], "index": 0}) + "\n")
    elif message.get("type") == "hello":
        sys.stdout.write(json.dumps(HELLO) + "\n")
    elif message.get("type") == "bye":
        break
    sys.stdout.flush()
