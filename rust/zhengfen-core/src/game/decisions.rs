//! Decisions written as text, and replaying them (RULES.md §12.1, §12.7).

use super::{Decision, Game, Move, Setup};
use crate::cardset::CardSet;
use crate::classify::{classify, no_reading};
use crate::error::{Error, Result};
use crate::notation::{parse_cards, parse_combo};
use crate::rules::Rules;

impl Game {
    /// The move written `text`: `pass`, `blind`, `declare`, a combination notation, or card
    /// notation read as the strongest legal move with exactly those cards.
    ///
    /// ```
    /// use zhengfen_core::game::Game;
    /// use zhengfen_core::notation::parse_cards;
    /// use zhengfen_core::rules::Rules;
    /// let rules = Rules::zheng_fen(4).unwrap();
    /// let hands: Vec<_> = ["7c BJ RJ", "3c", "4c", "5c"].iter().map(|h| parse_cards(h, 1).unwrap()).collect();
    /// let game = Game::from_hands(rules, &hands, 0, 0).unwrap();
    /// assert_eq!(game.read_move("BJ RJ").unwrap().to_string(), "pair 2 1: BJ RJ");
    /// ```
    pub fn read_move(&self, text: &str) -> Result<Move> {
        let decks = self.rules.decks();
        match text.trim() {
            "pass" => Ok(Move::Pass),
            "blind" => Ok(Move::Blind),
            "declare" => Ok(Move::Declare),
            t if t.contains(':') => Ok(Move::Play(parse_combo(t, decks)?)),
            t => self.strongest_move(parse_cards(t, decks)?),
        }
    }

    /// The strongest legal play of exactly `cards` (§12.1).
    /// Cards that are no combination are refused with the reason (§4.11, §8.7).
    fn strongest_move(&self, cards: CardSet) -> Result<Move> {
        let readings = classify(cards, &self.rules);
        if readings.is_empty() {
            let why = no_reading(cards, &self.rules).map_or("", |why| why.explain(&self.rules));
            return Err(Error::illegal(format!(
                "'{cards}' is no legal play now, as it is not a combination: {why}"
            ))
            .with_move(self.current_player(), cards));
        }
        readings
            .into_iter()
            .map(Move::Play)
            .find(|&mv| self.check(mv).is_ok())
            .ok_or_else(|| {
                Error::illegal(format!("'{cards}' is no legal play now"))
                    .with_move(self.current_player(), cards)
            })
    }

    /// The game as it stood after its first `k` decisions (at most all of them): its setup
    /// played again in the core, for a replay's frames (§12.7).
    ///
    /// ```
    /// use zhengfen_core::game::Game;
    /// use zhengfen_core::rules::Rules;
    /// let mut game = Game::new(Rules::zheng_fen(4).unwrap(), 3);
    /// for _ in 0..6 {
    ///     game.play(game.legal_moves()[0]).unwrap();
    /// }
    /// let back = game.rewound(2);
    /// assert_eq!(back.decisions(), &game.decisions()[..2]);
    /// ```
    pub fn rewound(&self, k: usize) -> Game {
        let mut game = match &self.setup {
            Setup::Seed(seed) => Game::new(self.rules, *seed),
            // The setup was checked when this game was made from it.
            Setup::Hands {
                hands,
                leader,
                seed,
            } => Game::from_hands(self.rules, hands, usize::from(*leader), *seed)
                .expect("a game's own setup is valid"),
        };
        for decision in &self.decisions[..k.min(self.decisions.len())] {
            match decision {
                Decision::NextMatch => game.next_match().expect("a game's own decisions replay"),
                Decision::Move(mv) => game.play_unchecked(*mv),
            }
        }
        game
    }

    /// The game reached by replaying `decisions` (moves and `next_match`) from `setup`.
    pub fn replay(rules: Rules, setup: &Setup, decisions: &[String]) -> Result<Game> {
        let mut game = match setup {
            Setup::Seed(seed) => Game::new(rules, *seed),
            Setup::Hands {
                hands,
                leader,
                seed,
            } => Game::from_hands(rules, hands, usize::from(*leader), *seed)?,
        };
        for (i, decision) in decisions.iter().enumerate() {
            let step = match decision.as_str() {
                "next_match" => game.next_match(),
                text => game.read_move(text).and_then(|mv| game.play(mv)),
            };
            step.map_err(|e| {
                Error::state(format!("decision {i} '{decision}': {e}")).with_decision(i)
            })?;
        }
        Ok(game)
    }
}
