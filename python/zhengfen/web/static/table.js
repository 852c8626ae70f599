// Drawing the play table from a view (API.md "The VIEW"): the seats around the felt, the
// combination to beat, the trick, the scoreboard, the log and the banner. Nothing here talks to
// the server; play.js decides what to draw and when.

import { cardRow, handBack } from "./cards.js";
import { h } from "./api.js";

/**
 * Where seat `seat` sits on the felt, as percentages: the person at the bottom, the others
 * clockwise in turn order (bottom, left, top, right for four players).
 */
export function seatPosition(seat, you, players) {
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

/** A seat's box shows the cards of its latest play up to this many (the centre shows all). */
const SAID_CARDS = 5;

/** What a trick entry reads as: "pass" or the move's name. */
function moveName(move) {
  return move.kind === "pass" ? "pass" : move.name;
}

const STAKES = { blind: 200, declare: 100 };

/** Each seat's declaration of the match (its last: a declaration after a blind pass), by seat. */
export function declarationsBySeat(declarations) {
  return new Map((declarations || []).map((d) => [d.seat, d]));
}

/** A declaration as people read it: "no declaration", "blind ±200", "declare −100". */
export function declarationText(declaration) {
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
    if (cards.length && cards.length <= SAID_CARDS) said.append(cardRow(cards, "small"));
  } else if (declaration) {
    said.append(declarationText(declaration));
  }
  const stats = h("div", { class: "seat-stats" },
    info.you ? h("span", {}, `${display.cardsLeft[seat]} cards`) : handBack(display.cardsLeft[seat]),
    h("span", { class: "seat-points" }, `${display.points[seat]} pts`));
  return h("div", {
    class: classes.join(" "), style: seatStyle(seatPosition(seat, view.seat, view.players)),
    dataset: { seat: String(seat) }, "aria-label": `${info.name}`,
  },
  h("div", { class: "seat-name" }, info.name, team,
    place ? h("span", { class: "place", title: `out, place ${place}` }, `#${place}`) : null,
    display.toMove === seat && !place ? h("span", { class: "to-move" }, "to move") : null),
  h("div", { class: "seat-body" }, stats, said));
}

function centerBox(view, display) {
  const center = h("div", { class: "center", id: "pt-center" });
  if (display.table) {
    const maker = view.seats[display.table.seat].name;
    center.append(
      h("div", { class: "to-beat-label" }, `To beat (played by ${maker})`),
      h("div", { class: "to-beat-name", id: "pt-to-beat" }, display.table.move.name),
      cardRow(display.table.move.cards, "small"),
    );
  } else if (view.phase === "blind_declare" || view.phase === "declare") {
    center.append(h("div", { class: "to-beat-name" },
      view.phase === "blind_declare" ? "Blind declarations" : "Declarations"),
    h("div", { class: "to-beat-label" }, "before the first lead: ±200 blind, ±100 after seeing the cards"));
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
  felt.replaceChildren();
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

/** Adds an event's sentence to the log, newest last, and scrolls to it. */
export function logEvent(log, event) {
  const classes = [];
  if (announced(event)) classes.push("big");
  if (event.type === "deal" || event.type === "match_scored" || event.type === "game_over") {
    classes.push("match");
  }
  log.append(h("li", { class: classes.join(" "), dataset: { type: event.type } }, event.text));
  while (log.children.length > 400) log.firstElementChild.remove();
  log.scrollTop = log.scrollHeight;
}

/** The state the felt shows, taken from a view. */
export function displayOf(view) {
  return {
    cardsLeft: view.seats.map((s) => s.cards_left),
    points: view.seats.map((s) => s.points_won),
    places: view.seats.map((s) => s.place),
    table: view.table,
    trick: [...view.trick],
    toMove: view.current_player,
    trickDone: false,
    declarations: declarationsBySeat(view.declarations),
  };
}

/** How many cards each seat is dealt (RULES.md §2.4: the first drawers hold the extra cards). */
function dealtCounts(view, firstDrawer) {
  const total = view.game === "zen_cheng_you" ? 108 : 54;
  const n = view.players;
  return view.seats.map((_, seat) => Math.floor(total / n) + ((seat - firstDrawer + n) % n < total % n ? 1 : 0));
}

/** Marks each deal event with the cards each seat holds after it, so the felt can count down
 *  from the deal: from the rules of dealing, or for given hands (no first drawer) from the
 *  view's cards left plus what each seat played since. */
export function markDeals(events, view) {
  let played = view.seats.map(() => 0);
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const event = events[i];
    if (event.type === "play") played[event.seat] += event.move.cards.length;
    if (event.type === "deal") {
      event.cardsAtDeal = event.first_drawer === null || event.first_drawer === undefined
        ? view.seats.map((s, seat) => s.cards_left + played[seat])
        : dealtCounts(view, event.first_drawer);
      played = view.seats.map(() => 0);
    }
  }
}

/**
 * The display after `event`, from the display before it (a copy): the felt replays the agents'
 * moves one by one from these. `final` is the view the events lead to.
 */
export function applyEvent(display, event, final) {
  const next = {
    ...display, cardsLeft: [...display.cardsLeft], points: [...display.points],
    places: [...display.places], trick: [...display.trick],
    declarations: new Map(display.declarations),
  };
  switch (event.type) {
    case "deal":
      next.trick = [];
      next.table = null;
      next.trickDone = false;
      if (event.cardsAtDeal) next.cardsLeft = [...event.cardsAtDeal];
      next.places = final.seats.map(() => null);
      next.points = final.seats.map(() => 0);
      next.declarations = new Map();
      next.toMove = event.leader;
      break;
    case "declaration":
      next.declarations.set(event.seat, { seat: event.seat, move: event.move, stake: STAKES[event.move] || 0, points: null });
      next.toMove = (event.seat + 1) % final.players;
      break;
    case "play":
      startTrick(next);
      next.cardsLeft[event.seat] = Math.max(0, next.cardsLeft[event.seat] - event.move.cards.length);
      next.trick.push({ seat: event.seat, move: event.move });
      next.table = { seat: event.seat, move: event.move };
      next.toMove = nextSeat(next, event.seat);
      break;
    case "pass":
      startTrick(next);
      next.trick.push({ seat: event.seat, move: { kind: "pass", name: "pass", text: "pass", cards: [] } });
      next.toMove = nextSeat(next, event.seat);
      break;
    case "trick":
      next.points[event.winner] += event.points;
      next.toMove = next.cardsLeft[event.winner] ? event.winner : nextSeat(next, event.winner);
      next.trickDone = true;
      break;
    case "out":
      next.places[event.seat] = event.place;
      if (next.toMove === event.seat) next.toMove = nextSeat(next, event.seat);
      break;
    case "transfer": {
      const to = event.to !== undefined ? event.to : (event.from + 1) % final.players;
      next.points[to] += event.points;
      next.points[event.from] = 0;
      next.cardsLeft[event.from] = 0; // the hand goes with the pile (RULES.md §12.4b)
      break;
    }
    default:
      break;
  }
  return next;
}

/** The seat after `seat` in turn order that still holds cards (null when none does). */
function nextSeat(display, seat) {
  const players = display.cardsLeft.length;
  for (let step = 1; step <= players; step += 1) {
    const next = (seat + step) % players;
    if (display.cardsLeft[next] > 0) return next;
  }
  return null;
}

/** After a trick's end the felt keeps it on show until the next play or pass starts a new one. */
function startTrick(display) {
  if (!display.trickDone) return;
  display.trick = [];
  display.table = null;
  display.trickDone = false;
}
