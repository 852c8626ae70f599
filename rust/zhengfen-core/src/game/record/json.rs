//! JSON text in the layout of Python's `json.dumps` with its defaults: `", "` between items,
//! `": "` after keys, and every character outside printable ASCII escaped (`\u00e9`), so that
//! both implementations write a saved game byte for byte alike (RULES.md §12.7).

use serde::Serialize;
use serde_json::ser::Formatter;
use std::io::{self, Write};

/// `value` as JSON text in the layout of Python's `json.dumps(value)`.
///
/// ```
/// use zhengfen_core::game::record::to_json;
/// assert_eq!(to_json(&(1, ["é", "\u{7f}"])), r#"[1, ["\u00e9", "\u007f"]]"#);
/// ```
pub fn to_json<T: Serialize + ?Sized>(value: &T) -> String {
    let mut out = Vec::with_capacity(4096);
    let mut writer = serde_json::Serializer::with_formatter(&mut out, PythonLayout);
    // Records serialize only strings, numbers, lists and string-keyed maps, into memory.
    value
        .serialize(&mut writer)
        .expect("a record always serializes to JSON");
    String::from_utf8(out).expect("the layout writes ASCII only")
}

/// The formatter: serde_json's compact layout with Python's separators and ASCII escapes.
struct PythonLayout;

impl Formatter for PythonLayout {
    fn begin_array_value<W: ?Sized + Write>(&mut self, out: &mut W, first: bool) -> io::Result<()> {
        separator(out, first)
    }

    fn begin_object_key<W: ?Sized + Write>(&mut self, out: &mut W, first: bool) -> io::Result<()> {
        separator(out, first)
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, out: &mut W) -> io::Result<()> {
        out.write_all(b": ")
    }

    /// Text serde_json leaves unescaped, escaped as Python's `ensure_ascii` does: every
    /// character outside `' '..='~'` as `\uXXXX` (UTF-16 surrogate pairs beyond the BMP).
    fn write_string_fragment<W: ?Sized + Write>(
        &mut self,
        out: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        for c in fragment.chars() {
            if (' '..='~').contains(&c) {
                out.write_all(&[c as u8])?;
            } else {
                for unit in c.encode_utf16(&mut [0; 2]) {
                    write!(out, "\\u{unit:04x}")?;
                }
            }
        }
        Ok(())
    }
}

fn separator<W: ?Sized + Write>(out: &mut W, first: bool) -> io::Result<()> {
    if first {
        Ok(())
    } else {
        out.write_all(b", ")
    }
}
