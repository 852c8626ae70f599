"""A bot for the training tests (BOTS.md): it plays the first legal move that is not a pass,
else the pass; it reads nothing of zhengfen."""

import json
import sys

GAMES = {"zheng_fen": [3, 4, 5, 6], "zen_cheng_you": [4]}


def main() -> None:
    for line in sys.stdin:
        message = json.loads(line) if line.strip() else {}
        kind = message.get("type")
        if kind == "hello":
            answer = {"type": "hello", "protocol": 1, "name": "first-play", "games": GAMES}
        elif kind == "decision":
            legal = message["legal"]
            plays = [i for i, move in enumerate(legal) if move != "pass"]
            answer = {"type": "move", "id": message["id"], "index": plays[0] if plays else 0}
        elif kind == "bye":
            return
        else:
            continue
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
