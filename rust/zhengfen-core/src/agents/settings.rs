//! The settings of an agent spec, `name(key=value,...)`: the `key=value` pairs and their
//! range-checked values, read the same way by every agent that takes settings.
//!
//! A value may be quoted, `"..."`, so that it can hold what the grammar uses (a model file
//! `learned(model="runs/a,b (1)/model.safetensors")`): inside the quotes, commas, parentheses
//! and `=` are the value's own, and `\"` and `\\` stand for `"` and `\`. A spec writes a
//! value quoted exactly when it needs to be ([`quoted`]), so a canonical spec reads back as
//! itself.

use std::fmt::Display;
use std::str::FromStr;

use super::bad_spec;
use crate::error::Result;

/// The `key=value` pairs of `args` (separated by commas, blanks around each part ignored, empty
/// parts skipped), in order, each key at most once; `spec` names the whole spec in errors.
pub(crate) fn pairs<'a>(spec: &str, args: &'a str) -> Result<Vec<(&'a str, &'a str)>> {
    let found = split(spec, args)?;
    for (i, (key, _)) in found.iter().enumerate() {
        if found[..i].iter().any(|(k, _)| k == key) {
            return Err(bad_spec(spec, &format!("'{key}' is given twice")));
        }
    }
    Ok(found)
}

/// The `key=value` pairs of `args`, in order. A value may be a nested spec with settings of
/// its own (`policy=learned(model=PATH)`): commas inside parentheses do not separate pairs.
fn split<'a>(spec: &str, args: &'a str) -> Result<Vec<(&'a str, &'a str)>> {
    top_level_parts(args)
        .into_iter()
        .map(str::trim)
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            pair.split_once('=')
                .map(|(key, value)| (key.trim(), value.trim()))
                .ok_or_else(|| bad_spec(spec, &format!("'{pair}' is not name=value")))
        })
        .collect()
}

/// `args` cut at the commas outside parentheses and quotes.
fn top_level_parts(args: &str) -> Vec<&str> {
    let (mut parts, mut depth, mut start) = (Vec::new(), 0usize, 0);
    let mut quote = Quote::default();
    for (i, c) in args.char_indices() {
        if quote.inside(c) {
            continue;
        }
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                parts.push(&args[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&args[start..]);
    parts
}

/// Where a left-to-right reading stands with quotes: inside a quoted value or not, and after
/// a `\` inside one.
#[derive(Default)]
pub(crate) struct Quote {
    open: bool,
    escaped: bool,
}

impl Quote {
    /// Reads `c`: whether it belongs to a quoted value (its quotes included), so that the
    /// grammar's characters in it are text.
    pub(crate) fn inside(&mut self, c: char) -> bool {
        let was_open = self.open;
        match (self.open, self.escaped, c) {
            (true, true, _) => self.escaped = false,
            (true, false, '\\') => self.escaped = true,
            (_, false, '"') => self.open = !self.open,
            _ => {}
        }
        was_open || self.open
    }
}

/// The text a value stands for: a quoted value (`"..."`) without its quotes and escapes,
/// anything else as it is; `spec` names the whole spec in errors.
pub(crate) fn unquoted(spec: &str, value: &str) -> Result<String> {
    let Some(inner) = value.strip_prefix('"') else {
        if value.contains('"') {
            return Err(bad_spec(
                spec,
                &format!("'{value}': a '\"' outside a quoted value"),
            ));
        }
        return Ok(value.to_string());
    };
    let unclosed = || {
        bad_spec(
            spec,
            &format!("'{value}': a quoted value without its closing '\"'"),
        )
    };
    let (mut text, mut chars) = (String::new(), inner.chars());
    while let Some(c) = chars.next() {
        match c {
            '\\' => text.push(chars.next().ok_or_else(unclosed)?),
            '"' if chars.as_str().is_empty() => return Ok(text),
            '"' => {
                return Err(bad_spec(
                    spec,
                    &format!("'{value}': text after a quoted value"),
                ))
            }
            other => text.push(other),
        }
    }
    Err(unclosed())
}

/// `text` as a spec writes it: as it is when the grammar reads it back so, else quoted
/// ([`unquoted`] reads it back). Empty text, whitespace and any of `,()"` are quoted
/// (a `\` or `=` alone is not: `C:\m.safetensors` stays as it is).
///
/// ```text
/// runs/a.safetensors        -> runs/a.safetensors
/// runs/a,b (1)/m.safetensors -> "runs/a,b (1)/m.safetensors"
/// ```
pub(crate) fn quoted(text: &str) -> String {
    let plain = !text.is_empty()
        && !text
            .chars()
            .any(|c| c.is_whitespace() || matches!(c, ',' | '(' | ')' | '"'));
    if plain {
        return text.to_string();
    }
    let mut out = String::from("\"");
    for c in text.chars() {
        if matches!(c, '"' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// `value` read as a number from `low` to `high` (a NaN is in no range), or an error saying
/// `key must be LOW to HIGH`.
pub(crate) fn number<T>(spec: &str, key: &str, value: &str, low: T, high: T) -> Result<T>
where
    T: FromStr + PartialOrd + Display,
{
    let out_of_range = || bad_spec(spec, &format!("{key} must be {low} to {high}"));
    in_range(
        spec,
        key,
        value.parse::<T>().map_err(|_| out_of_range())?,
        low,
        high,
    )
}

/// `value` if it lies from `low` to `high` (a NaN is in no range), or an error saying
/// `key must be LOW to HIGH`: a setting given as a number rather than as text. A value equal to
/// `low` is `low` itself, so `-0` reads as `0` and an agent has one canonical spec.
pub(crate) fn in_range<T>(spec: &str, key: &str, value: T, low: T, high: T) -> Result<T>
where
    T: PartialOrd + Display,
{
    if low == value {
        Ok(low)
    } else if low <= value && value <= high {
        Ok(value)
    } else {
        Err(bad_spec(spec, &format!("{key} must be {low} to {high}")))
    }
}

/// The error for a key the agent does not have.
pub(crate) fn unknown(spec: &str, key: &str) -> crate::error::Error {
    bad_spec(spec, &format!("unknown setting '{key}'"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minus_zero_reads_as_zero() {
        let z: f64 = number("x(z=-0)", "z", "-0", 0.0, 100.0).unwrap();
        assert_eq!(z.to_string(), "0");
        let checked = in_range("x", "z", -0.0f64, 0.0, 1.0).unwrap();
        assert!(checked.is_sign_positive());
        assert!(number::<f64>("x(z=-1)", "z", "-1", 0.0, 100.0).is_err());
    }

    #[test]
    fn pairs_are_trimmed_and_checked() {
        let found = pairs("x( a = 1 ,, b=2 )", " a = 1 ,, b=2 ").unwrap();
        assert_eq!(found, vec![("a", "1"), ("b", "2")]);
        let error = pairs("x(a)", "a").unwrap_err().to_string();
        assert!(error.contains("'a' is not name=value"), "{error}");
        let error = pairs("x(a=1,b=2,a=1)", "a=1,b=2,a=1")
            .unwrap_err()
            .to_string();
        assert!(error.contains("'a' is given twice"), "{error}");
    }

    #[test]
    fn nested_specs_keep_their_commas() {
        let args = "a=1, p=x(m=2,n=3) ,b=(,)";
        let found = pairs("s", args).unwrap();
        assert_eq!(found, vec![("a", "1"), ("p", "x(m=2,n=3)"), ("b", "(,)")]);
    }

    #[test]
    fn quoted_values_keep_the_grammars_characters() {
        let args = r#"model="a,b (1)/x=y.st", p=l(model="c)d"),q="e\"f\\g""#;
        let found = pairs("s", args).unwrap();
        let values: Vec<_> = found.iter().map(|(_, v)| *v).collect();
        assert_eq!(
            values,
            [r#""a,b (1)/x=y.st""#, r#"l(model="c)d")"#, r#""e\"f\\g""#]
        );
        assert_eq!(unquoted("s", values[0]).unwrap(), "a,b (1)/x=y.st");
        assert_eq!(unquoted("s", values[2]).unwrap(), r#"e"f\g"#);
        assert_eq!(unquoted("s", "plain/path").unwrap(), "plain/path");
        for bad in [r#""open"#, r#""a"b""#, r#"a"b"#, r#""ends\""#] {
            assert!(unquoted("s", bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn quoting_reads_back_as_the_text() {
        for text in [
            "a",
            "runs/m.safetensors",
            "a,b (1)",
            " x",
            "",
            "q\"q",
            "b\\s",
            "k=v",
            "t\tab",
            "C:\\m",
        ] {
            let written = quoted(text);
            assert_eq!(unquoted("s", &written).unwrap(), text, "{written}");
            assert_eq!(
                pairs("s", &format!("m={written}")).unwrap(),
                [("m", written.as_str())]
            );
        }
        assert_eq!(quoted("runs/m.safetensors"), "runs/m.safetensors");
        assert_eq!(quoted("a,b"), r#""a,b""#);
        assert_eq!(quoted(r"C:\m=1"), r"C:\m=1");
    }

    #[test]
    fn numbers_are_range_checked() {
        assert_eq!(number("s", "k", "5", 1u32, 9).unwrap(), 5);
        for bad in ["0", "10", "-1", "x", ""] {
            let error = number("s", "k", bad, 1u32, 9).unwrap_err().to_string();
            assert!(error.contains("k must be 1 to 9"), "{error}");
        }
        assert_eq!(number("s", "c", "0.5", 0.0f64, 100.0).unwrap(), 0.5);
        for bad in ["NaN", "inf", "-0.1", "100.5"] {
            assert!(number("s", "c", bad, 0.0f64, 100.0).is_err(), "{bad}");
        }
    }
}
