//! The match and the game: both games' state machine (RULES.md §7, §11, §12).
//!
//! [`Game`] holds everything: the random stream, the hands, the piles of won cards, the trick
//! in progress, the order of going out, declarations, scores and the history. Decisions go
//! through [`Game::play`], which refuses anything not legal and leaves the state unchanged;
//! [`Game::play_unchecked`] skips the check for trusted callers (rollouts; debug builds still
//! check). The flow of tricks is in `flow.rs`, scoring in `scoring/` (one file per game), who
//! leads in `setup.rs`. Its records (events, observations, saved games as JSON) are in
//! [`record`], with the `serde` feature.

mod decisions;
mod flow;
#[cfg(feature = "serde")]
pub mod record;
pub mod refusal;
mod resample;
mod scoring;
mod setup;
mod types;

pub use types::{Decision, Declaration, Event, Move, Phase};

use crate::cardset::CardSet;
use crate::classify::classify;
use crate::combo::Combo;
use crate::compare::beats;
use crate::deal::deal;
use crate::error::{Error, Result};
use crate::movegen::legal_moves_unchecked;
use crate::rules::{Rules, Variant, MAX_PLAYERS};
use crate::seed::SplitMix64;

/// How a game began (RULES.md §12.2, §12.7).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setup {
    /// Dealt from a seed.
    Seed(u64),
    /// Given hands and leader; later matches are dealt from `seed`.
    Hands {
        /// The hands, by seat.
        hands: Vec<CardSet>,
        /// Who leads.
        leader: u8,
        /// Seed of the stream for later matches.
        seed: u64,
    },
}

/// A list of at most one entry per seat, held inline.
pub(crate) type SeatList<T> = arrayvec::ArrayVec<T, MAX_PLAYERS>;

/// `n` zeros (one per side).
fn zeros(n: usize) -> SeatList<i64> {
    std::iter::repeat_n(0, n).collect()
}

/// A game of Zheng Fen or Zen Cheng You, match after match (RULES.md §12).
///
/// ```
/// use zhengfen_core::game::{Game, Move, Phase};
/// use zhengfen_core::rules::Rules;
/// let mut game = Game::new(Rules::zheng_fen(4).unwrap(), 42);
/// while game.phase() == Phase::Play {
///     let first = game.legal_moves()[0];
///     game.play(first).unwrap();
/// }
/// assert_eq!(game.match_points().iter().sum::<i64>(), 100);
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    setup: Setup,
    rng: SplitMix64,
    number: u32,
    phase: Phase,
    current: u8,
    leader: u8,
    hands: [CardSet; MAX_PLAYERS],
    piles: [CardSet; MAX_PLAYERS],
    /// The combination to beat and its player.
    table: Option<(Combo, u8)>,
    trick: Vec<(u8, Option<Combo>)>,
    trick_cards: CardSet,
    /// Seats that passed since the last play.
    passed: u8,
    out_order: SeatList<u8>,
    /// The seat taking its one last turn (§12.4 b), if any.
    last_turn: Option<u8>,
    declarations: [Option<Declaration>; 4],
    plays: Vec<(u8, Combo)>,
    /// The cards each seat has played this match.
    played: [CardSet; MAX_PLAYERS],
    match_points: SeatList<i64>,
    scores: SeatList<i64>,
    winners: SeatList<u8>,
    history: Vec<Event>,
    decisions: Vec<Decision>,
}

impl Game {
    /// A game whose first match is dealt from `seed`, seat 0 drawing first (§12.2).
    pub fn new(rules: Rules, seed: u64) -> Game {
        let mut rng = SplitMix64::new(seed);
        let hands = deal(&rules, &mut rng, 0);
        let leader = setup::first_leader(&rules, &hands);
        let mut game = Game::empty(rules, Setup::Seed(seed), rng);
        game.start_match(&hands, Some(0), leader);
        game
    }

    /// A game whose first match starts from given hands with `leader` to lead; later matches
    /// are dealt from `seed` (§12.2).
    pub fn from_hands(rules: Rules, hands: &[CardSet], leader: usize, seed: u64) -> Result<Game> {
        setup::check_given_hands(&rules, hands, leader)?;
        let given = Setup::Hands {
            hands: hands.to_vec(),
            leader: leader as u8,
            seed,
        };
        let mut game = Game::empty(rules, given, SplitMix64::new(seed));
        game.start_match(hands, None, leader as u8);
        Ok(game)
    }

    fn empty(rules: Rules, setup: Setup, rng: SplitMix64) -> Game {
        let sides = rules.sides();
        Game {
            rules,
            setup,
            rng,
            number: 0,
            phase: Phase::Play,
            current: 0,
            leader: 0,
            hands: [CardSet::EMPTY; MAX_PLAYERS],
            piles: [CardSet::EMPTY; MAX_PLAYERS],
            table: None,
            trick: Vec::with_capacity(16),
            trick_cards: CardSet::EMPTY,
            passed: 0,
            out_order: SeatList::new(),
            last_turn: None,
            declarations: [None; 4],
            plays: Vec::with_capacity(64),
            played: [CardSet::EMPTY; MAX_PLAYERS],
            match_points: zeros(sides),
            scores: zeros(sides),
            winners: SeatList::new(),
            // A match takes some 50 to 250 events; reserving once spares regrowing the logs.
            history: Vec::with_capacity(256),
            decisions: Vec::with_capacity(192),
        }
    }

    /// Resets the match state and deals `hands` (§12.2).
    fn start_match(&mut self, hands: &[CardSet], first_drawer: Option<u8>, leader: u8) {
        self.hands = [CardSet::EMPTY; MAX_PLAYERS];
        self.hands[..hands.len()].copy_from_slice(hands);
        self.piles = [CardSet::EMPTY; MAX_PLAYERS];
        self.table = None;
        self.trick.clear();
        self.trick_cards = CardSet::EMPTY;
        self.passed = 0;
        self.out_order.clear();
        self.last_turn = None;
        self.declarations = [None; 4];
        self.plays.clear();
        self.played = [CardSet::EMPTY; MAX_PLAYERS];
        self.match_points = zeros(self.rules.sides());
        self.leader = leader;
        self.current = leader;
        self.phase = match self.rules.variant {
            Variant::ZhengFen => Phase::Play,
            Variant::ZenChengYou => Phase::BlindDeclare,
        };
        self.history.push(Event::Deal {
            number: self.number,
            first_drawer,
            leader,
            hands: hands.to_vec(),
        });
    }

    /// Deals and starts the next match (§12.2); only when a match is over.
    pub fn next_match(&mut self) -> Result<()> {
        match self.phase {
            Phase::MatchOver => {}
            Phase::GameOver => return Err(Error::illegal("the game is over")),
            _ => return Err(Error::illegal("the match is not over")),
        }
        let drawer = setup::next_first_drawer(&self.rules, &self.out_order, &self.match_points);
        let hands = deal(&self.rules, &mut self.rng, usize::from(drawer));
        self.number += 1;
        self.decisions.push(Decision::NextMatch);
        self.start_match(&hands, Some(drawer), drawer);
        Ok(())
    }

    /// The legal moves of the current player (§12.1): empty when the match is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut combos = Vec::new();
        let mut moves = Vec::new();
        self.legal_moves_into(&mut combos, &mut moves);
        moves
    }

    /// [`Game::legal_moves`] into caller buffers (`combos` is scratch space).
    pub fn legal_moves_into(&self, combos: &mut Vec<Combo>, moves: &mut Vec<Move>) {
        moves.clear();
        match self.phase {
            Phase::BlindDeclare => moves.extend([Move::Blind, Move::Pass]),
            Phase::Declare => moves.extend([Move::Declare, Move::Pass]),
            Phase::Play => {
                let table = self.table.map(|(combo, _)| combo);
                let hand = self.hands[usize::from(self.current)];
                legal_moves_unchecked(hand, table.as_ref(), &self.rules, combos);
                moves.extend(combos.iter().copied().map(Move::Play));
                if table.is_some() {
                    moves.push(Move::Pass);
                }
            }
            Phase::MatchOver | Phase::GameOver => {}
        }
    }

    /// Makes the current player's decision, or says why it is not legal (state unchanged).
    pub fn play(&mut self, mv: Move) -> Result<()> {
        self.check(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Whether `mv` is legal now (§12.1): a combination must be in the legal list, i.e. held,
    /// a reading of its cards, beating the table, at its highest legal value of its kind.
    fn check(&self, mv: Move) -> Result<()> {
        let seat = self.current_player();
        let illegal = |why: String| Err(Error::illegal(why).with_move(seat, mv));
        match (self.phase, mv) {
            (Phase::BlindDeclare, Move::Blind | Move::Pass) => Ok(()),
            (Phase::Declare, Move::Declare | Move::Pass) => Ok(()),
            (Phase::Play, Move::Pass) if self.table.is_some() => Ok(()),
            (Phase::Play, Move::Pass) => illegal("the leader may not pass".into()),
            (Phase::Play, Move::Play(combo)) => self.check_combo(&combo),
            (phase, mv) => illegal(format!("'{mv}' is not a move in phase {}", phase.name())),
        }
    }

    fn check_combo(&self, combo: &Combo) -> Result<()> {
        let seat = self.current;
        let hand = self.hands[usize::from(seat)];
        let illegal = |why: String| Err(Error::illegal(why).with_move(Some(seat), combo));
        if !hand.contains_all(combo.cards) {
            return illegal(format!("seat {seat} does not hold {}", combo.cards));
        }
        let table = self.table.map(|(t, _)| t);
        let legal = |c: &Combo| table.is_none_or(|t| beats(c, &t, &self.rules));
        let best = classify(combo.cards, &self.rules)
            .into_iter()
            .find(|c| c.kind == combo.kind && legal(c));
        match (best, table) {
            (Some(best), _) if best == *combo => Ok(()),
            (Some(best), _) => illegal(format!("{} is played as {best}", combo.cards)),
            (None, Some(t)) => illegal(format!("{combo} does not beat {t}")),
            (None, None) => illegal(format!("{combo} is not a reading of its cards")),
        }
    }

    /// Makes a decision known to be legal (e.g. taken from [`Game::legal_moves`]), without
    /// [`Game::play`]'s check: for trusted callers such as rollouts and search.
    ///
    /// The caller guarantees that `mv` is legal now. Debug builds check it as [`Game::play`]
    /// does.
    ///
    /// # Panics
    /// In debug builds, on any illegal move, with the reason. In release builds, when a
    /// combination is played whose cards the current player does not hold (it would duplicate
    /// cards); other illegal moves are not detected there and leave a state the rules never
    /// reach.
    pub fn play_unchecked(&mut self, mv: Move) {
        if cfg!(debug_assertions) {
            if let Err(why) = self.check(mv) {
                panic!("play_unchecked was given an illegal move: {why}");
            }
        }
        self.decisions.push(Decision::Move(mv));
        match mv {
            Move::Blind => self.declare(Declaration::Blind),
            Move::Declare => self.declare(Declaration::Regular),
            Move::Pass if self.phase != Phase::Play => self.declare(Declaration::Pass),
            Move::Pass => self.pass(),
            Move::Play(combo) => self.play_combo(combo),
        }
    }
}

/// Read access to the state (RULES.md §12).
impl Game {
    /// The rule set.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    /// How the game began.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }
    /// The random stream, as it stands.
    pub fn rng(&self) -> SplitMix64 {
        self.rng
    }
    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// The player to decide, if the match is not over.
    pub fn current_player(&self) -> Option<u8> {
        matches!(
            self.phase,
            Phase::BlindDeclare | Phase::Declare | Phase::Play
        )
        .then_some(self.current)
    }
    /// Whether the match is over: no one is to decide (§12.1).
    pub fn match_over(&self) -> bool {
        self.current_player().is_none()
    }
    /// Whether the game is over (§12.5).
    pub fn game_over(&self) -> bool {
        self.phase == Phase::GameOver
    }
    /// The match number, from 0.
    pub fn match_number(&self) -> u32 {
        self.number
    }
    /// The leader of the match.
    pub fn leader(&self) -> u8 {
        self.leader
    }
    /// The hand of `seat` (empty for a seat out of range).
    pub fn hand(&self, seat: usize) -> CardSet {
        self.hands.get(seat).copied().unwrap_or_default()
    }
    /// The won pile of `seat`.
    pub fn pile(&self, seat: usize) -> CardSet {
        self.piles.get(seat).copied().unwrap_or_default()
    }
    /// The combination to beat and its player.
    pub fn table(&self) -> Option<(Combo, u8)> {
        self.table
    }
    /// The plays (`Some`) and passes (`None`) of the current trick.
    pub fn trick(&self) -> &[(u8, Option<Combo>)] {
        &self.trick
    }
    /// The cards played in the current trick.
    pub fn trick_cards(&self) -> CardSet {
        self.trick_cards
    }
    /// The seats in the order they went out.
    pub fn out_order(&self) -> &[u8] {
        &self.out_order
    }
    /// The declarations of the match, by seat (Zen Cheng You).
    pub fn declarations(&self) -> &[Option<Declaration>; 4] {
        &self.declarations
    }
    /// Every play of the match so far.
    pub fn plays(&self) -> &[(u8, Combo)] {
        &self.plays
    }
    /// The cards `seat` has played this match.
    pub fn played(&self, seat: usize) -> CardSet {
        self.played.get(seat).copied().unwrap_or_default()
    }
    /// Points of the match: final once it is over, else the piles so far (§12.5).
    pub fn match_points(&self) -> Vec<i64> {
        if matches!(self.phase, Phase::MatchOver | Phase::GameOver) {
            return self.match_points.to_vec();
        }
        let mut points = vec![0; self.match_points.len()];
        for seat in 0..usize::from(self.rules.players) {
            points[self.side(seat as u8)] += i64::from(self.piles[seat].points());
        }
        points
    }
    /// Game totals per seat (ZF) or team (ZCY).
    pub fn scores(&self) -> &[i64] {
        &self.scores
    }
    /// The winning seats, once the game is over.
    pub fn winners(&self) -> &[u8] {
        &self.winners
    }
    /// Every event so far (§12.6).
    pub fn history(&self) -> &[Event] {
        &self.history
    }
    /// Every decision so far, as saved (§12.7).
    pub fn decisions(&self) -> &[Decision] {
        &self.decisions
    }
    /// The team of `seat` in Zen Cheng You (seats 0 and 2 against 1 and 3, §8.1), else `None`
    /// ([`Rules::team_of`]).
    pub fn team(&self, seat: u8) -> Option<u8> {
        self.rules.team_of(seat)
    }
    /// Whether the players have seen their cards: not during the blind declarations (§11.2).
    pub fn hands_seen(&self) -> bool {
        self.phase != Phase::BlindDeclare
    }
    /// The side that scores for `seat`: its index in [`Game::match_points`] and
    /// [`Game::scores`], the seat itself or its team (§8.1, §12.5; [`Rules::side_of`]).
    pub fn side(&self, seat: u8) -> usize {
        self.rules.side_of(seat)
    }
    /// What the match gives `seat`: its points in Zheng Fen; in Zen Cheng You its team's points
    /// minus the other team's, declarations included (zero-sum between the teams). The reward
    /// of `VecGame` and the environments, and what the search agent maximizes.
    pub fn match_result(&self, seat: u8) -> i64 {
        let points = self.match_points();
        let side = self.side(seat);
        match self.rules.team_of(seat) {
            None => points[side],
            Some(_) => {
                let others = points.iter().sum::<i64>() - points[side];
                points[side] - others
            }
        }
    }
}
