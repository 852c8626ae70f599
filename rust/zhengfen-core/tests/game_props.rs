//! Invariants of whole random games (RULES.md §7, §11, §12): cards are conserved, a match's
//! points add to 100 (Zheng Fen) or 200 plus declarations (Zen Cheng You), the order of going
//! out is a permutation of the seats, the Zheng Fen last player scores 0, every move listed is
//! accepted and a move not listed is refused with the state unchanged.

mod common;

use common::all_rules;
use proptest::prelude::*;
use zhengfen_core::cardset::CardSet;
use zhengfen_core::game::{Declaration, Event, Game, Move, Phase};
use zhengfen_core::rules::{Rules, Variant};
use zhengfen_core::seed::SplitMix64;

fn everything(game: &Game) -> CardSet {
    let mut all = game.trick_cards();
    for seat in 0..usize::from(game.rules().players) {
        all = all.plus(game.hand(seat)).unwrap();
        all = all.plus(game.pile(seat)).unwrap();
    }
    all
}

fn dealt(game: &Game) -> CardSet {
    let deal = game.history().iter().rev().find_map(|e| match e {
        Event::Deal { hands, .. } => Some(hands.clone()),
        _ => None,
    });
    deal.unwrap()
        .iter()
        .fold(CardSet::EMPTY, |a, h| a.plus(*h).unwrap())
}

/// Plays one match with random legal moves, checking invariants after every decision.
fn play_match(game: &mut Game, rng: &mut SplitMix64) -> Result<(), TestCaseError> {
    let start = dealt(game);
    while game.current_player().is_some() {
        let moves = game.legal_moves();
        prop_assert!(!moves.is_empty());
        let mv = moves[rng.uniform(moves.len() as u64) as usize];
        game.play(mv)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(everything(game), start);
    }
    Ok(())
}

/// The game answers the team questions as its rules do (RULES.md §8.1, §12.5): one score per
/// side, partners share a result, a Zen Cheng You match is zero-sum between the teams, and a
/// winner's partner wins with him.
fn check_sides(game: &Game) -> Result<(), TestCaseError> {
    let rules = *game.rules();
    prop_assert_eq!(game.match_points().len(), rules.sides());
    prop_assert_eq!(game.scores().len(), rules.sides());
    let mut results_by_side = vec![Vec::new(); rules.sides()];
    for seat in 0..rules.players {
        prop_assert_eq!(game.side(seat), rules.side_of(seat));
        prop_assert_eq!(game.team(seat), rules.team_of(seat));
        results_by_side[rules.side_of(seat)].push(game.match_result(seat));
        if let Some(partner) = rules.partner(seat) {
            prop_assert_eq!(game.match_result(seat), game.match_result(partner));
        }
    }
    let one_per_side: Vec<i64> = results_by_side.iter().map(|r| r[0]).collect();
    prop_assert!(results_by_side.iter().all(|r| r.iter().all(|&x| x == r[0])));
    match rules.variant {
        Variant::ZhengFen => prop_assert_eq!(one_per_side, game.match_points()),
        Variant::ZenChengYou => prop_assert_eq!(one_per_side.iter().sum::<i64>(), 0),
    }
    for &winner in game.winners() {
        let partner_wins = rules
            .partner(winner)
            .is_none_or(|p| game.winners().contains(&p));
        prop_assert!(partner_wins, "winners {:?}", game.winners());
    }
    Ok(())
}

fn check_scoring(game: &Game) -> Result<(), TestCaseError> {
    check_sides(game)?;
    let rules = *game.rules();
    let points: i64 = game.match_points().iter().sum();
    let mut order = game.out_order().to_vec();
    order.sort_unstable();
    match rules.variant {
        Variant::ZhengFen => {
            prop_assert_eq!(points, 100);
            prop_assert_eq!(order, (0..rules.players).collect::<Vec<_>>());
            let last = *game.out_order().last().unwrap();
            prop_assert_eq!(game.match_points()[usize::from(last)], 0);
        }
        Variant::ZenChengYou => {
            let stakes: i64 = game
                .declarations()
                .iter()
                .flatten()
                .map(|d| d.stake())
                .sum();
            let net = points - 200;
            prop_assert!(
                net.abs() <= stakes,
                "points {} with stakes {}",
                points,
                stakes
            );
            prop_assert!(order.len() == 4 || order.len() == 2);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn random_games_keep_their_invariants(seed in any::<u64>(), which in 0usize..9, last_chance in any::<bool>()) {
        let mut rules = all_rules()[which];
        if rules.variant == Variant::ZenChengYou {
            rules.last_chance = last_chance;
        }
        rules.target = 150;
        let mut game = Game::new(rules, seed);
        let mut rng = SplitMix64::new(seed ^ 1);
        for _ in 0..3 {
            play_match(&mut game, &mut rng)?;
            check_scoring(&game)?;
            if game.phase() == Phase::GameOver {
                prop_assert!(!game.winners().is_empty());
                break;
            }
            game.next_match().unwrap();
        }
    }

    #[test]
    fn illegal_moves_change_nothing(seed in any::<u64>(), which in 0usize..9) {
        let rules = all_rules()[which];
        let mut game = Game::new(rules, seed);
        let mut rng = SplitMix64::new(seed);
        for _ in 0..20 {
            let Some(seat) = game.current_player() else { break };
            let before = format!("{:?}", game);
            let other = (seat + 1) % rules.players;
            let mine = game.hand(usize::from(seat));
            let stolen = game.hand(usize::from(other)).iter().find(|&c| !mine.contains(c));
            if let Some(card) = stolen {
                let combo = zhengfen_core::combo::Combo::new(zhengfen_core::combo::Kind::Single, card.rank(), 1, CardSet::from_card(card));
                prop_assert!(game.play(Move::Play(combo)).is_err());
            }
            if game.phase() != Phase::Declare {
                prop_assert!(game.play(Move::Declare).is_err());
            }
            prop_assert!(game.next_match().is_err());
            prop_assert_eq!(format!("{:?}", game), before);
            let moves = game.legal_moves();
            game.play(moves[rng.uniform(moves.len() as u64) as usize]).unwrap();
        }
    }
}

#[test]
fn declarations_run_in_order_from_the_leader() {
    let mut game = Game::new(Rules::zen_cheng_you(), 5);
    let leader = game.leader();
    let mut seen = Vec::new();
    for mv in [Move::Blind, Move::Pass, Move::Pass, Move::Pass] {
        seen.push(game.current_player().unwrap());
        game.play(mv).unwrap();
    }
    assert_eq!(game.phase(), Phase::Declare);
    for _ in 0..3 {
        seen.push(game.current_player().unwrap());
        game.play(Move::Pass).unwrap();
    }
    let order: Vec<u8> = (0..4).map(|k| (leader + k) % 4).collect();
    assert_eq!(seen[..4], order[..]);
    assert_eq!(seen[4..], order[1..]);
    assert_eq!(game.phase(), Phase::Play);
    assert_eq!(game.current_player(), Some(leader));
    assert_eq!(
        game.declarations()[usize::from(leader)],
        Some(Declaration::Blind)
    );
}
