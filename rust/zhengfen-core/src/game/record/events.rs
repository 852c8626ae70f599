//! The events of the history as JSON objects (RULES.md §12.6): `{"type": …, fields…}`.

use crate::cardset::CardSet;
use crate::combo::Combo;
use crate::game::{Declaration, Event};
use serde::{Serialize, Serializer};

impl Serialize for Event {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Written::from(self).serialize(serializer)
    }
}

/// An event as written: the type's name first, then the fields, named as in §12.6.
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Written<'a> {
    Deal {
        #[serde(rename = "match")]
        number: u32,
        first_drawer: Option<u8>,
        leader: u8,
        hands: &'a [CardSet],
    },
    Declaration {
        seat: u8,
        #[serde(rename = "move")]
        declaration: Declaration,
    },
    Play {
        seat: u8,
        combo: Combo,
    },
    Pass {
        seat: u8,
    },
    Trick {
        winner: u8,
        points: u32,
    },
    Out {
        seat: u8,
        place: u8,
    },
    Transfer {
        from: u8,
        to: u8,
        points: u32,
    },
    #[serde(rename = "transfer")]
    TransferToTeam {
        from: u8,
        to_team: u8,
        points: u32,
    },
    MatchScored {
        match_points: &'a [i64],
        scores: &'a [i64],
    },
    GameOver {
        winners: &'a [u8],
    },
}

impl<'a> From<&'a Event> for Written<'a> {
    fn from(event: &'a Event) -> Written<'a> {
        match *event {
            Event::Deal {
                number,
                first_drawer,
                leader,
                ref hands,
            } => Written::Deal {
                number,
                first_drawer,
                leader,
                hands,
            },
            Event::Declaration { seat, declaration } => Written::Declaration { seat, declaration },
            Event::Play { seat, combo } => Written::Play { seat, combo },
            Event::Pass { seat } => Written::Pass { seat },
            Event::Trick { winner, points } => Written::Trick { winner, points },
            Event::Out { seat, place } => Written::Out { seat, place },
            Event::Transfer { from, to, points } => Written::Transfer { from, to, points },
            Event::TransferToTeam {
                from,
                to_team,
                points,
            } => Written::TransferToTeam {
                from,
                to_team,
                points,
            },
            Event::MatchScored {
                ref match_points,
                ref scores,
            } => Written::MatchScored {
                match_points,
                scores,
            },
            Event::GameOver { ref winners } => Written::GameOver { winners },
        }
    }
}
