//! A Zen Cheng You declaration as a seat is shown it (RULES.md §11.2): what was decided, its
//! stake (200 blind, 100 after seeing the cards, 0 for a pass), and what it brought the
//! declarer's team once someone is out: the stake when the declarer went out first, minus the
//! stake otherwise.

use crate::game::{Declaration, Game};
use serde::Serialize;

/// One seat's declaration of the match with its stake and its points.
///
/// ```
/// use zhengfen_core::game::record::Stake;
/// use zhengfen_core::game::Declaration;
/// let made = Stake::new(Declaration::Blind, 1, Some(1));
/// assert_eq!((made.stake, made.points), (200, Some(200)));
/// assert_eq!(Stake::new(Declaration::Regular, 1, Some(3)).points, Some(-100));
/// assert_eq!(Stake::new(Declaration::Regular, 1, None).points, None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Stake {
    /// What the seat decided: `blind`, `declare` or `pass` (its last decision: a declaration
    /// after a blind pass replaces the pass).
    #[serde(rename = "move")]
    pub decision: Declaration,
    /// What is staked on the declarer going out first (§11.2).
    pub stake: i64,
    /// What it brought the team: `None` while nobody is out.
    pub points: Option<i64>,
}

impl Stake {
    /// `decision` made by `seat`, when `first_out` (if anyone) went out first.
    pub const fn new(decision: Declaration, seat: u8, first_out: Option<u8>) -> Stake {
        let stake = decision.stake();
        let points = match first_out {
            None => None,
            Some(first) if first == seat => Some(stake),
            Some(_) => Some(-stake),
        };
        Stake {
            decision,
            stake,
            points,
        }
    }

    /// Each seat's declaration in `game`'s match (`None`: not decided yet, or Zheng Fen).
    pub fn of(game: &Game) -> Vec<Option<Stake>> {
        let first = game.out_order().first().copied();
        (0..game.rules().players)
            .map(|seat| {
                let made = game
                    .declarations()
                    .get(usize::from(seat))
                    .copied()
                    .flatten();
                made.map(|decision| Stake::new(decision, seat, first))
            })
            .collect()
    }
}
