// What the felt shows: the engine's record of what the seat sees (API.md "The felt"), which the
// view carries (`view.felt`) and each event of the current match too (`event.felt`, the record
// after it). Nothing here knows a rule: no dealing counts, points or rank order; the page only
// draws these records. While the agents' moves appear one by one, play.js draws each event's.

/** Each seat's declaration of the match (its last: a declaration after a blind pass), by seat. */
export function declarationsBySeat(declarations) {
  return new Map((declarations || []).map((d) => [d.seat, d]));
}

/** The state the felt shows, taken from a record (`view.felt` or `event.felt`). */
export function displayOf(felt) {
  return {
    cardsLeft: felt.seats.map((s) => s.cards_left),
    points: felt.seats.map((s) => s.points_won),
    places: felt.seats.map((s) => s.place),
    hands: felt.seats.map((s) => s.hand),
    table: felt.table,
    trick: [...felt.trick],
    toMove: felt.current_player,
    trickDone: false,
    lastHand: felt.last_hand,
    declarations: new Map(felt.seats.filter((s) => s.declaration).map((s) => [s.seat, { seat: s.seat, ...s.declaration }])),
  };
}

/** Events that start a new trick's display (the one just won stays on show until then). */
const STARTS = new Set(["play", "pass", "deal"]);

/**
 * The display after `event`: its record; the trick just won (and what it beat) stays on show
 * until the next play, pass or deal, so that people see who won it. An event without a record
 * (an earlier match's, on a reload) leaves the display as it is.
 */
export function nextDisplay(display, event) {
  if (!event.felt) return display;
  const next = displayOf(event.felt);
  const keep = display && !STARTS.has(event.type) && (display.trickDone || event.type === "trick");
  if (keep) {
    next.trick = display.trick;
    next.table = display.table;
    next.trickDone = true;
  }
  return next;
}
