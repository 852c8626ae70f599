//! The observation of one seat (`AI.md` §1.1): its bytes and its scores, exactly what that seat
//! may know, plus, when asked for, every hand (the perfect-information view).

use super::{per_seat, relative, write_cards, write_combo, CARD_VECTOR, COMBO_ROW};
use crate::game::{Declaration, Game, Phase};
use crate::rules::MAX_PLAYERS;
use crate::rules::{LeadAfterOut, NextLeader, Tie, Variant};

/// One field of the observation: its name, where it starts, how many values it holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// The field's name (as in `AI.md`).
    pub name: &'static str,
    /// Index of its first value.
    pub offset: usize,
    /// Number of values.
    pub size: usize,
    /// What it holds.
    pub doc: &'static str,
}

/// The fields in order: name, size, meaning. `perfect_hands` is present only in the
/// perfect-information view.
const FIELDS: [(&str, usize, &str); 16] = [
    (
        "hand",
        CARD_VECTOR,
        "own hand, copies per card (zero before the blind declarations end)",
    ),
    (
        "table",
        COMBO_ROW,
        "combination to beat: cards, kind one-hot, rank one-hot, length",
    ),
    (
        "table_player",
        MAX_PLAYERS,
        "who played the table, relative seat one-hot",
    ),
    (
        "trick_cards",
        CARD_VECTOR,
        "cards played in the current trick",
    ),
    (
        "played",
        per_seat(CARD_VECTOR),
        "cards each relative seat has played this match",
    ),
    ("cards_left", MAX_PLAYERS, "cards held per relative seat"),
    (
        "points_won",
        MAX_PLAYERS,
        "points in each relative seat's won pile",
    ),
    (
        "out_place",
        MAX_PLAYERS,
        "place in the order of going out per relative seat, 0 if in",
    ),
    (
        "passed",
        MAX_PLAYERS,
        "relative seats that passed since the last play",
    ),
    (
        "declarations",
        4 * 3,
        "per relative seat: blind, declare, pass (Zen Cheng You)",
    ),
    (
        "phase",
        5,
        "one-hot: blind_declare, declare, play, match_over, game_over",
    ),
    ("seat", MAX_PLAYERS, "own seat, absolute one-hot"),
    (
        "team",
        2,
        "own team one-hot (Zen Cheng You; zero in Zheng Fen)",
    ),
    (
        "current_player",
        MAX_PLAYERS,
        "relative seat to move, one-hot",
    ),
    (
        "rules",
        11,
        "game one-hot (2), players 3-6 one-hot (4), jokers_wild, best_score, \
                   tie share, partner leads, last_chance",
    ),
    (
        "perfect_hands",
        per_seat(CARD_VECTOR),
        "every relative seat's hand (opt-in view only)",
    ),
];

/// The fields of the observation, with offsets; the last is in the perfect view only.
pub fn observation_fields(perfect: bool) -> Vec<Field> {
    let count = if perfect {
        FIELDS.len()
    } else {
        FIELDS.len() - 1
    };
    let mut offset = 0;
    FIELDS[..count]
        .iter()
        .map(|&(name, size, doc)| {
            let field = Field {
                name,
                offset,
                size,
                doc,
            };
            offset += size;
            field
        })
        .collect()
}

/// Number of values in the observation.
pub fn observation_size(perfect: bool) -> usize {
    observation_fields(perfect).iter().map(|f| f.size).sum()
}

/// Hands out the slice of each field in turn.
struct Cursor<'a> {
    out: &'a mut [u8],
    index: usize,
}

impl Cursor<'_> {
    fn next(&mut self, name: &str) -> &mut [u8] {
        let (field, size, _) = FIELDS[self.index];
        debug_assert_eq!(field, name, "observation fields written out of order");
        self.index += 1;
        let out = std::mem::take(&mut self.out);
        let (head, tail) = out.split_at_mut(size);
        self.out = tail;
        head
    }
}

/// Values in the scores: each relative seat's game score, then the target.
pub const SCORES_SIZE: usize = MAX_PLAYERS + 1;

/// Writes `seat`'s scores into `out` (length [`SCORES_SIZE`]): the game score of each relative
/// seat (its team's in Zen Cheng You; zero past the players), then the rules' target.
pub fn scores(game: &Game, seat: usize, out: &mut [i32]) {
    let players = usize::from(game.rules().players);
    let scores = game.scores();
    out.fill(0);
    for s in 0..game.rules().players {
        // Bounded by the match limit (RULES.md §3.5): far inside `i32`.
        let score = scores[game.side(s)].clamp(i32::MIN.into(), i32::MAX.into());
        out[relative(s, seat, players)] = score as i32;
    }
    out[MAX_PLAYERS] = game.rules().target as i32;
}

/// Writes `seat`'s observation of `game` into `out` (length [`observation_size`], zero on
/// entry). With `perfect`, every hand is appended.
pub fn observation(game: &Game, seat: usize, perfect: bool, out: &mut [u8]) {
    let players = usize::from(game.rules().players);
    let rel = |s: u8| relative(s, seat, players);
    let mut w = Cursor { out, index: 0 };
    if game.hands_seen() {
        write_cards(game.hand(seat), w.next("hand"));
    } else {
        w.next("hand");
    }
    let table = w.next("table");
    let table_player = game.table().map(|(combo, who)| {
        write_combo(&combo, table);
        who
    });
    let slot = w.next("table_player");
    if let Some(who) = table_player {
        slot[rel(who)] = 1;
    }
    write_cards(game.trick_cards(), w.next("trick_cards"));
    let played = w.next("played");
    for s in 0..players {
        let at = rel(s as u8) * CARD_VECTOR;
        write_cards(game.played(s), &mut played[at..at + CARD_VECTOR]);
    }
    per_seat_values(game, &rel, w.next("cards_left"), |s| {
        game.hand(s).len() as u8
    });
    // At most 100 points (200 with two decks) in a pile.
    per_seat_values(game, &rel, w.next("points_won"), |s| {
        game.pile(s).points() as u8
    });
    let places = w.next("out_place");
    for (place, who) in game.out_order().iter().enumerate() {
        places[rel(*who)] = (place + 1) as u8;
    }
    write_passed(game, &rel, w.next("passed"));
    write_declarations(game, &rel, w.next("declarations"));
    w.next("phase")[phase_index(game.phase())] = 1;
    w.next("seat")[seat.min(MAX_PLAYERS - 1)] = 1;
    let team = w.next("team");
    if let Some(t) = game.team(seat as u8) {
        team[usize::from(t)] = 1;
    }
    let current = w.next("current_player");
    if let Some(who) = game.current_player() {
        current[rel(who)] = 1;
    }
    write_rules(game, w.next("rules"));
    if perfect {
        let hands = w.next("perfect_hands");
        for s in 0..players {
            let at = rel(s as u8) * CARD_VECTOR;
            write_cards(game.hand(s), &mut hands[at..at + CARD_VECTOR]);
        }
    }
}

/// Writes `value(seat)` for every seat at its relative slot.
fn per_seat_values(
    game: &Game,
    rel: &dyn Fn(u8) -> usize,
    out: &mut [u8],
    value: impl Fn(usize) -> u8,
) {
    for s in 0..game.rules().players {
        out[rel(s)] = value(usize::from(s));
    }
}

/// Seats that passed since the last play of the current trick.
fn write_passed(game: &Game, rel: &dyn Fn(u8) -> usize, out: &mut [u8]) {
    for (who, play) in game.trick().iter().rev() {
        if play.is_some() {
            break;
        }
        out[rel(*who)] = 1;
    }
}

fn write_declarations(game: &Game, rel: &dyn Fn(u8) -> usize, out: &mut [u8]) {
    for (s, declaration) in game.declarations().iter().enumerate() {
        let Some(declaration) = declaration else {
            continue;
        };
        let which = match declaration {
            Declaration::Blind => 0,
            Declaration::Regular => 1,
            Declaration::Pass => 2,
        };
        out[rel(s as u8) * 3 + which] = 1;
    }
}

fn phase_index(phase: Phase) -> usize {
    match phase {
        Phase::BlindDeclare => 0,
        Phase::Declare => 1,
        Phase::Play => 2,
        Phase::MatchOver => 3,
        Phase::GameOver => 4,
    }
}

fn write_rules(game: &Game, out: &mut [u8]) {
    let rules = game.rules();
    out[usize::from(rules.variant == Variant::ZenChengYou)] = 1;
    out[2 + usize::from(rules.players.clamp(3, 6) - 3)] = 1;
    let flags = [
        rules.jokers_wild,
        rules.next_leader == NextLeader::BestScore,
        rules.tie == Tie::Share,
        rules.lead_after_out == LeadAfterOut::Partner,
        rules.last_chance,
    ];
    for (slot, flag) in out[6..11].iter_mut().zip(flags) {
        *slot = u8::from(flag);
    }
}
