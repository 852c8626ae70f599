//! What one seat may know of a game (RULES.md §12; the keys are listed by `Game.observation`
//! in `python/zhengfen/_core.pyi`): its own
//! hand once seen, the table, the trick, every play of the match, the cards left and points won
//! by each seat, the order of going out, the scores; in Zen Cheng You its team and the
//! declarations. Nothing of another seat's hand.

use crate::cardset::CardSet;
use crate::combo::Combo;
use crate::game::{Declaration, Game, Move, Phase};
use serde::ser::{SerializeSeq, Serializer};
use serde::Serialize;

/// A seat's observation.
///
/// ```
/// use zhengfen_core::game::{record::Observation, Game};
/// use zhengfen_core::rules::Rules;
/// let game = Game::new(Rules::zen_cheng_you(), 3);
/// let seen = Observation::of(&game, 1);
/// assert!(seen.hand.is_empty()); // not yet seen during the blind declarations
/// assert_eq!(seen.team, Some(1));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Observation {
    /// The observing seat.
    pub seat: u8,
    /// The phase.
    pub phase: Phase,
    /// The seat to decide, if any.
    pub current_player: Option<u8>,
    /// The seat's hand; empty while the cards are unseen (blind declarations, §11.2).
    pub hand: CardSet,
    /// The combination to beat.
    pub table: Option<Combo>,
    /// Who played it.
    pub table_player: Option<u8>,
    /// The plays and passes of the current trick.
    pub trick: Vec<Seated<Move>>,
    /// Every play of the match so far.
    pub plays: Vec<Seated<Combo>>,
    /// Cards left in each seat's hand.
    pub cards_left: Vec<u32>,
    /// Points in each seat's won pile.
    pub points_won: Vec<u32>,
    /// The seats in the order they went out.
    pub out_order: Vec<u8>,
    /// Game totals per seat (Zheng Fen) or team (Zen Cheng You).
    pub scores: Vec<i64>,
    /// Zen Cheng You: the seat's team.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub team: Option<u8>,
    /// Zen Cheng You: the declaration decisions so far, by seat.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub declarations: Option<Vec<Seated<Declaration>>>,
}

/// Something a seat did, written `[seat, value]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seated<T> {
    /// The seat.
    pub seat: u8,
    /// What it did.
    pub value: T,
}

impl<T> Seated<T> {
    /// `value` done by `seat`.
    pub const fn new(seat: u8, value: T) -> Seated<T> {
        Seated { seat, value }
    }
}

impl<T: Serialize> Serialize for Seated<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut pair = serializer.serialize_seq(Some(2))?;
        pair.serialize_element(&self.seat)?;
        pair.serialize_element(&self.value)?;
        pair.end()
    }
}

impl Observation {
    /// What `seat` (a seat of `game`) may know now.
    pub fn of(game: &Game, seat: u8) -> Observation {
        let seats = 0..usize::from(game.rules().players);
        Observation {
            seat,
            phase: game.phase(),
            current_player: game.current_player(),
            hand: match game.hands_seen() {
                true => game.hand(usize::from(seat)),
                false => CardSet::EMPTY,
            },
            table: game.table().map(|(combo, _)| combo),
            table_player: game.table().map(|(_, player)| player),
            trick: (game.trick().iter())
                .map(|&(seat, play)| Seated::new(seat, play.map_or(Move::Pass, Move::Play)))
                .collect(),
            plays: game
                .plays()
                .iter()
                .map(|&(s, c)| Seated::new(s, c))
                .collect(),
            cards_left: seats.clone().map(|s| game.hand(s).len()).collect(),
            points_won: seats.map(|s| game.pile(s).points()).collect(),
            out_order: game.out_order().to_vec(),
            scores: game.scores().to_vec(),
            team: game.team(seat),
            declarations: game.team(seat).map(|_| declarations(game)),
        }
    }
}

/// The declaration decisions so far, by seat.
fn declarations(game: &Game) -> Vec<Seated<Declaration>> {
    (0u8..)
        .zip(game.declarations())
        .filter_map(|(seat, decision)| decision.map(|value| Seated::new(seat, value)))
        .collect()
}
