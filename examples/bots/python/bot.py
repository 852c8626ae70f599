"""An example bot for zhengfen's bot protocol (BOTS.md), in Python 3's standard library alone.

    zhengfen bot check 'python3 examples/bots/python/bot.py'
    zhengfen arena --agents 'process(cmd="python3 examples/bots/python/bot.py"),random'

It reads one JSON object a line on standard input and answers `hello` and `decision` lines on
standard output; every other message is ignored. The strategy (the same in the Java, C and
JavaScript examples) reads each legal move's notation, `KIND RANK LENGTH: CARDS`:

- a move that plays the whole hand is played at once;
- in Zen Cheng You's declarations (`blind`, `declare`) the bot passes;
- leading, it plays the lowest card it holds in the longest combination that holds it, keeping
  back jokers, 2s, bombs, specials and straight flushes ("precious" moves);
- following, it passes over its partner's play (Zen Cheng You), else plays the cheapest move that
  beats the table; a precious move only when the trick holds card points or its hand is short.
"""

import json
import sys

# Rank order of the notation (CONFORMANCE.md §1), low to high; a move's value is its rank's index.
RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "BJ", "RJ", "joker"]
RANKS += ["mixed_5_10_k", "suited_5_10_k", "four_twos"]
PRECIOUS_KINDS = ("bomb", "special", "straight_flush")
POINTS = {"5": 5, "10": 10, "K": 10}  # card points (RULES.md §1.8)
SHORT_HAND = 6  # with this many cards or fewer, precious moves may be spent
WORTH_FIGHTING = 10  # card points in the trick that justify a precious move

HELLO = {
    "type": "hello",
    "protocol": 1,
    "name": "example-python",
    "games": {"zheng_fen": [3, 4, 5, 6], "zen_cheng_you": [4]},
}


def card_rank(card):
    """The rank of a card token: `10h` -> `10`, `BJ` -> `BJ`."""
    return card if card in ("BJ", "RJ") else card[:-1]


class Move:
    """One legal move read from its notation: `pass`, `blind`, `declare` or a combination."""

    def __init__(self, index, text):
        self.index, self.text = index, text
        self.kind, self.value, self.cards = text, -1, []
        if ":" in text:
            head, cards = text.split(":", 1)
            kind, rank, _length = head.split()
            self.kind, self.value, self.cards = kind, RANKS.index(rank), cards.split()

    def precious(self):
        """Jokers, 2s, bombs, specials and straight flushes are kept for when they matter."""
        ranks = [card_rank(c) for c in self.cards]
        return self.kind in PRECIOUS_KINDS or any(r in ("2", "BJ", "RJ") for r in ranks)

    def lowest_card(self):
        """The rank index of the lowest card the move plays."""
        return min(RANKS.index(card_rank(c)) for c in self.cards)


def trick_points(trick):
    """The card points already played in the current trick (`[seat, notation]` pairs)."""
    total = 0
    for _seat, play in trick:
        if ":" in play:
            total += sum(POINTS.get(card_rank(c), 0) for c in play.split(":", 1)[1].split())
    return total


def choose(game, observation, legal):
    """The index of the move to play among `legal` (notations, as the engine lists them)."""
    moves = [Move(i, text) for i, text in enumerate(legal)]
    plays = [m for m in moves if m.cards]
    passing = [m for m in moves if m.kind == "pass"]
    if any(m.kind in ("blind", "declare") for m in moves):
        return passing[0].index  # declarations: never bet on finishing first
    hand_size = len(observation.get("hand", "").split())
    for m in plays:
        if len(m.cards) == hand_size:
            return m.index  # goes out
    cheap = [m for m in plays if not m.precious()]
    if not passing:  # a lead: shed the lowest card in the longest combination holding it
        pool = cheap or plays
        return min(pool, key=lambda m: (m.lowest_card(), -len(m.cards), m.value)).index
    table_player, seat = observation.get("table_player"), observation.get("seat")
    if game == "zen_cheng_you" and table_player is not None and table_player % 2 == seat % 2:
        return passing[0].index  # the partner holds the trick
    worth = trick_points(observation.get("trick", [])) >= WORTH_FIGHTING
    pool = cheap if cheap else (plays if worth or hand_size <= SHORT_HAND else [])
    if not pool:
        return passing[0].index
    return min(pool, key=lambda m: (m.value, len(m.cards))).index


def write(message):
    """One JSON line, flushed at once (BOTS.md §1)."""
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def main():
    game = "zheng_fen"
    for line in sys.stdin:
        if not line.strip():
            continue  # blank lines are skipped
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            write(HELLO)
        elif kind == "game":
            game = message.get("rules", {}).get("game", game)
        elif kind == "decision":
            index = choose(game, message["observation"], message["legal"])
            write({"type": "move", "id": message["id"], "index": index})
        elif kind == "bye":
            break
        # any other type (match_end, game_end, fault, ...) needs no answer: ignored
    return 0


if __name__ == "__main__":
    sys.exit(main())
