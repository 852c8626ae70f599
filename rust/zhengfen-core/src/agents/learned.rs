//! The learned agent: plays the legal move of largest Q-value under a model
//! ([`crate::learned`]), the only legal move without the network, the first on ties. It draws
//! nothing from its stream, so it is deterministic.
//!
//! Its spec is `learned` (the model shipped for the rules, [`crate::learned::shipped`]) or
//! `learned(model=PATH)` (a model file, read when the spec is; a path holding the grammar's
//! characters is quoted, `learned(model="runs/a,b (1)/model.safetensors")`). A spec names no rules, so the
//! shipped model is found, and a file's model checked against the rules, by
//! [`super::Agent::bind`], which every entry point of the core calls before it plays.

use std::fmt;
use std::sync::Arc;

use super::{bad_spec, settings};
use crate::error::Result;
use crate::game::{Game, Move};
use crate::learned::{shipped, Model};
use crate::rules::Rules;

/// A learned agent: where its model comes from and, once bound to rules, the model.
#[derive(Clone, Debug)]
pub struct Learned {
    /// The model file, or `None` for the model shipped for the rules.
    pub path: Option<String>,
    /// The model (`None` for `learned` until [`Learned::bind`] finds the shipped one).
    pub model: Option<Arc<Model>>,
}

impl Learned {
    /// The agent of the settings `args` (`model=PATH`, or none for the shipped model); a
    /// model file is read now.
    pub fn parse(args: Option<&str>) -> Result<Learned> {
        Learned::parse_unread(args)?.read_file()
    }

    /// [`Learned::parse`], the model file named but not read ([`Learned::read_file`]).
    pub fn parse_unread(args: Option<&str>) -> Result<Learned> {
        let Some(args) = args else {
            return Ok(Learned {
                path: None,
                model: None,
            });
        };
        let spec = format!("learned({args})");
        let mut path = None;
        for (key, value) in settings::pairs(&spec, args)? {
            match key {
                "model" => {
                    let file = settings::unquoted(&spec, value)?;
                    if file.is_empty() {
                        return Err(bad_spec(&spec, "model must name a file"));
                    }
                    path = Some(file);
                }
                other => return Err(settings::unknown(&spec, other)),
            }
        }
        Ok(Learned { path, model: None })
    }

    /// The agent with its model file read, if it names one not read yet.
    pub fn read_file(self) -> Result<Learned> {
        match (&self.path, &self.model) {
            (Some(path), None) => Ok(Learned::from_model(Arc::new(Model::load(path)?), self.path)),
            _ => Ok(self),
        }
    }

    /// The agent playing `model`; `path` is the file it was read from, if any (its spec).
    pub fn from_model(model: Arc<Model>, path: Option<String>) -> Learned {
        Learned {
            path,
            model: Some(model),
        }
    }

    /// This agent for `rules`: with its model checked against them, or, for `learned`, the
    /// model shipped for them (an error where none ships).
    pub fn bind(&self, rules: &Rules) -> Result<Learned> {
        let model = match (&self.model, &self.path) {
            (Some(model), _) => model.clone(),
            (None, Some(path)) => Arc::new(Model::load(path)?),
            (None, None) => shipped(rules)?,
        };
        model.check(rules)?;
        Ok(Learned {
            path: self.path.clone(),
            model: Some(model),
        })
    }

    /// The index in `moves` it plays. Unbound (`learned` before [`Learned::bind`]) it has no
    /// model, and plays the first move.
    pub fn choose(&self, game: &Game, moves: &[Move]) -> usize {
        self.model
            .as_ref()
            .map_or(0, |model| model.choose(game, moves))
    }
}

impl PartialEq for Learned {
    /// The same spec and the same weights.
    fn eq(&self, other: &Learned) -> bool {
        let same_model = match (&self.model, &other.model) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b) || a == b,
            (None, None) => true,
            _ => false,
        };
        self.path == other.path && same_model
    }
}

impl fmt::Display for Learned {
    /// `learned`, or `learned(model=PATH)` (PATH quoted where it must be); a model from memory (no file) shows as
    /// `learned(model=<arrays>)`, which is no spec.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.path, &self.model) {
            (Some(path), _) => write!(f, "learned(model={})", settings::quoted(path)),
            (None, Some(model)) if !model.origin().ends_with("(shipped)") => {
                write!(f, "learned(model={})", model.origin())
            }
            _ => f.write_str("learned"),
        }
    }
}
