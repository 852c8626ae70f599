//! The greedy agent: a one-move heuristic that a learning agent should beat.
//!
//! It sheds low cards in long combinations, keeps specials, bombs and wild jokers for when they
//! matter, takes tricks with points in them, does not overtake its partner, and near the end of
//! the match keeps control: it plays whatever goes out, and leads what an opponent with few cards
//! cannot follow. It sees only its own hand and the public state.

use crate::card::rank;
use crate::combo::{Combo, Kind};
use crate::game::{Game, Move, Phase};
use crate::rules::Variant;

/// The greedy heuristic (stateless).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Greedy;

/// What the heuristic needs to know about the position, from the mover's point of view.
struct View {
    hand_len: u32,
    /// Fewest cards held by an opponent still in the match (`u32::MAX` if none).
    opponent_min: u32,
    /// Points in the cards of the trick so far.
    stake: u32,
    /// The partner (Zen Cheng You) made the play to beat.
    partner_on_table: bool,
    leading: bool,
}

impl Greedy {
    /// The index of the move with the best score (the first of equals).
    pub fn choose(&self, game: &Game, moves: &[Move]) -> usize {
        let scores = self.scores(game, moves);
        let mut best = 0;
        for (i, &s) in scores.iter().enumerate() {
            if s > scores[best] {
                best = i;
            }
        }
        best
    }

    /// The indices in `moves` of the `k` moves (at least one) with the best scores, best first,
    /// the first of equals first, into `order`: the moves the search agents try.
    pub fn best_into(&self, game: &Game, moves: &[Move], k: usize, order: &mut Vec<usize>) {
        order.clear();
        if moves.is_empty() {
            return;
        }
        let scores = self.scores(game, moves);
        let by = |a: &usize, b: &usize| scores[*b].total_cmp(&scores[*a]).then(a.cmp(b));
        order.extend(0..moves.len());
        let k = k.clamp(1, moves.len());
        if k < order.len() {
            order.select_nth_unstable_by(k - 1, by);
            order.truncate(k);
        }
        order.sort_unstable_by(by);
    }

    /// A score per move, higher is better: the agent plays the best, and search agents try
    /// the best few.
    pub fn scores(&self, game: &Game, moves: &[Move]) -> Vec<f32> {
        let view = view(game);
        moves
            .iter()
            .map(|mv| match mv {
                Move::Play(combo) => play_score(game, &view, combo),
                Move::Pass if game.phase() == Phase::Play => pass_score(&view),
                Move::Pass => 0.0,
                Move::Blind => -1.0,
                Move::Declare => declare_score(game),
            })
            .collect()
    }
}

fn view(game: &Game) -> View {
    let seat = game.current_player().unwrap_or(0);
    let opponent = |s: u8| !game.rules().same_side(s, seat);
    let opponent_min = (0..game.rules().players)
        .filter(|&s| opponent(s))
        .map(|s| game.hand(usize::from(s)).len())
        .filter(|&n| n > 0)
        .min()
        .unwrap_or(u32::MAX);
    let table_player = game.table().map(|(_, who)| who);
    View {
        hand_len: game.hand(usize::from(seat)).len(),
        opponent_min,
        stake: game.trick_cards().points(),
        partner_on_table: table_player.is_some_and(|who| who != seat && !opponent(who)),
        leading: table_player.is_none(),
    }
}

/// What a play spends: its top rank, wild jokers, specials and bombs, groups it breaks.
fn cost(game: &Game, combo: &Combo) -> f32 {
    let hand = game.hand(usize::from(game.current_player().unwrap_or(0)));
    let top = f32::from(combo.rank.min(rank::JOKER));
    let jokers = combo.cards.jokers().len() as f32;
    let wild = if game.rules().jokers_wild { 6.0 } else { 2.0 };
    let power = match combo.kind {
        Kind::Special | Kind::Bomb => 25.0,
        Kind::StraightFlush if game.rules().variant == Variant::ZenChengYou => 25.0,
        _ => 0.0,
    };
    let grouped = matches!(
        combo.kind,
        Kind::Single | Kind::Pair | Kind::Triple | Kind::Four
    );
    let breaks = grouped
        && combo.rank < rank::NATURAL
        && hand.rank_count(combo.rank) > combo.cards.naturals().len();
    top + wild * jokers + power + if breaks { 4.0 } else { 0.0 }
}

fn play_score(game: &Game, view: &View, combo: &Combo) -> f32 {
    let n = combo.cards.len();
    if n == view.hand_len {
        return 10_000.0; // goes out
    }
    let cost = cost(game, combo);
    if !view.leading {
        return -cost;
    }
    // Leading: shed many low cards; near the end, lead what a short opponent cannot follow.
    let mut score = 4.0 * n as f32 - 2.0 * cost;
    if view.opponent_min <= 2 {
        if n > view.opponent_min {
            score += 20.0;
        } else {
            score += 3.0 * f32::from(combo.rank.min(rank::JOKER));
        }
    }
    score
}

/// Passing is worth a play of cost 9.5 (up to a queen or so), unless the trick is worth
/// taking or the end is near; a partner's play is never overtaken.
fn pass_score(view: &View) -> f32 {
    if view.partner_on_table {
        1_000.0
    } else if view.stake >= 10 || view.opponent_min <= 3 || view.hand_len <= 5 {
        -1_000.0
    } else {
        -9.5
    }
}

/// Declares (Zen Cheng You, after seeing the cards) only with a strong hand: many bombs and
/// jokers. Never declares blind.
fn declare_score(game: &Game) -> f32 {
    if game.phase() != Phase::Declare {
        return -1.0;
    }
    let hand = game.hand(usize::from(game.current_player().unwrap_or(0)));
    let bombs = (0..rank::NATURAL)
        .filter(|&r| hand.rank_count(r) >= 4)
        .count() as u32;
    let strength = bombs + hand.jokers().len() / 2;
    if strength >= 5 {
        1.0
    } else {
        -1.0
    }
}
