//! The values a game is made of: moves, phases, declarations and history events
//! (RULES.md §12.1, §12.6).

use crate::cardset::CardSet;
use crate::combo::Combo;
use std::fmt;

/// One decision of the current player (RULES.md §12.1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Play a combination.
    Play(Combo),
    /// Pass (when following), or decline to declare.
    Pass,
    /// Declare blind (Zen Cheng You, blind phase).
    Blind,
    /// Declare after seeing one's cards (Zen Cheng You, declaration phase).
    Declare,
}

impl fmt::Display for Move {
    /// `pass`, `blind`, `declare`, or the combination notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play(combo) => write!(f, "{combo}"),
            Move::Pass => f.write_str("pass"),
            Move::Blind => f.write_str("blind"),
            Move::Declare => f.write_str("declare"),
        }
    }
}

/// One entry of the saved decisions (RULES.md §12.7): a move, or the start of the next match.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// A move of the current player.
    Move(Move),
    /// A call of `next_match`.
    NextMatch,
}

impl fmt::Display for Decision {
    /// The move's text, or `next_match`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Decision::Move(mv) => write!(f, "{mv}"),
            Decision::NextMatch => f.write_str("next_match"),
        }
    }
}

/// Where a game stands (RULES.md §12.1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Zen Cheng You: blind declarations, before the players see their cards.
    BlindDeclare,
    /// Zen Cheng You: declarations after seeing the cards.
    Declare,
    /// Tricks are being played.
    Play,
    /// The match is over and scored; `next_match` starts the next one.
    MatchOver,
    /// The game is over.
    GameOver,
}

impl Phase {
    /// The phase's name in the API.
    pub const fn name(self) -> &'static str {
        match self {
            Phase::BlindDeclare => "blind_declare",
            Phase::Declare => "declare",
            Phase::Play => "play",
            Phase::MatchOver => "match_over",
            Phase::GameOver => "game_over",
        }
    }
}

/// A Zen Cheng You declaration (RULES.md §11.2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Declaration {
    /// Blind: ±200.
    Blind,
    /// After seeing the cards: ±100.
    Regular,
    /// Declined.
    Pass,
}

impl Declaration {
    /// The decision's name: `blind`, `declare` or `pass`.
    pub const fn name(self) -> &'static str {
        match self {
            Declaration::Blind => "blind",
            Declaration::Regular => "declare",
            Declaration::Pass => "pass",
        }
    }

    /// Points to the declarer's team if he finishes first (lost if not).
    pub const fn stake(self) -> i64 {
        match self {
            Declaration::Blind => 200,
            Declaration::Regular => 100,
            Declaration::Pass => 0,
        }
    }
}

/// One event of the history (RULES.md §12.6). With the `serde` feature it is written as
/// `{"type": …, fields…}`, the type's name first, the fields named as in §12.6.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "type", rename_all = "snake_case")
)]
pub enum Event {
    /// A match was dealt (`first_drawer` is `None` for given hands).
    Deal {
        /// Match number, from 0.
        #[cfg_attr(feature = "serde", serde(rename = "match"))]
        number: u32,
        /// Who drew first.
        first_drawer: Option<u8>,
        /// Who leads.
        leader: u8,
        /// The hands, by seat.
        hands: Vec<CardSet>,
    },
    /// A declaration decision.
    Declaration {
        /// The seat deciding.
        seat: u8,
        /// What it decided.
        #[cfg_attr(feature = "serde", serde(rename = "move"))]
        declaration: Declaration,
    },
    /// A combination was played.
    Play {
        /// The seat playing.
        seat: u8,
        /// The combination.
        combo: Combo,
    },
    /// A pass.
    Pass {
        /// The seat passing.
        seat: u8,
    },
    /// A trick was won.
    Trick {
        /// The winner.
        winner: u8,
        /// Points in its cards.
        points: u32,
    },
    /// A player went out, or was appended last.
    Out {
        /// The seat.
        seat: u8,
        /// Place in the order of going out, from 1.
        place: u8,
    },
    /// Zheng Fen: the last player's pile and hand to the first out.
    Transfer {
        /// The last player.
        from: u8,
        /// The first player out.
        to: u8,
        /// Points moved.
        points: u32,
    },
    /// Zen Cheng You: the last player's pile and hand to the other team.
    #[cfg_attr(feature = "serde", serde(rename = "transfer"))]
    TransferToTeam {
        /// The last player.
        from: u8,
        /// The receiving team.
        to_team: u8,
        /// Points moved.
        points: u32,
    },
    /// The match was scored.
    MatchScored {
        /// Points of the match, per seat (ZF) or team (ZCY).
        match_points: Vec<i64>,
        /// Game totals after it.
        scores: Vec<i64>,
    },
    /// The game ended.
    GameOver {
        /// The winning seats.
        winners: Vec<u8>,
    },
}
