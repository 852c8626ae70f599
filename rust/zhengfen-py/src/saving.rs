//! Saving and pickling a `Game`: the core writes and reads the saved game of RULES.md §12.7
//! (`zhengfen_core::game::record`), replaying and checking it on load.

use crate::errors::to_py;
use crate::game::PyGame;
use crate::rules::PyRules;
use pyo3::prelude::*;
use zhengfen_core::game::Game;

#[pymethods]
impl PyGame {
    /// The saved game of RULES.md §12.7 (`zhengfen.types.SavedGame`), which `Game.from_json` loads.
    fn to_json(&self) -> String {
        self.game.to_json()
    }

    /// The game saved by `to_json` (RULES.md §12.7): its decisions are played again and the state
    /// reached is checked against the one stored; corrupt or inconsistent input raises
    /// `InvalidStateError` and nothing is loaded.
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<PyGame> {
        let game = Game::from_json(text).map_err(to_py)?;
        Ok(PyGame::from(game))
    }

    fn __getstate__(&self) -> String {
        self.to_json()
    }

    fn __setstate__(&mut self, state: &str) -> PyResult<()> {
        self.game = PyGame::from_json(state)?.game;
        Ok(())
    }

    fn __getnewargs__(&self) -> (PyRules,) {
        (PyRules {
            rules: *self.game.rules(),
        },)
    }
}
