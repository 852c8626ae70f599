//! What a seat sees (`game::record::Visible`, `unfold`), checked against the game and against
//! an independent fold of the history written here (RULES.md §12.6): the counts of cards, the
//! points won, the places, the trick and the table after every event; the cards and points
//! conserved (100 a deck); a seat's record the same whatever the other seats' hidden cards are
//! (a function of what the seat knows, `Game::resample`); nobody else's hand shown while the game
//! is on; the last player's hand shown once the match ended with a transfer; every hand once
//! the game is over. Needs the `serde` feature.

mod common;

use zhengfen_core::cardset::CardSet;
use zhengfen_core::game::record::{unfold, Viewer, Visible};
use zhengfen_core::game::{Event, Game, Move, Phase};
use zhengfen_core::rules::{OptionValue, Rules, Variant};
use zhengfen_core::seed::SplitMix64;

/// Rule sets of both games with a small target, so that games end.
fn rule_sets() -> Vec<Rules> {
    let mut sets = Vec::new();
    for players in 3..=6 {
        let mut rules = Rules::zheng_fen(players).unwrap();
        rules.set("target", OptionValue::Int(60)).unwrap();
        sets.push(rules);
    }
    let mut zcy = Rules::zen_cheng_you();
    zcy.set("target", OptionValue::Int(250)).unwrap();
    sets.push(zcy);
    let mut last = Rules::zen_cheng_you();
    last.set("last_chance", OptionValue::Bool(true)).unwrap();
    last.set("lead_after_out", OptionValue::Str("partner".into()))
        .unwrap();
    sets.push(last);
    sets
}

/// Games played some way into (and often past) their first matches.
fn games() -> Vec<Game> {
    let mut out = Vec::new();
    for (r, rules) in rule_sets().into_iter().enumerate() {
        for seed in 0..4u64 {
            let mut rng = SplitMix64::new(seed * 31 + r as u64);
            let mut game = Game::new(rules, seed + 100 * r as u64);
            common::random_decisions(&mut game, [40, 150, 400, 2000][seed as usize], &mut rng);
            out.push(game);
        }
    }
    out
}

fn viewers(game: &Game) -> Vec<Viewer> {
    let mut all: Vec<Viewer> = (0..game.rules().players).map(Viewer::Seat).collect();
    all.push(Viewer::Everyone);
    all
}

/// The fold written here, from the events alone: cards left, points won, places, trick.
#[derive(Clone, Debug, PartialEq)]
struct Folded {
    cards_left: Vec<u32>,
    points_won: Vec<u32>,
    places: Vec<Option<u8>>,
    trick: Vec<(u8, Option<CardSet>)>,
    table: Option<(u8, CardSet)>,
}

fn fold(history: &[Event], rules: &Rules) -> Vec<Folded> {
    let n = usize::from(rules.players);
    let mut state = Folded {
        cards_left: vec![0; n],
        points_won: vec![0; n],
        places: vec![None; n],
        trick: vec![],
        table: None,
    };
    let mut out_order = Vec::new();
    let mut out = Vec::new();
    for event in history {
        match event {
            Event::Deal { hands, .. } => {
                state.cards_left = hands.iter().map(|h| h.len()).collect();
                state.points_won = vec![0; n];
                state.places = vec![None; n];
                state.trick.clear();
                state.table = None;
                out_order.clear();
            }
            Event::Play { seat, combo } => {
                state.cards_left[usize::from(*seat)] -= combo.cards.len();
                state.trick.push((*seat, Some(combo.cards)));
                state.table = Some((*seat, combo.cards));
            }
            Event::Pass { seat } => state.trick.push((*seat, None)),
            Event::Trick { winner, points } => {
                state.points_won[usize::from(*winner)] += points;
                state.trick.clear();
                state.table = None;
            }
            Event::Out { seat, place } => {
                state.places[usize::from(*seat)] = Some(*place);
                out_order.push(*seat);
            }
            Event::Transfer { from, to, points } => {
                state.points_won[usize::from(*from)] = 0;
                state.points_won[usize::from(*to)] += points;
                state.cards_left[usize::from(*from)] = 0;
            }
            Event::TransferToTeam { from, points, .. } => {
                // §11.6: the first out takes his partner's pile, then the last gives his away.
                let first = usize::from(out_order[0]);
                let partner = (first + 2) % 4;
                state.points_won[first] += std::mem::take(&mut state.points_won[partner]);
                state.points_won[usize::from(*from)] = 0;
                state.points_won[(usize::from(*from) + 1) % 4] += points;
                state.cards_left[usize::from(*from)] = 0;
            }
            Event::Declaration { .. } | Event::MatchScored { .. } | Event::GameOver { .. } => {}
        }
        out.push(state.clone());
    }
    out
}

fn as_folded(seen: &Visible) -> Folded {
    Folded {
        cards_left: seen.seats.iter().map(|s| s.cards_left).collect(),
        points_won: seen.seats.iter().map(|s| s.points_won).collect(),
        places: seen.seats.iter().map(|s| s.place).collect(),
        trick: (seen.trick.iter())
            .map(|e| match e.value {
                Move::Play(combo) => (e.seat, Some(combo.cards)),
                _ => (e.seat, None),
            })
            .collect(),
        table: seen.table.map(|t| (t.seat, t.value.cards)),
    }
}

#[test]
fn every_event_has_its_record_and_the_last_is_the_game() {
    for game in games() {
        for viewer in viewers(&game) {
            let seen = unfold(&game, viewer, 0).unwrap();
            assert_eq!(seen.len(), game.history().len());
            assert_eq!(seen.last(), Some(&Visible::of(&game, viewer)));
            for since in [1, seen.len() / 2, seen.len() - 1, seen.len()] {
                assert_eq!(unfold(&game, viewer, since).unwrap(), seen[since..]);
            }
        }
    }
}

#[test]
fn the_records_agree_with_a_fold_of_the_events() {
    for game in games() {
        let folded = fold(game.history(), game.rules());
        for viewer in viewers(&game) {
            let seen = unfold(&game, viewer, 0).unwrap();
            for (n, (record, expected)) in seen.iter().zip(&folded).enumerate() {
                assert_eq!(
                    &as_folded(record),
                    expected,
                    "event {n} of {:?}",
                    game.rules()
                );
            }
        }
    }
}

#[test]
fn cards_and_points_are_conserved() {
    for game in games() {
        let decks = u32::from(game.rules().decks());
        for record in unfold(&game, Viewer::Everyone, 0).unwrap() {
            let hands: Vec<CardSet> = record.seats.iter().map(|s| s.hand.unwrap()).collect();
            let counts: Vec<u32> = record.seats.iter().map(|s| s.cards_left).collect();
            assert_eq!(hands.iter().map(|h| h.len()).collect::<Vec<_>>(), counts);
            let in_trick: u32 = (record.trick.iter())
                .map(|e| match e.value {
                    Move::Play(combo) => combo.cards.points(),
                    _ => 0,
                })
                .sum();
            let held: u32 = hands.iter().map(|h| h.points()).sum();
            let won: u32 = record.seats.iter().map(|s| s.points_won).sum();
            assert_eq!(held + won + in_trick, 100 * decks);
        }
    }
}

#[test]
fn a_seat_sees_its_own_hand_only_until_the_game_is_over() {
    for game in games() {
        for seat in 0..game.rules().players {
            for record in unfold(&game, Viewer::Seat(seat), 0).unwrap() {
                for other in &record.seats {
                    let shown = other.hand.is_some();
                    let own = other.seat == seat && record.phase != Phase::BlindDeclare;
                    assert!(!shown || own || record.phase == Phase::GameOver);
                    assert!(shown || !own);
                }
                assert_eq!(record.seen, record.phase != Phase::BlindDeclare);
            }
        }
    }
}

#[test]
fn a_seats_record_depends_only_on_what_it_knows() {
    for game in games() {
        // The first match, in progress: `resample` deals the hidden cards again.
        let mut first = Game::new(*game.rules(), 9);
        let mut rng = SplitMix64::new(game.history().len() as u64);
        for _ in 0..30 {
            for _ in 0..3 {
                if !first.match_over() {
                    let moves = first.legal_moves();
                    first
                        .play(moves[rng.uniform(moves.len() as u64) as usize])
                        .unwrap();
                }
            }
            if first.match_over() {
                break;
            }
            for seat in 0..first.rules().players {
                let other = first.resample(usize::from(seat), &mut rng).unwrap();
                let viewer = Viewer::Seat(seat);
                assert_eq!(Visible::of(&other, viewer), Visible::of(&first, viewer));
                assert_eq!(
                    unfold(&other, viewer, 0).unwrap(),
                    unfold(&first, viewer, 0).unwrap()
                );
            }
        }
    }
}

#[test]
fn the_last_hand_is_shown_once_handed_over_and_every_hand_at_the_end() {
    let mut shown = 0;
    for game in games() {
        let history = game.history();
        let deal = history
            .iter()
            .rposition(|e| matches!(e, Event::Deal { .. }))
            .unwrap();
        let Event::Deal { hands, .. } = &history[deal] else {
            unreachable!()
        };
        let from = history[deal..].iter().find_map(|e| match e {
            Event::Transfer { from, .. } | Event::TransferToTeam { from, .. } => Some(*from),
            _ => None,
        });
        let record = Visible::of(&game, Viewer::Seat(0));
        let Some(from) = from else {
            assert_eq!(record.last_hand, None);
            continue;
        };
        let mut left = hands[usize::from(from)];
        for event in &history[deal..] {
            if let Event::Play { seat, combo } = event {
                if *seat == from {
                    left = left.minus(combo.cards).unwrap();
                }
            }
        }
        let expected = (!left.is_empty()).then_some(left);
        assert_eq!(record.last_hand.map(|h| h.value), expected);
        assert_eq!(record.last_hand.map(|h| h.seat).unwrap_or(from), from);
        shown += usize::from(expected.is_some());
        if game.game_over() {
            assert!(record.seats.iter().all(|s| s.hand.is_some()));
        }
    }
    assert!(shown > 0, "some match ended with a hand handed over");
}

#[test]
fn the_breakdown_adds_up_to_the_match_points() {
    let mut seen = 0;
    let mut ended = games();
    for (k, rules) in rule_sets().into_iter().enumerate() {
        let mut game = Game::new(rules, 500 + k as u64);
        let mut rng = SplitMix64::new(k as u64);
        while !game.match_over() {
            common::random_decisions(&mut game, 1, &mut rng);
        }
        ended.push(game);
    }
    for game in ended {
        let record = Visible::of(&game, Viewer::Everyone);
        let zcy = game.rules().variant == Variant::ZenChengYou;
        assert_eq!(
            record.breakdown.is_some(),
            zcy && game.current_player().is_none()
        );
        let Some(breakdown) = record.breakdown else {
            continue;
        };
        seen += 1;
        for team in &breakdown.teams {
            let first = team.cards.or(team.one_two).unwrap();
            assert_eq!(first + team.declarations, team.match_points);
            assert_eq!(
                record.match_points[usize::from(team.team)],
                team.match_points
            );
        }
        if breakdown.one_two {
            let mut firsts: Vec<i64> = breakdown.teams.iter().map(|t| t.one_two.unwrap()).collect();
            firsts.sort_unstable();
            assert_eq!(firsts, [0, 200]);
        } else {
            let cards: i64 = breakdown.teams.iter().map(|t| t.cards.unwrap()).sum();
            assert_eq!(cards, 200);
        }
    }
    assert!(seen > 0);
}
