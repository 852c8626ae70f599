//! Determinization: a game that one seat cannot tell from the real one (for search agents).
//!
//! What a seat has seen (RULES.md §7, §11, §12): its own hand once the blind declarations are
//! over (§11.2), every play and pass, how many cards each player holds, and who led the match.
//! The leader of a first match dealt from a seed says something about the deal: he held `3h`
//! (§7.1), or won the `2c` rule (§11.1). [`Game::resample`] deals the cards hidden from the seat
//! at random among the other hands, keeping every count, under exactly those constraints.

use super::{setup, Decision, Game, Move, Setup};
use crate::card::Card;
use crate::cardset::CardSet;
use crate::error::{Error, Result};
use crate::rules::MAX_PLAYERS;
use crate::seed::SplitMix64;

/// Attempts at a deal consistent with the `2c` leader rule before giving up.
const MAX_ATTEMPTS: u32 = 100_000;

impl Game {
    /// A game in which `seat` sees exactly what it sees here, with the cards hidden from it
    /// dealt uniformly at random (drawing from `rng`) among the hands that hide them. The draw
    /// depends only on what `seat` sees: two games it cannot tell apart give the same game for
    /// the same `rng`.
    ///
    /// The result is [`Game::from_hands`] from the re-dealt hands of this match (each hand as it
    /// was at the deal: held cards plus cards played), replayed through this match's decisions:
    /// a complete game that can be played on, copied and saved. Scores of earlier matches are
    /// not carried over. Fails when no match is in progress or `seat` is not a player.
    ///
    /// ```
    /// use zhengfen_core::seed::SplitMix64;
    /// use zhengfen_core::game::Game;
    /// use zhengfen_core::rules::Rules;
    /// let game = Game::new(Rules::zheng_fen(4).unwrap(), 7);
    /// let other = game.resample(0, &mut SplitMix64::new(1)).unwrap();
    /// assert_eq!(other.hand(0), game.hand(0));
    /// assert_eq!(other.hand(1).len(), game.hand(1).len());
    /// ```
    pub fn resample(&self, seat: usize, rng: &mut SplitMix64) -> Result<Game> {
        self.resample_visiting(seat, rng, |_, _| {})
    }

    /// [`Game::resample`], calling `visit` with the resampled game as it stood before each move
    /// of this match and the move then played, in order, while it replays them: what a search
    /// needs to weigh the world by how likely its hands make the plays seen (a belief).
    ///
    /// ```
    /// use zhengfen_core::seed::SplitMix64;
    /// use zhengfen_core::game::Game;
    /// use zhengfen_core::rules::Rules;
    /// let mut game = Game::new(Rules::zheng_fen(4).unwrap(), 7);
    /// for _ in 0..5 {
    ///     let moves = game.legal_moves();
    ///     game.play(moves[0]).unwrap();
    /// }
    /// let mut seen = Vec::new();
    /// let world = game
    ///     .resample_visiting(0, &mut SplitMix64::new(1), |before, mv| {
    ///         assert!(before.legal_moves().contains(&mv));
    ///         seen.push(mv);
    ///     })
    ///     .unwrap();
    /// assert_eq!(seen.len(), 5);
    /// assert_eq!(world.hand(0), game.hand(0));
    /// ```
    pub fn resample_visiting(
        &self,
        seat: usize,
        rng: &mut SplitMix64,
        visit: impl FnMut(&Game, Move),
    ) -> Result<Game> {
        let players = usize::from(self.rules.players);
        if seat >= players {
            return Err(Error::state(format!(
                "seat {seat} is not a player of this {players}-player game"
            )));
        }
        if self.current_player().is_none() {
            return Err(Error::state(
                "no match is in progress: there is nothing hidden to resample",
            ));
        }
        let dealt = self.dealt_hands();
        let hidden: Vec<usize> = (0..players)
            .filter(|&s| s != seat || !self.hands_seen())
            .collect();
        let forced = self.forced_card(&hidden);
        // The hidden cards in card order, whoever holds them: the draw depends only on the view.
        let mut pool: Vec<Card> = hidden
            .iter()
            .fold(CardSet::EMPTY, |all, &s| {
                all.plus(self.hands[s])
                    .expect("the hidden hands hold no card three times")
            })
            .iter()
            .collect();
        if let Some((card, _)) = forced {
            let at = pool
                .iter()
                .position(|&c| c == card)
                .expect("the forced card is in the leader's hidden hand");
            pool.swap_remove(at);
        }
        for _ in 0..MAX_ATTEMPTS {
            shuffle(&mut pool, rng);
            let hands = self.redeal(&dealt, &hidden, &pool, forced);
            if self.leader_fits(&hands) {
                return self.replay_from(&hands[..players], rng.next_u64(), visit);
            }
        }
        Err(Error::state(format!(
            "no deal consistent with seat {seat}'s view found in {MAX_ATTEMPTS} attempts"
        )))
    }

    /// Each hand as dealt this match: held cards plus the cards played from it.
    fn dealt_hands(&self) -> [CardSet; MAX_PLAYERS] {
        let mut dealt = self.hands;
        for (hand, played) in dealt.iter_mut().zip(self.played) {
            *hand = hand
                .plus(played)
                .expect("a seat's hand and played cards are disjoint parts of its deal");
        }
        dealt
    }

    /// Whether the leader of this match was chosen by the cards (a first match from a seed).
    fn leader_from_cards(&self) -> bool {
        self.number == 0 && matches!(self.setup, Setup::Seed(_))
    }

    /// §7.1: the leader held the leading card (`3h`); if it is hidden, it is his (placed before
    /// the shuffle).
    fn forced_card(&self, hidden: &[usize]) -> Option<(Card, usize)> {
        let card = setup::leading_card(&self.rules)?;
        let leader = usize::from(self.leader);
        let applies = self.leader_from_cards() && hidden.contains(&leader);
        (applies && self.hands[leader].contains(card)).then_some((card, leader))
    }

    /// The dealt hands with the hidden seats' held cards replaced from `pool`, in seat order,
    /// each keeping its count.
    fn redeal(
        &self,
        dealt: &[CardSet; MAX_PLAYERS],
        hidden: &[usize],
        pool: &[Card],
        forced: Option<(Card, usize)>,
    ) -> [CardSet; MAX_PLAYERS] {
        let mut hands = *dealt;
        let mut next = pool.iter();
        for &s in hidden {
            let mut held = CardSet::EMPTY;
            let mut count = self.hands[s].len();
            if let Some((card, _)) = forced.filter(|&(_, at)| at == s) {
                held = CardSet::from_card(card);
                count -= 1;
            }
            for &card in next.by_ref().take(count as usize) {
                held = held
                    .plus(CardSet::from_card(card))
                    .expect("the pool holds the hidden hands' cards: none is dealt three times");
            }
            let played = dealt[s]
                .minus(self.hands[s])
                .expect("a seat's deal holds its hand");
            hands[s] = held
                .plus(played)
                .expect("a redealt hand and its played cards hold no card three times");
        }
        hands
    }

    /// Whether `hands`, as dealt, give this match's leader (§7.1, §11.1).
    fn leader_fits(&self, hands: &[CardSet; MAX_PLAYERS]) -> bool {
        let players = usize::from(self.rules.players);
        !self.leader_from_cards()
            || setup::first_leader(&self.rules, &hands[..players]) == self.leader
    }

    /// [`Game::from_hands`] from `hands`, then this match's decisions, each move shown to
    /// `visit` with the game before it.
    fn replay_from(
        &self,
        hands: &[CardSet],
        seed: u64,
        mut visit: impl FnMut(&Game, Move),
    ) -> Result<Game> {
        let mut game = Game::from_hands(self.rules, hands, usize::from(self.leader), seed)?;
        let start = self
            .decisions
            .iter()
            .rposition(|d| *d == Decision::NextMatch)
            .map_or(0, |at| at + 1);
        for decision in &self.decisions[start..] {
            if let Decision::Move(mv) = decision {
                visit(&game, *mv);
                game.play_unchecked(*mv);
            }
        }
        Ok(game)
    }
}

/// Fisher–Yates with the uniform draw of RULES.md §2.2.
fn shuffle(cards: &mut [Card], rng: &mut SplitMix64) {
    for i in (1..cards.len()).rev() {
        let j = rng.uniform(i as u64 + 1) as usize;
        cards.swap(i, j);
    }
}
