//! Helpers shared by the integration tests.
#![allow(dead_code)]

use zhengfen_core::agents::{Agent, Choose};
use zhengfen_core::cardset::CardSet;
use zhengfen_core::classify::{classify, strongest};
use zhengfen_core::combo::{Combo, Kind};
use zhengfen_core::compare::beats;
use zhengfen_core::deal::shuffled_deck;
use zhengfen_core::game::Game;
use zhengfen_core::notation::parse_cards;
use zhengfen_core::rules::Rules;
use zhengfen_core::seed::SplitMix64;

/// Cards from notation for the rule set's decks.
pub fn cards(text: &str, rules: &Rules) -> CardSet {
    parse_cards(text, rules.decks()).unwrap()
}

/// The strongest reading of card notation.
pub fn read(text: &str, rules: &Rules) -> Combo {
    strongest(cards(text, rules), rules).unwrap_or_else(|| panic!("{text} has no reading"))
}

/// `n` cards from a deck shuffled by `seed`.
pub fn random_hand(seed: u64, n: usize, decks: u8) -> CardSet {
    let deck = shuffled_deck(decks, &mut SplitMix64::new(seed));
    deck.into_iter().take(n).collect()
}

/// Every sub-multiset of `hand`, the empty set included.
pub fn subsets(hand: CardSet) -> Vec<CardSet> {
    let mut out = vec![CardSet::EMPTY];
    let distinct: Vec<_> = CardSet::from_planes(hand.planes().0, 0)
        .unwrap()
        .iter()
        .collect();
    for card in distinct {
        let copies = hand.count(card);
        let mut next = Vec::with_capacity(out.len() * (copies as usize + 1));
        for set in &out {
            for c in 0..=copies {
                next.push(set.plus(CardSet::with_copies(card, c)).unwrap());
            }
        }
        out = next;
    }
    out
}

/// The legal moves by brute force: for every sub-multiset and kind, the first (highest)
/// reading of that kind that is legal on the table (RULES.md §6.2).
pub fn brute_force_moves(hand: CardSet, table: Option<&Combo>, rules: &Rules) -> Vec<Combo> {
    let mut out = Vec::new();
    for set in subsets(hand) {
        let mut seen: Vec<Kind> = Vec::new();
        for reading in classify(set, rules) {
            let legal = table.is_none_or(|t| beats(&reading, t, rules));
            if legal && !seen.contains(&reading.kind) {
                seen.push(reading.kind);
                out.push(reading);
            }
        }
    }
    out.sort();
    out
}

/// Every rule set the tests sweep: Zheng Fen 3..6 with jokers wild and tame, Zen Cheng You.
pub fn all_rules() -> Vec<Rules> {
    let mut all = Vec::new();
    for players in 3..=6 {
        let wild = Rules::zheng_fen(players).unwrap();
        let mut tame = wild;
        tame.jokers_wild = false;
        all.extend([wild, tame]);
    }
    all.push(Rules::zen_cheng_you());
    all
}

/// A game advanced `steps` random decisions into its first match (stopping at its end).
pub fn advanced(rules: Rules, seed: u64, steps: usize) -> Game {
    let mut game = Game::new(rules, seed);
    let mut rng = SplitMix64::new(seed ^ 0xABCD);
    for _ in 0..steps {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.play(moves[rng.uniform(moves.len() as u64) as usize])
            .unwrap();
    }
    game
}

/// Positions met in a game played by the greedy agent, every `every` decisions.
pub fn greedy_positions(rules: Rules, seed: u64, every: usize) -> Vec<Game> {
    let mut game = Game::new(rules, seed);
    let mut rng = SplitMix64::new(seed);
    let mut found = Vec::new();
    for step in 0.. {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        if step % every == 0 {
            found.push(game.clone());
        }
        let pick = Agent::Greedy.choose(&game, &moves, &mut rng);
        game.play(moves[pick]).unwrap();
    }
    found
}

/// Plays up to `decisions` random legal decisions, starting the next match when one ends and
/// stopping at game over.
pub fn random_decisions(game: &mut Game, decisions: usize, rng: &mut SplitMix64) {
    for _ in 0..decisions {
        if game.game_over() {
            return;
        }
        if game.match_over() {
            game.next_match().unwrap();
            continue;
        }
        let moves = game.legal_moves();
        game.play(moves[rng.uniform(moves.len() as u64) as usize])
            .unwrap();
    }
}
