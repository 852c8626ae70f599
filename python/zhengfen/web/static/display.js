// What the felt shows, as a state folded from the history events (API.md "events"): cards left,
// points won, places, the trick and the table, whose turn, the declarations. While the agents'
// moves appear one by one, play.js draws each state of the fold; at the end the view itself.

/** Each seat's declaration of the match (its last: a declaration after a blind pass), by seat. */
export function declarationsBySeat(declarations) {
  return new Map((declarations || []).map((d) => [d.seat, d]));
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
      next.declarations.set(event.seat, {
        seat: event.seat, move: event.move, stake: event.stake, points: null, blind_round: !next.declarations.has(event.seat),
      });
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
