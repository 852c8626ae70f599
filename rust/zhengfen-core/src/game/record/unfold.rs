//! What a viewer sees after each event of the history (RULES.md §12.6): the records the page
//! draws while it shows the agents' moves one by one, and a replay's positions.
//!
//! The game is played again from its setup, decision by decision. After a decision's last
//! event the record is [`Visible::of`] the game reached; between a decision's first event and its
//! last (a play that wins a trick and ends the match: `play`, `trick`, `out`, `transfer`,
//! `match_scored`) each event is applied to the record before it: cards leave the hand, the
//! trick grows, a trick's points go to its winner, places are given, and from the transfer on the
//! piles and scores are the ones the decision reached. Who moves and the phase are those after
//! the decision all along.

use super::{Seated, Viewer, Visible};
use crate::error::{Error, Result};
use crate::game::{Decision, Event, Game, Move, Setup};

/// What `viewer` sees after each event of `game`'s history from index `since` on: one record
/// per event, the last one [`Visible::of`] the game.
///
/// ```
/// use zhengfen_core::game::record::{unfold, Viewer, Visible};
/// use zhengfen_core::game::Game;
/// use zhengfen_core::rules::Rules;
/// let mut game = Game::new(Rules::zheng_fen(4).unwrap(), 3);
/// for _ in 0..12 {
///     let first = game.legal_moves()[0];
///     game.play(first).unwrap();
/// }
/// let seen = unfold(&game, Viewer::Seat(2), 0).unwrap();
/// assert_eq!(seen.len(), game.history().len());
/// assert_eq!(seen.last(), Some(&Visible::of(&game, Viewer::Seat(2))));
/// assert_eq!(unfold(&game, Viewer::Seat(2), 5).unwrap(), seen[5..]);
/// ```
pub fn unfold(game: &Game, viewer: Viewer, since: usize) -> Result<Vec<Visible>> {
    let history = game.history();
    let mut replay = first_deal(game)?;
    let mut out = Vec::with_capacity(history.len().saturating_sub(since));
    let mut before = (since == 0).then(|| Visible::of(&replay, viewer));
    out.extend(before.clone());
    for (i, decision) in game.decisions().iter().enumerate() {
        let start = replay.history().len();
        let wanted = decision_end(history, start) > since;
        if wanted && before.is_none() {
            before = Some(Visible::of(&replay, viewer));
        }
        decide(&mut replay, *decision).map_err(|e| {
            Error::state(format!("decision {i} '{decision}': {e}")).with_decision(i)
        })?;
        if !wanted {
            continue;
        }
        let after = Visible::of(&replay, viewer);
        let end = replay.history().len();
        let mut shown = before.take().unwrap_or_else(|| after.clone());
        for (n, event) in history.iter().enumerate().take(end - 1).skip(start) {
            apply(&mut shown, event, &after);
            if n >= since {
                out.push(shown.clone());
            }
        }
        out.push(after.clone());
        before = Some(after);
    }
    Ok(out)
}

/// Where the events of the decision whose first event is `start` end: at the next decision's
/// first event (a deal, a declaration, a play or a pass), or the history's end.
fn decision_end(history: &[Event], start: usize) -> usize {
    (start + 1..history.len())
        .find(|&n| {
            matches!(
                history[n],
                Event::Deal { .. }
                    | Event::Declaration { .. }
                    | Event::Play { .. }
                    | Event::Pass { .. }
            )
        })
        .unwrap_or(history.len())
}

/// `game` at its first deal, from its setup.
fn first_deal(game: &Game) -> Result<Game> {
    let rules = *game.rules();
    match game.setup() {
        Setup::Seed(seed) => Ok(Game::new(rules, *seed)),
        Setup::Hands {
            hands,
            leader,
            seed,
        } => Game::from_hands(rules, hands, usize::from(*leader), *seed),
    }
}

/// Makes `decision` in `game`.
fn decide(game: &mut Game, decision: Decision) -> Result<()> {
    match decision {
        Decision::NextMatch => game.next_match(),
        Decision::Move(mv) => game.play(mv),
    }
}

/// `shown` after `event`, one of a decision's events before its last; `after` is the record at
/// the decision's end.
fn apply(shown: &mut Visible, event: &Event, after: &Visible) {
    shown.phase = after.phase;
    shown.current_player = after.current_player;
    match *event {
        Event::Play { seat, combo } => {
            let at = &mut shown.seats[usize::from(seat)];
            at.cards_left = at.cards_left.saturating_sub(combo.cards.len());
            at.hand = at.hand.map(|hand| hand.minus(combo.cards).unwrap_or(hand));
            shown.trick.push(Seated::new(seat, Move::Play(combo)));
            shown.table = Some(Seated::new(seat, combo));
        }
        Event::Pass { seat } => shown.trick.push(Seated::new(seat, Move::Pass)),
        Event::Trick { winner, points } => {
            shown.seats[usize::from(winner)].points_won += points;
            shown.trick.clear();
            shown.table = None;
        }
        Event::Out { seat, place } => {
            shown.seats[usize::from(seat)].place = Some(place);
            shown.out_order.push(seat);
        }
        Event::Transfer { .. } | Event::TransferToTeam { .. } => {
            for (seat, reached) in shown.seats.iter_mut().zip(&after.seats) {
                seat.points_won = reached.points_won;
                seat.cards_left = reached.cards_left;
                seat.hand = seat.hand.and(reached.hand);
            }
            shown.last_hand = after.last_hand;
        }
        Event::MatchScored {
            ref match_points,
            ref scores,
        } => {
            shown.match_points.clone_from(match_points);
            shown.scores.clone_from(scores);
            shown.breakdown.clone_from(&after.breakdown);
        }
        Event::Deal { .. } | Event::Declaration { .. } | Event::GameOver { .. } => {
            shown.clone_from(after);
        }
    }
}
