// An example bot for zhengfen's bot protocol (BOTS.md), in Node.js with no npm packages.
//
//   zhengfen bot check 'node examples/bots/javascript/bot.js'
//   zhengfen arena --agents 'process(cmd="node examples/bots/javascript/bot.js"),random'
//
// It reads one JSON object a line on standard input and answers `hello` and `decision` lines on
// standard output; every other message is ignored. The strategy (the same in the Java, C and
// Python examples) reads each legal move's notation, `KIND RANK LENGTH: CARDS`:
//  - a move that plays the whole hand is played at once;
//  - in Zen Cheng You's declarations (`blind`, `declare`) the bot passes;
//  - leading, it plays the lowest card it holds in the longest combination that holds it,
//    keeping back jokers, 2s, bombs, specials and straight flushes ("precious" moves);
//  - following, it passes over its partner's play (Zen Cheng You), else plays the cheapest move
//    that beats the table; a precious move only when the trick holds card points or its hand is
//    short.
"use strict";

const readline = require("readline");

// Rank order of the notation (CONFORMANCE.md §1), low to high; a move's value is its rank's index.
const RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "BJ", "RJ",
  "joker", "mixed_5_10_k", "suited_5_10_k", "four_twos"];
const PRECIOUS_KINDS = ["bomb", "special", "straight_flush"];
const POINTS = { "5": 5, "10": 10, "K": 10 }; // card points (RULES.md §1.8)
const SHORT_HAND = 6; // with this many cards or fewer, precious moves may be spent
const WORTH_FIGHTING = 10; // card points in the trick that justify a precious move

const HELLO = {
  type: "hello",
  protocol: 1,
  name: "example-javascript",
  games: { zheng_fen: [3, 4, 5, 6], zen_cheng_you: [4] },
};

// The rank of a card token: `10h` -> `10`, `BJ` -> `BJ`.
function cardRank(card) {
  return card === "BJ" || card === "RJ" ? card : card.slice(0, -1);
}

// The cards of a combination's notation (after the colon), or none for pass/blind/declare.
function notationCards(text) {
  const colon = text.indexOf(":");
  return colon < 0 ? [] : text.slice(colon + 1).split(/\s+/).filter((c) => c.length > 0);
}

// One legal move read from its notation: `pass`, `blind`, `declare` or a combination.
function readMove(index, text) {
  const move = { index, kind: text, value: -1, cards: notationCards(text) };
  if (move.cards.length > 0) {
    const [kind, rank] = text.slice(0, text.indexOf(":")).trim().split(/\s+/);
    move.kind = kind;
    move.value = RANKS.indexOf(rank);
  }
  const ranks = move.cards.map(cardRank);
  // Jokers, 2s, bombs, specials and straight flushes are kept for when they matter.
  move.precious =
    PRECIOUS_KINDS.includes(move.kind) || ranks.some((r) => r === "2" || r === "BJ" || r === "RJ");
  move.lowestCard = Math.min(...ranks.map((r) => RANKS.indexOf(r)));
  return move;
}

// The card points already played in the current trick (`[seat, notation]` pairs).
function trickPoints(trick) {
  let total = 0;
  for (const [, play] of trick) {
    for (const card of notationCards(play)) total += POINTS[cardRank(card)] || 0;
  }
  return total;
}

// The move of `pool` with the smallest key (an array compared element by element).
function smallest(pool, key) {
  let best = pool[0];
  for (const m of pool) {
    const a = key(m), b = key(best);
    const i = a.findIndex((x, k) => x !== b[k]);
    if (i >= 0 && a[i] < b[i]) best = m;
  }
  return best;
}

// The index of the move to play among `legal` (notations, as the engine lists them).
function choose(game, observation, legal) {
  const moves = legal.map((text, i) => readMove(i, text));
  const plays = moves.filter((m) => m.cards.length > 0);
  const passing = moves.filter((m) => m.kind === "pass");
  if (moves.some((m) => m.kind === "blind" || m.kind === "declare")) {
    return passing[0].index; // declarations: never bet on finishing first
  }
  const handSize = notationCards(":" + (observation.hand || "")).length;
  const out = plays.find((m) => m.cards.length === handSize);
  if (out) return out.index; // goes out
  const cheap = plays.filter((m) => !m.precious);
  if (passing.length === 0) {
    // a lead: shed the lowest card in the longest combination holding it
    const pool = cheap.length > 0 ? cheap : plays;
    return smallest(pool, (m) => [m.lowestCard, -m.cards.length, m.value]).index;
  }
  const tablePlayer = observation.table_player, seat = observation.seat;
  if (game === "zen_cheng_you" && tablePlayer != null && tablePlayer % 2 === seat % 2) {
    return passing[0].index; // the partner holds the trick
  }
  const worth = trickPoints(observation.trick || []) >= WORTH_FIGHTING;
  const pool = cheap.length > 0 ? cheap : worth || handSize <= SHORT_HAND ? plays : [];
  if (pool.length === 0) return passing[0].index;
  return smallest(pool, (m) => [m.value, m.cards.length]).index;
}

// One JSON line (BOTS.md §1); a write to a pipe is complete when the line is handed to the OS.
function write(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

function main() {
  let game = "zheng_fen";
  const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  input.on("line", (line) => {
    if (line.trim() === "") return; // blank lines are skipped
    const message = JSON.parse(line);
    if (message.type === "hello") {
      write(HELLO);
    } else if (message.type === "game") {
      game = (message.rules && message.rules.game) || game;
    } else if (message.type === "decision") {
      const index = choose(game, message.observation, message.legal);
      write({ type: "move", id: message.id, index });
    } else if (message.type === "bye") {
      input.close();
      process.exitCode = 0;
    }
    // any other type (match_end, game_end, fault, ...) needs no answer: ignored
  });
  input.on("close", () => process.exit(0)); // end of input, or bye: exit 0
}

main();
