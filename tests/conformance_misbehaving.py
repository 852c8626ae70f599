"""Adapters that get the protocol (not the rules) wrong, for testing the checker: the reference
served over the protocol with one fault. Run: ``python tests/conformance_misbehaving.py FAULT``.

- ``wrong_id``: answers every request with ``"id": "wrong"``;
- ``wrong_id_after_hello``: answers ``hello`` right, then every request with another id;
- ``no_id``: answers without an ``id``;
- ``no_hello``: answers ``hello`` with an error;
- ``old_protocol``: answers ``hello`` with ``"protocol": 0``;
- ``ignore_quit``: answers ``quit`` and keeps running;
- ``quit_status``: exits with status 3 on ``quit``;
- ``shuffled_moves``: lists legal moves in reverse order (allowed: the list is a set);
- ``repeated_move``: lists the first legal move twice (not allowed);
- ``wrong_hands``: in a state with a long history, adds a red joker to seat 0's hand.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from zhengfen import reference
from zhengfen.conformance.server import Server


def misbehave(fault: str, request: Any, answer: dict[str, Any]) -> dict[str, Any] | None:
    """The answer as the faulty adapter gives it (``None``: no answer)."""
    op = request.get("op") if isinstance(request, dict) else None
    result: Any = answer.get("result")
    if fault == "wrong_id":
        answer["id"] = "wrong"
    elif fault == "wrong_id_after_hello" and op != "hello":
        answer["id"] = request["id"] + 1
    elif fault == "no_id":
        del answer["id"]
    elif fault == "no_hello" and op == "hello":
        return {"id": answer["id"], "error": {"kind": "bad_request", "message": "hello?"}}
    elif fault == "old_protocol" and op == "hello":
        result["protocol"] = 0
    elif fault == "shuffled_moves" and op == "legal_moves" and isinstance(result, list):
        result.reverse()
    elif fault == "repeated_move" and op == "legal_moves" and result:
        result.append(result[0])
    elif fault == "wrong_hands" and op == "state" and len(result["history"]) > 60:
        result["hands"][0] = f"{result['hands'][0]} RJ".strip()
    return answer


def main(fault: str) -> int:
    server = Server(reference, f"misbehaving-{fault}")
    for line in sys.stdin:
        request = json.loads(line)
        if request.get("op") == "quit":
            if fault == "quit_status":
                return 3
            if fault == "ignore_quit":
                print(json.dumps({"id": request.get("id"), "result": None}), flush=True)
                continue
            return 0
        answer = misbehave(fault, request, server.answer(request))
        print(json.dumps(answer), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
