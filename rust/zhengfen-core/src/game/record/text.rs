//! How the core's values appear in records: card sets, combinations, moves and decisions as
//! their notation (RULES.md §1.6, §1.7, §12.1, §12.7), phases and declarations by name.

use crate::cardset::CardSet;
use crate::combo::Combo;
use crate::game::{Decision, Declaration, Move, Phase};
use serde::{Serialize, Serializer};

/// `Serialize` as the value's `Display` text.
macro_rules! as_notation {
    ($($kind:ty),*) => {$(
        impl Serialize for $kind {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }
    )*};
}

/// `Serialize` as the value's `name()`.
macro_rules! as_name {
    ($($kind:ty),*) => {$(
        impl Serialize for $kind {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.name())
            }
        }
    )*};
}

as_notation!(CardSet, Combo, Move, Decision);
as_name!(Phase, Declaration);
