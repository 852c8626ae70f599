//! A finished Zen Cheng You match's score explained (RULES.md §11.6, §12.5): per team its card
//! points (or, after a 1-2 finish, the 200 or 0 it scores instead), its declarations' points
//! (§11.2), the match points (their sum), the score before the match and after.

use super::Stake;
use crate::game::{Game, Phase};
use crate::rules::Variant;
use serde::Serialize;

/// The score of a Zen Cheng You match, once it is over.
///
/// ```
/// use zhengfen_core::game::{record::Breakdown, Game, Phase};
/// use zhengfen_core::rules::Rules;
/// let mut game = Game::new(Rules::zen_cheng_you(), 5);
/// assert!(Breakdown::of(&game).is_none()); // the match is on
/// while game.phase() != Phase::MatchOver && game.phase() != Phase::GameOver {
///     let first = game.legal_moves()[0];
///     game.play(first).unwrap();
/// }
/// let score = Breakdown::of(&game).unwrap();
/// for team in &score.teams {
///     let first = team.cards.or(team.one_two).unwrap();
///     assert_eq!(first + team.declarations, team.match_points);
///     assert_eq!(team.before + team.match_points, team.score);
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Breakdown {
    /// Whether one team went out first and second (§11.6: it scores 200, the other 0, and no
    /// card points are counted).
    pub one_two: bool,
    /// Team 0, then team 1.
    pub teams: Vec<TeamScore>,
}

/// One team's part of [`Breakdown`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TeamScore {
    /// The team.
    pub team: u8,
    /// The points in its won cards (`None` after a 1-2 finish).
    pub cards: Option<i64>,
    /// What a 1-2 finish scored it: 200 or 0 (`None` without one).
    pub one_two: Option<i64>,
    /// Its declarations' points (§11.2).
    pub declarations: i64,
    /// The match's points: the cards (or the 1-2 finish) plus the declarations.
    pub match_points: i64,
    /// Its score before the match.
    pub before: i64,
    /// Its score after the match.
    pub score: i64,
}

impl Breakdown {
    /// The breakdown of `game`'s match: `None` unless it is a Zen Cheng You match that is over.
    pub fn of(game: &Game) -> Option<Breakdown> {
        let over = matches!(game.phase(), Phase::MatchOver | Phase::GameOver);
        if game.rules().variant != Variant::ZenChengYou || !over {
            return None;
        }
        let one_two = one_two(game);
        let stakes = Stake::of(game);
        let points = game.match_points();
        let teams = (0u8..2)
            .map(|team| {
                let declared: i64 = (0u8..)
                    .zip(&stakes)
                    .filter(|(seat, _)| game.team(*seat) == Some(team))
                    .filter_map(|(_, stake)| stake.and_then(|s| s.points))
                    .sum();
                let side = usize::from(team);
                let first = points[side] - declared;
                TeamScore {
                    team,
                    cards: (!one_two).then_some(first),
                    one_two: one_two.then_some(first),
                    declarations: declared,
                    match_points: points[side],
                    before: game.scores()[side] - points[side],
                    score: game.scores()[side],
                }
            })
            .collect();
        Some(Breakdown { one_two, teams })
    }
}

/// Whether the match ended with partners out first and second (§11.5: nobody is appended).
fn one_two(game: &Game) -> bool {
    matches!(game.out_order(), [a, b] if game.rules().partner(*a) == Some(*b))
}
