//! What one seat sees at a point of the game, or an observer who sees every hand (a replay):
//! the one record the table views, the replay frames, the terminal screen and the
//! environments' `render` are drawn from (`python/zhengfen/web/API.md`, "The record").
//!
//! The hiding rules (RULES.md §12; the blind declarations, §11.2): a seat sees its own hand once
//! the blind declarations are over and nobody else's; the counts of cards left, the points won,
//! the places, the trick, the combination to beat, who moves, the declarations with their stakes
//! and the scores are public. When a match ends with a transfer (§7.6, §11.6, §12.4b) the last
//! player's remaining hand, handed over with his pile, is shown to every seat; once the game is
//! over nothing is hidden any more and every hand is shown.

use super::{Breakdown, Seated, Stake};
use crate::cardset::CardSet;
use crate::combo::Combo;
use crate::game::{Event, Game, Move, Phase};
use serde::{Serialize, Serializer};

/// Who looks at the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Viewer {
    /// A seat: its own hand only (written as the seat number).
    Seat(u8),
    /// An observer who sees every hand: a replay, or the game once it is over (written `null`).
    Everyone,
}

impl Serialize for Viewer {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Viewer::Seat(seat) => serializer.serialize_u8(*seat),
            Viewer::Everyone => serializer.serialize_none(),
        }
    }
}

/// What a viewer sees at a point of the game.
///
/// ```
/// use zhengfen_core::game::record::{Viewer, Visible};
/// use zhengfen_core::game::Game;
/// use zhengfen_core::rules::Rules;
/// let game = Game::new(Rules::zheng_fen(4).unwrap(), 3);
/// let seen = Visible::of(&game, Viewer::Seat(1));
/// assert_eq!(seen.seats[1].hand, Some(game.hand(1)));
/// assert_eq!(seen.seats[0].hand, None); // another seat's hand is hidden
/// assert_eq!(seen.seats[0].cards_left, 14);
/// let replay = Visible::of(&game, Viewer::Everyone);
/// assert_eq!(replay.seats[0].hand, Some(game.hand(0)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Visible {
    /// Who looks: a seat, or `null` for an observer who sees every hand.
    pub viewer: Viewer,
    /// The match, from 0 (as in the `deal` event).
    #[serde(rename = "match")]
    pub number: u32,
    /// The phase.
    pub phase: Phase,
    /// The seat to decide, if any.
    pub current_player: Option<u8>,
    /// Whether the viewing seat has seen its cards (not during the blind declarations, §11.2).
    pub seen: bool,
    /// Each seat as the viewer sees it.
    pub seats: Vec<SeatSeen>,
    /// The combination to beat and who played it.
    pub table: Option<Seated<Combo>>,
    /// The plays and passes of the current trick.
    pub trick: Vec<Seated<Move>>,
    /// The seats in the order they went out.
    pub out_order: Vec<u8>,
    /// The points of the match so far, per seat (Zheng Fen) or team (Zen Cheng You, §12.5).
    pub match_points: Vec<i64>,
    /// The game's scores, per seat or team.
    pub scores: Vec<i64>,
    /// The winners, once the game is over.
    pub winners: Vec<u8>,
    /// The last player's remaining hand, handed over with his pile when the match ended
    /// (§12.4b): shown to everyone from the transfer to the next deal.
    pub last_hand: Option<Seated<CardSet>>,
    /// Zen Cheng You, once the match is over: its score explained.
    pub breakdown: Option<Breakdown>,
}

/// One seat as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatSeen {
    /// The seat.
    pub seat: u8,
    /// Its hand, when the viewer may see it (`None` otherwise).
    pub hand: Option<CardSet>,
    /// How many cards it holds.
    pub cards_left: u32,
    /// The points in its won pile.
    pub points_won: u32,
    /// Its place in the order of going out (from 1), once out.
    pub place: Option<u8>,
    /// Zen Cheng You: its team.
    pub team: Option<u8>,
    /// Zen Cheng You: its declaration of the match, once decided.
    pub declaration: Option<Stake>,
}

impl Visible {
    /// What `viewer` sees of `game` now.
    pub fn of(game: &Game, viewer: Viewer) -> Visible {
        let stakes = Stake::of(game);
        let out = game.out_order();
        let seats = (0..game.rules().players)
            .zip(stakes)
            .map(|(seat, declaration)| SeatSeen {
                seat,
                hand: shows(game, viewer, seat).then(|| game.hand(usize::from(seat))),
                cards_left: game.hand(usize::from(seat)).len(),
                points_won: game.pile(usize::from(seat)).points(),
                place: (1u8..).zip(out).find(|(_, &s)| s == seat).map(|(k, _)| k),
                team: game.team(seat),
                declaration,
            })
            .collect();
        Visible {
            viewer,
            number: game.match_number(),
            phase: game.phase(),
            current_player: game.current_player(),
            seen: viewer == Viewer::Everyone || game.hands_seen(),
            seats,
            table: game.table().map(|(combo, seat)| Seated::new(seat, combo)),
            trick: (game.trick().iter())
                .map(|&(seat, play)| Seated::new(seat, play.map_or(Move::Pass, Move::Play)))
                .collect(),
            out_order: out.to_vec(),
            match_points: game.match_points(),
            scores: game.scores().to_vec(),
            winners: game.winners().to_vec(),
            last_hand: last_hand(game),
            breakdown: Breakdown::of(game),
        }
    }
}

/// Whether `viewer` sees `seat`'s hand in `game`.
fn shows(game: &Game, viewer: Viewer, seat: u8) -> bool {
    game.phase() == Phase::GameOver
        || match viewer {
            Viewer::Everyone => true,
            Viewer::Seat(own) => own == seat && game.hands_seen(),
        }
}

/// The hand the last player held when the match ended with a transfer: his hand at the deal
/// less what he played (`None` before, without a transfer, or when he held nothing).
fn last_hand(game: &Game) -> Option<Seated<CardSet>> {
    let mut from = None;
    for event in game.history().iter().rev() {
        match *event {
            Event::Transfer { from: s, .. } | Event::TransferToTeam { from: s, .. } => {
                from = Some(s);
            }
            Event::Deal { ref hands, .. } => {
                let seat = from?;
                let dealt = hands[usize::from(seat)];
                let left = dealt.minus(game.played(usize::from(seat)))?;
                return (!left.is_empty()).then_some(Seated::new(seat, left));
            }
            _ => {}
        }
    }
    None
}
