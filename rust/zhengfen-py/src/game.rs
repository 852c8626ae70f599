//! `Game`: the Python face of the core state machine — moves, events and observations
//! converted to Python values; saved games read and written through Python's `json`.

use crate::args::{int_arg, not_a_string, Arg};
use crate::cards::{cards_arg, PyCards};
use crate::combo::PyCombo;
use crate::errors::{to_py, ArgumentTypeError, InvalidStateError};
use crate::info_set::PyInfoSet;
use crate::rng::{seed_arg, with_stream};
use crate::rules::PyRules;
use crate::tensors;
use numpy::{PyArray1, PyArray2};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use zhengfen_core::cardset::CardSet;
use zhengfen_core::error::Error;
use zhengfen_core::game::{Event, Game, Move, Setup};
use zhengfen_core::notation::parse_cards;
use zhengfen_core::rules::{OptionValue, Rules};

/// A game of Zheng Fen or Zen Cheng You, match after match (RULES.md §12).
#[pyclass(name = "Game", module = "zhengfen")]
#[derive(Clone)]
pub struct PyGame {
    pub game: Game,
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (rules, seed = None))]
    fn new(rules: &PyRules, seed: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let seed = seed.map(seed_arg).transpose()?.unwrap_or(0);
        Ok(PyGame {
            game: Game::new(rules.rules, seed),
        })
    }

    /// A game whose first match starts from given hands (RULES.md §12.2).
    #[staticmethod]
    #[pyo3(signature = (rules, hands, leader, seed = None))]
    fn from_hands(
        rules: &PyRules,
        hands: &Bound<'_, PyAny>,
        leader: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        // An integer that is no seat makes impossible hands, as in the reference: a state error.
        let leader = int_arg(leader, "leader", seat_range(&rules.rules)).map_err(|e| {
            if e.is_instance_of::<ArgumentTypeError>(hands.py()) {
                e
            } else {
                InvalidStateError::new_err(e.value(hands.py()).to_string())
            }
        })?;
        let seed = seed.map(seed_arg).transpose()?.unwrap_or(0);
        let decks = rules.rules.decks();
        not_a_string(hands, "hands", "a list of hands, one per seat")?;
        let mut sets = Vec::new();
        for hand in hands.try_iter()? {
            sets.push(
                cards_arg(&hand?, decks).map_err(|e| InvalidStateError::new_err(e.to_string()))?,
            );
        }
        let game = Game::from_hands(rules.rules, &sets, leader, seed).map_err(to_py)?;
        Ok(PyGame { game })
    }

    #[getter]
    fn rules(&self) -> PyRules {
        PyRules {
            rules: *self.game.rules(),
        }
    }
    #[getter]
    fn current_player(&self) -> Option<u8> {
        self.game.current_player()
    }
    #[getter]
    fn phase(&self) -> &'static str {
        self.game.phase().name()
    }
    #[getter]
    fn match_number(&self) -> u32 {
        self.game.match_number()
    }
    #[getter]
    fn match_over(&self) -> bool {
        self.game.current_player().is_none()
    }
    #[getter]
    fn game_over(&self) -> bool {
        self.game.phase().name() == "game_over"
    }
    #[getter]
    fn out_order(&self) -> Vec<u32> {
        seats(self.game.out_order())
    }
    #[getter]
    fn match_points(&self) -> Vec<i64> {
        self.game.match_points()
    }
    #[getter]
    fn scores(&self) -> Vec<i64> {
        self.game.scores().to_vec()
    }
    #[getter]
    fn winners(&self) -> Vec<u32> {
        seats(self.game.winners())
    }
    #[getter]
    fn decisions(&self) -> Vec<String> {
        self.game
            .decisions()
            .iter()
            .map(|d| d.to_string())
            .collect()
    }

    /// The combination to beat and its player, or None.
    #[getter]
    fn table(&self) -> Option<(PyCombo, u8)> {
        let rules = *self.game.rules();
        self.game.table().map(|(c, s)| (PyCombo::new(c, &rules), s))
    }

    /// The plays and passes of the current trick: `(seat, Combo or "pass")`.
    #[getter]
    fn trick<'py>(&self, py: Python<'py>) -> PyResult<Vec<(u8, Bound<'py, PyAny>)>> {
        let rules = *self.game.rules();
        self.game
            .trick()
            .iter()
            .map(|&(seat, play)| {
                Ok((
                    seat,
                    move_to_py(py, play.map_or(Move::Pass, Move::Play), &rules)?,
                ))
            })
            .collect()
    }

    /// Every event so far, as dictionaries (RULES.md §12.6).
    #[getter]
    fn history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let events: PyResult<Vec<_>> = self
            .game
            .history()
            .iter()
            .map(|e| event_to_py(py, e))
            .collect();
        PyList::new(py, events?)
    }

    /// The index of `seat`'s entry in `match_points` and `scores`: the seat, or its team in
    /// Zen Cheng You (RULES.md §8.1, §12.5).
    fn side(&self, seat: &Bound<'_, PyAny>) -> PyResult<usize> {
        let seat = self.seat_arg(seat)?;
        Ok(self.game.side(seat as u8))
    }

    /// What the finished match gives `seat`: its points (Zheng Fen), or its team's points minus
    /// the other team's (Zen Cheng You); the reward of `VecGame` and the environments.
    fn match_result(&self, seat: &Bound<'_, PyAny>) -> PyResult<i64> {
        let seat = self.seat_arg(seat)?;
        Ok(self.game.match_result(seat as u8))
    }

    /// The cards of `seat`.
    fn hand(&self, seat: &Bound<'_, PyAny>) -> PyResult<PyCards> {
        let seat = self.seat_arg(seat)?;
        Ok(PyCards {
            set: self.game.hand(seat),
            decks: self.game.rules().decks(),
        })
    }

    /// The legal moves now: `Combo`s and the strings "pass", "blind", "declare".
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let rules = *self.game.rules();
        self.game
            .legal_moves()
            .into_iter()
            .map(|m| move_to_py(py, m, &rules))
            .collect()
    }

    /// Makes the current player's decision (RULES.md §12.1).
    fn play(&mut self, mv: &Bound<'_, PyAny>) -> PyResult<()> {
        let mv = if let Ok(combo) = mv.cast::<PyCombo>() {
            Move::Play(combo.get().combo)
        } else if let Ok(text) = mv.cast::<PyString>() {
            self.game.read_move(&text.to_cow()?).map_err(illegal)?
        } else {
            return Err(ArgumentTypeError::new_err(
                "expected a Combo or a move string",
            ));
        };
        self.game.play(mv).map_err(to_py)
    }

    /// Deals the next match (RULES.md §12.2).
    fn next_match(&mut self) -> PyResult<()> {
        self.game.next_match().map_err(to_py)
    }

    /// What `seat` may know (RULES.md §12, GAME_API.md): nothing of other hands.
    fn observation<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let seat = self.seat_arg(seat)?;
        crate::observe::observation(py, &self.game, seat)
    }

    /// `seat`'s observation as a float32 vector (`AI.md`); `perfect_information` appends every
    /// hand (for debugging and oracle training only).
    #[pyo3(signature = (seat, perfect_information = Arg::ABSENT),
        text_signature = "($self, seat, perfect_information=False)")]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
        perfect_information: Arg<'py>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = self.seat_arg(seat)?;
        let perfect_information = perfect_information.flag("perfect_information", false)?;
        Ok(tensors::observation(
            py,
            &self.game,
            seat,
            perfect_information,
        ))
    }

    /// The last `rows` plays and passes of the match seen by `seat`, most recent first.
    #[pyo3(signature = (seat, rows = Arg::ABSENT), text_signature = "($self, seat, rows=16)")]
    fn history_tensor<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
        rows: Arg<'py>,
    ) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let seat = self.seat_arg(seat)?;
        tensors::history(py, &self.game, seat, tensors::rows_arg(&rows, "rows", 16)?)
    }

    /// One row of features per legal move, in the order of `legal_moves()`.
    fn legal_move_features<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f32>>> {
        tensors::move_features(py, &self.game.legal_moves())
    }

    /// The legal list as a mask of `max_actions` entries (action `i` = `legal_moves()[i]`).
    fn action_mask<'py>(
        &self,
        py: Python<'py>,
        max_actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let max_actions = int_arg(max_actions, "max_actions", tensors::ROWS)?;
        tensors::mask(py, self.game.legal_moves().len(), max_actions)
    }

    /// A game `seat` cannot tell from this one: the cards hidden from it re-dealt at random
    /// from `rng` (an integer seed or a `SplitMix64`), consistent with all it has seen.
    fn resample(&self, seat: &Bound<'_, PyAny>, rng: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        let seat = self.seat_arg(seat)?;
        let game = with_stream(rng, "rng", |rng| self.game.resample(seat, rng))?.map_err(to_py)?;
        Ok(PyGame { game })
    }

    /// What `seat` knows, as an object agents can search from (`InfoSet`).
    fn info_set(&self, seat: &Bound<'_, PyAny>) -> PyResult<PyInfoSet> {
        let seat = self.seat_arg(seat)?;
        Ok(PyInfoSet::new(self.game.clone(), seat))
    }

    /// An independent copy.
    fn copy(&self) -> PyGame {
        self.clone()
    }
    fn __copy__(&self) -> PyGame {
        self.clone()
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }

    /// The saved game (RULES.md §12.7).
    fn to_json(&self, py: Python<'_>) -> PyResult<String> {
        let saved = saved_dict(py, &self.game)?;
        py.import("json")?
            .call_method1("dumps", (saved,))?
            .extract()
    }

    /// The game saved by `to_json`, replayed and checked (RULES.md §12.7).
    #[staticmethod]
    fn from_json(py: Python<'_>, text: &str) -> PyResult<PyGame> {
        let loaded = py
            .import("json")?
            .call_method1("loads", (text,))
            .map_err(|e| InvalidStateError::new_err(format!("not JSON: {e}")))?;
        let game = crate::saving::load(py, &loaded)?;
        Ok(PyGame { game })
    }

    fn __getstate__(&self, py: Python<'_>) -> PyResult<String> {
        self.to_json(py)
    }

    fn __setstate__(&mut self, py: Python<'_>, state: &str) -> PyResult<()> {
        self.game = PyGame::from_json(py, state)?.game;
        Ok(())
    }

    fn __getnewargs__(&self) -> (PyRules,) {
        (self.rules(),)
    }

    fn __repr__(&self) -> String {
        let g = &self.game;
        let turn = g
            .current_player()
            .map_or(String::new(), |s| format!(", seat {s} to move"));
        format!(
            "<Game {} match {} {}{turn}>",
            g.rules().variant.name(),
            g.match_number(),
            g.phase().name()
        )
    }
}

impl PyGame {
    /// A seat of this game (the integer rule of `args`).
    fn seat_arg(&self, seat: &Bound<'_, PyAny>) -> PyResult<usize> {
        int_arg(seat, "seat", seat_range(self.game.rules()))
    }
}

/// The seats of `rules`, as an argument range.
pub fn seat_range(rules: &Rules) -> std::ops::RangeInclusive<i128> {
    0..=i128::from(rules.players) - 1
}

/// Seats as a list of ints (PyO3 would turn `Vec<u8>` into `bytes`).
pub fn seats(seats: &[u8]) -> Vec<u32> {
    seats.iter().map(|&s| u32::from(s)).collect()
}

/// A move that cannot even be read is an illegal move.
fn illegal(error: Error) -> PyErr {
    match error {
        Error::InvalidCards(m) | Error::InvalidCombo(m) => to_py(Error::IllegalMove(m)),
        other => to_py(other),
    }
}

/// A move as Python: a `Combo`, or "pass" / "blind" / "declare".
pub fn move_to_py<'py>(py: Python<'py>, mv: Move, rules: &Rules) -> PyResult<Bound<'py, PyAny>> {
    match mv {
        Move::Play(combo) => Ok(Bound::new(py, PyCombo::new(combo, rules))?.into_any()),
        other => Ok(PyString::new(py, &other.to_string()).into_any()),
    }
}

/// One history event as a dictionary (RULES.md §12.6).
pub fn event_to_py<'py>(py: Python<'py>, event: &Event) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let put = |k: &str, v: Bound<'py, PyAny>| d.set_item(k, v);
    let int = |n: i64| -> PyResult<Bound<'py, PyAny>> { Ok(n.into_pyobject(py)?.into_any()) };
    let text = |s: String| PyString::new(py, &s).into_any();
    match event {
        Event::Deal {
            number,
            first_drawer,
            leader,
            hands,
        } => {
            put("type", text("deal".into()))?;
            put("match", int((*number).into())?)?;
            put(
                "first_drawer",
                first_drawer.map_or(Ok(py.None().into_bound(py)), |s| int(s.into()))?,
            )?;
            put("leader", int((*leader).into())?)?;
            put(
                "hands",
                PyList::new(py, hands.iter().map(|h| h.to_string()))?.into_any(),
            )?;
        }
        Event::Declaration { seat, declaration } => {
            put("type", text("declaration".into()))?;
            put("seat", int((*seat).into())?)?;
            put("move", text(declaration.name().into()))?;
        }
        Event::Play { seat, combo } => {
            put("type", text("play".into()))?;
            put("seat", int((*seat).into())?)?;
            put("combo", text(combo.to_string()))?;
        }
        Event::Pass { seat } => {
            put("type", text("pass".into()))?;
            put("seat", int((*seat).into())?)?;
        }
        Event::Trick { winner, points } => {
            put("type", text("trick".into()))?;
            put("winner", int((*winner).into())?)?;
            put("points", int((*points).into())?)?;
        }
        Event::Out { seat, place } => {
            put("type", text("out".into()))?;
            put("seat", int((*seat).into())?)?;
            put("place", int((*place).into())?)?;
        }
        Event::Transfer { from, to, points } => {
            put("type", text("transfer".into()))?;
            put("from", int((*from).into())?)?;
            put("to", int((*to).into())?)?;
            put("points", int((*points).into())?)?;
        }
        Event::TransferToTeam {
            from,
            to_team,
            points,
        } => {
            put("type", text("transfer".into()))?;
            put("from", int((*from).into())?)?;
            put("to_team", int((*to_team).into())?)?;
            put("points", int((*points).into())?)?;
        }
        Event::MatchScored {
            match_points,
            scores,
        } => {
            put("type", text("match_scored".into()))?;
            put("match_points", PyList::new(py, match_points)?.into_any())?;
            put("scores", PyList::new(py, scores)?.into_any())?;
        }
        Event::GameOver { winners } => {
            put("type", text("game_over".into()))?;
            put("winners", PyList::new(py, seats(winners))?.into_any())?;
        }
    }
    Ok(d)
}

/// The saved-game dictionary (RULES.md §12.7).
fn saved_dict<'py>(py: Python<'py>, game: &Game) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("format", "zhengfen-game")?;
    d.set_item("version", 1)?;
    d.set_item("rules", rules_dict(py, game.rules())?)?;
    let setup = PyDict::new(py);
    match game.setup() {
        Setup::Seed(seed) => setup.set_item("seed", seed)?,
        Setup::Hands {
            hands,
            leader,
            seed,
        } => {
            setup.set_item(
                "hands",
                hands.iter().map(CardSet::to_string).collect::<Vec<_>>(),
            )?;
            setup.set_item("leader", leader)?;
            setup.set_item("seed", seed)?;
        }
    }
    d.set_item("setup", setup)?;
    let decisions: Vec<String> = game.decisions().iter().map(|d| d.to_string()).collect();
    d.set_item("decisions", decisions)?;
    d.set_item("rng_state", game.rng().state)?;
    let hands: Vec<String> = (0..usize::from(game.rules().players))
        .map(|s| game.hand(s).to_string())
        .collect();
    d.set_item("hands", hands)?;
    let events: PyResult<Vec<_>> = game.history().iter().map(|e| event_to_py(py, e)).collect();
    d.set_item("history", events?)?;
    Ok(d)
}

/// `{"game": …, options…}` for a rule set.
pub fn rules_dict<'py>(py: Python<'py>, rules: &Rules) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("game", rules.variant.name())?;
    for &option in rules.own_options() {
        let name = option.name();
        match rules.option(option) {
            OptionValue::Bool(b) => d.set_item(name, b)?,
            OptionValue::Int(n) => d.set_item(name, n)?,
            OptionValue::Str(s) => d.set_item(name, s)?,
        }
    }
    Ok(d)
}

/// Reads hands written in notation, for a rule set's decks.
pub fn hands_from_text(texts: &[String], rules: &Rules) -> Result<Vec<CardSet>, Error> {
    texts
        .iter()
        .map(|t| parse_cards(t, rules.decks()))
        .collect()
}
