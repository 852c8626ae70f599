//! The settings of an agent spec, `name(key=value,...)`: the `key=value` pairs and their
//! range-checked values, read the same way by every agent that takes settings.

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

/// `args` cut at the commas outside parentheses.
fn top_level_parts(args: &str) -> Vec<&str> {
    let (mut parts, mut depth, mut start) = (Vec::new(), 0usize, 0);
    for (i, c) in args.char_indices() {
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

/// `value` read as a number from `low` to `high` (a NaN is in no range), or an error saying
/// `key must be LOW to HIGH`.
pub(crate) fn number<T>(spec: &str, key: &str, value: &str, low: T, high: T) -> Result<T>
where
    T: FromStr + PartialOrd + Display,
{
    value
        .parse::<T>()
        .ok()
        .filter(|v| low <= *v && *v <= high)
        .ok_or_else(|| bad_spec(spec, &format!("{key} must be {low} to {high}")))
}

/// The error for a key the agent does not have.
pub(crate) fn unknown(spec: &str, key: &str) -> crate::error::Error {
    bad_spec(spec, &format!("unknown setting '{key}'"))
}

#[cfg(test)]
mod tests {
    use super::*;

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
