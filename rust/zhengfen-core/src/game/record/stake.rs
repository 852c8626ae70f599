//! A Zen Cheng You declaration as a seat is shown it (RULES.md §11.2): what was decided, its
//! stake (200 blind, 100 after seeing the cards, 0 for a pass), and what it brought the
//! declarer's team once someone is out: the stake when the declarer went out first, minus the
//! stake otherwise; and whether it was made in the blind round (a pass there leaves the
//! declaration after seeing the cards still to make).

use crate::game::{Declaration, Event, Game};
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
/// assert!(made.blind_round && !Stake::new(Declaration::Regular, 1, None).blind_round);
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
    /// Whether it was made in the blind round (§11.2), before the cards were seen.
    pub blind_round: bool,
}

impl Stake {
    /// `decision` made by `seat`, when `first_out` (if anyone) went out first; a blind or a
    /// regular declaration tells its round, a pass is taken as the blind round's (see
    /// [`Stake::of`] for a game's).
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
            blind_round: !matches!(decision, Declaration::Regular),
        }
    }

    /// Each seat's declaration in `game`'s match (`None`: not decided yet, or Zheng Fen).
    pub fn of(game: &Game) -> Vec<Option<Stake>> {
        let first = game.out_order().first().copied();
        let decided = decisions_by_seat(game);
        (0..game.rules().players)
            .map(|seat| {
                let made = game
                    .declarations()
                    .get(usize::from(seat))
                    .copied()
                    .flatten();
                made.map(|decision| Stake {
                    // A seat decides twice only after a blind pass: its second is the regular.
                    blind_round: decided[usize::from(seat)] < 2,
                    ..Stake::new(decision, seat, first)
                })
            })
            .collect()
    }
}

/// How many declaration decisions each seat made in the current match (at most two: a blind
/// pass, then the declaration after seeing the cards).
fn decisions_by_seat(game: &Game) -> Vec<u8> {
    let mut made = vec![0u8; usize::from(game.rules().players)];
    for event in game.history().iter().rev() {
        match event {
            Event::Deal { .. } => break,
            Event::Declaration { seat, .. } => made[usize::from(*seat)] += 1,
            _ => {}
        }
    }
    made
}
