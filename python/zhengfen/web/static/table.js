// Drawing the play table: the seats around the felt, the combination to beat, the trick, the
// banner (from a display state of display.js), the scoreboard and the log (from the view).
// Nothing here talks to the server; play.js decides what to draw and when.

import { h } from "./api.js";
import { ROW_CARDS, handBack, playCards } from "./cards.js";

/**
 * Where seat `seat` sits on the felt, as percentages: the person at the bottom, the others
 * clockwise in turn order (bottom, left, top, right for four players).
 */
function seatPosition(seat, you, players) {
  const step = (seat - you + players) % players;
  const angle = Math.PI / 2 + (step * 2 * Math.PI) / players;
  return { left: 50 + 40 * Math.cos(angle), top: 50 + 37 * Math.sin(angle) };
}

/** The seat box's placement: side seats hold on to the felt's edge, so that a wide box stays on
 *  the felt; the others are centred on their place. */
function seatStyle(pos) {
  const top = `top:${pos.top.toFixed(1)}%`;
  if (pos.left < 30) return `${top};left:${Math.max(1, pos.left - 12).toFixed(1)}%;transform:translate(0,-50%)`;
  if (pos.left > 70) return `${top};right:${Math.max(1, 88 - pos.left).toFixed(1)}%;transform:translate(0,-50%)`;
  return `${top};left:${pos.left.toFixed(1)}%`;
}

/** The centre lists the trick's latest entries, this many. */
const TRICK_LINES = 5;

/** What a trick entry reads as: "pass" or the move's name. */
function moveName(move) {
  return move.kind === "pass" ? "pass" : move.name;
}

/** A declaration as people read it (the stake and points are the engine's): "no blind,
 *  declares next" (a pass in the blind round, the declaration after seeing the cards still to
 *  decide), "no declaration", "blind ±STAKE", "declare −STAKE". */
export function declarationText(declaration) {
  if (declaration.move === "pass" && declaration.blind_round) return "no blind, declares next";
  if (declaration.move === "pass" || !declaration.stake) return "no declaration";
  if (declaration.points === null || declaration.points === undefined) {
    return `${declaration.move} ±${declaration.stake}`;
  }
  const sign = declaration.points > 0 ? "+" : "−";
  return `${declaration.move} ${sign}${Math.abs(declaration.points)}`;
}

/** The latest thing each seat did in the trick (or its declaration), by seat. */
function lastActions(display) {
  const said = new Map();
  for (const entry of display.trick) said.set(entry.seat, entry.move);
  return said;
}

function seatBox(view, display, seat) {
  const info = view.seats[seat];
  const place = display.places[seat];
  const classes = ["seat"];
  if (display.toMove === seat) classes.push("turn");
  if (place) classes.push("out");
  if (info.you) classes.push("you");
  const team = info.team === null || info.team === undefined
    ? null
    : h("span", { class: `team team-${info.team}` }, `team ${info.team}`);
  const move = lastActions(display).get(seat);
  const declaration = display.declarations.get(seat);
  const said = h("div", { class: "said" });
  if (move) {
    said.append(h("div", {}, moveName(move)));
    const cards = move.cards || [];
    if (cards.length) said.append(playCards(cards));
  } else if (declaration) {
    said.append(declarationText(declaration));
  }
  const stats = h("div", { class: "seat-stats" },
    info.you ? h("span", {}, `${display.cardsLeft[seat]} card${display.cardsLeft[seat] === 1 ? "" : "s"}`) : handBack(display.cardsLeft[seat]),
    h("span", { class: "seat-points" }, `${display.points[seat]} pts`));
  // narrow screens list the seats in turn order from the one after you, you last (style.css)
  const round = ((seat - view.seat + view.players - 1) % view.players) + 1;
  return h("div", {
    class: classes.join(" "),
    style: `${seatStyle(seatPosition(seat, view.seat, view.players))};--round:${round}`,
    dataset: { seat: String(seat) }, "aria-label": `${info.name}`, title: info.agent || null,
  },
  h("div", { class: "seat-name" }, info.name, team,
    place ? h("span", { class: "place", title: `out, place ${place}` }, `#${place}`) : null,
    display.toMove === seat && !place ? h("span", { class: "to-move" }, "to move") : null,
    faultsBadge(info.faults)),
  h("div", { class: "seat-body" }, stats, said), info.you ? null : shownHand(display, seat));
}

/** A bot's faults (BOTS.md §6) while this server holds the game; nothing for other seats. */
function faultsBadge(faults) {
  if (faults === null || faults === undefined) return null;
  return h("span", {
    class: "faults small muted",
    title: "moves the bot did not make in time or legally: its fallback agent made them (BOTS.md §6)",
  }, `${faults} fault${faults === 1 ? "" : "s"}`);
}

/** Another seat's cards where the record shows them: the last player's remaining hand, handed
 *  over when the match ended, and every hand once the game is over. */
function shownHand(display, seat) {
  const last = display.lastHand && display.lastHand.seat === seat ? display.lastHand.cards : null;
  const cards = last || display.hands[seat];
  if (!cards || !cards.length) return null;
  return h("div", { class: "seat-hand", dataset: { hand: String(seat) } },
    h("span", { class: "small muted" }, last ? "handed over: " : "held: "), playCards(cards));
}

function centerBox(view, display) {
  const center = h("div", { class: "center", id: "pt-center" });
  if (display.table) {
    const maker = view.seats[display.table.seat].name;
    center.append(
      h("div", { class: "to-beat-label" }, `To beat, played by ${maker}`),
      h("div", { class: "to-beat-name", id: "pt-to-beat" }, display.table.move.name),
      playCards(display.table.move.cards),
    );
  } else if (view.phase === "blind_declare" || view.phase === "declare") {
    center.append(h("div", { class: "to-beat-name" },
      view.phase === "blind_declare" ? "Blind declarations" : "Declarations"),
    h("div", { class: "to-beat-label" }, `before the first lead: ±${view.stakes.blind} blind, ±${view.stakes.declare} after seeing the cards`));
  } else if (display.toMove !== null && display.toMove !== undefined && !view.match_over) {
    const leader = view.seats[display.toMove].name;
    center.append(h("div", { class: "to-beat-name" }, leader === "you" ? "You lead" : `${leader} leads`));
  }
  if (display.trick.length > 1) {
    const list = h("div", { class: "trick", "aria-label": "The trick so far" });
    if (display.trick.length > TRICK_LINES) list.append(h("div", {}, "…"));
    for (const entry of display.trick.slice(-TRICK_LINES)) {
      list.append(h("div", {}, `${view.seats[entry.seat].name}: ${moveName(entry.move)}`));
    }
    center.append(list);
  }
  return center;
}

/** Redraws the felt: every seat, and in the centre the banner (the latest announcement),
 *  the combination to beat and the trick. */
export function drawFelt(felt, view, display, banner) {
  felt.replaceChildren(h("p", { class: "turn-order", id: "pt-turn-order" }, "In turn order, you last:"));
  for (let seat = 0; seat < view.players; seat += 1) felt.append(seatBox(view, display, seat));
  const center = centerBox(view, display);
  if (banner) center.prepend(h("div", { class: "banner", id: "pt-banner", role: "status" }, banner));
  felt.append(center);
}

/** The scoreboard: one row per seat (Zheng Fen) or team (Zen Cheng You). */
export function drawScores(node, view) {
  const rows = view.scores.map((row) => h("tr", {},
    h("td", {}, row.label), h("td", { class: "num" }, row.match_points), h("td", { class: "num" }, row.score)));
  node.replaceChildren(h("table", {},
    h("thead", {}, h("tr", {}, h("th", {}, view.teams ? "Team" : "Seat"),
      h("th", { class: "num" }, "This match"), h("th", { class: "num" }, "Score"))),
    h("tbody", {}, rows)),
  h("p", { class: "muted small" }, `target ${view.rules.target}`));
}

const ANNOUNCED = new Set(["trick", "out", "transfer", "match_scored", "game_over"]);

/** Whether an event is announced in the banner (trick winners, going out, results). */
export function announced(event) {
  return ANNOUNCED.has(event.type);
}

/** The banner after `event`: its announcement (`text(event)`) if it is announced; none once a
 *  combination is played or a match dealt after it (the next trick is under way, so an older
 *  trick's winner is no longer news); otherwise still `banner`. */
export function nextBanner(banner, event, text) {
  if (announced(event)) return text(event);
  if (event.type === "play" || event.type === "deal") return null;
  return banner;
}

/** Adds an event's sentence to the log, newest last, and scrolls to it. */
export function logEvent(log, event) {
  const classes = [];
  if (announced(event)) classes.push("big");
  if (event.type === "deal" || event.type === "match_scored" || event.type === "game_over") {
    classes.push("match");
  }
  const cards = event.type === "play" && event.move ? event.move.cards || [] : [];
  log.append(h("li", { class: classes.join(" "), dataset: { type: event.type } }, event.text,
    cards.length > ROW_CARDS ? playCards(cards) : null));
  while (log.children.length > 400) log.firstElementChild.remove();
  log.scrollTop = log.scrollHeight;
}
