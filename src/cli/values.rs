//! The checked values of `mancala-cli`'s flags: each parser names the allowed range in
//! its error, and clap prefixes the flag (`invalid value '256' for '--seeds <N>': seeds
//! must be 3 to 7`). The ranges are stated once here and shown by `--help`.

use crate::ai::{Eval, Level, Objective};
use crate::engine::{excerpt, Rules, Variant};
use crate::players::Difficulty;
use clap::ValueEnum;
use std::ops::RangeInclusive;
use std::str::FromStr;

/// Transposition-table sizes `--hash` accepts, in MB: beyond 16 GB the allocation itself
/// would fail on the machines this runs on (and abort instead of erroring).
pub const HASH_MB: RangeInclusive<usize> = 1..=16_384;

/// Seeds on the board the Kalah endgame tables of `--tables` can cover: 20 seeds is a
/// 226 MB table; each further seed roughly doubles it.
pub const TABLE_SEEDS: RangeInclusive<u32> = 0..=20;

/// `--movetime`, in ms: at least 1 (0 would return no move), at most an hour.
pub const MOVETIME_MS: RangeInclusive<u64> = 1..=3_600_000;

/// `analyze --depth`: the search's own deepest iteration.
pub const SEARCH_DEPTH: RangeInclusive<u32> = 1..=crate::ai::MAX_DEPTH;

/// `perft --depth`: 0 counts the position itself.
pub const PERFT_DEPTH: RangeInclusive<u32> = 0..=64;

/// `match --games`.
pub const MATCH_GAMES: RangeInclusive<u32> = 1..=100_000;

/// `match --time-scale`: a factor on each level's thinking time.
pub const TIME_SCALE: RangeInclusive<f64> = 0.001..=100.0;

/// `screenshot --size`, per side, in physical pixels.
pub const SCREEN_PIXELS: RangeInclusive<u32> = 200..=8000;

/// `screenshot --scale`: the device pixel ratio, from a desktop monitor (1) to the
/// densest phones (4).
pub const SCREEN_SCALE: RangeInclusive<f32> = 1.0..=4.0;

/// A whole number in `range`, or an error that says so. Only ASCII digits are taken (no
/// sign, no spaces): `+3` is not a count.
fn whole<T>(text: &str, what: &str, range: RangeInclusive<T>, unit: &str) -> Result<T, String>
where
    T: FromStr + PartialOrd + std::fmt::Display + Copy,
{
    let unit = if unit.is_empty() {
        String::new()
    } else {
        format!(" {unit}")
    };
    let message = || format!("{what} must be {} to {}{unit}", range.start(), range.end());
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{} (a whole number)", message()));
    }
    match text.parse::<T>() {
        Ok(n) if range.contains(&n) => Ok(n),
        _ => Err(message()),
    }
}

pub fn seeds(text: &str) -> Result<u8, String> {
    whole(text, "seeds", Rules::SEEDS, "per house")
}

pub fn houses(text: &str) -> Result<u8, String> {
    let counts = Variant::ALL
        .iter()
        .flat_map(|v| v.house_counts().iter().copied());
    let (low, high) = counts.fold((u8::MAX, 0), |(lo, hi), h| (lo.min(h), hi.max(h)));
    whole(text, "houses", low..=high, "per row")
}

pub fn hash_mb(text: &str) -> Result<usize, String> {
    whole(text, "hash", HASH_MB, "MB")
}

pub fn table_seeds(text: &str) -> Result<u32, String> {
    whole(text, "tables", TABLE_SEEDS, "seeds (0: no tables)")
}

/// `--database`: seeds of Oware's database keyed by the board (0: none).
pub const DATABASE_SEEDS: RangeInclusive<u32> = 0..=crate::ai::MAX_DATABASE_SEEDS;

pub fn database_seeds(text: &str) -> Result<u32, String> {
    whole(text, "database", DATABASE_SEEDS, "seeds (0: no database)")
}

pub fn movetime_ms(text: &str) -> Result<u64, String> {
    whole(text, "movetime", MOVETIME_MS, "ms")
}

/// `tune --random-plies`: plies played at random at the start of each self-play game.
pub const RANDOM_PLIES: RangeInclusive<u32> = 1..=120;

pub fn random_plies(text: &str) -> Result<u32, String> {
    whole(text, "random plies", RANDOM_PLIES, "")
}

pub fn search_depth(text: &str) -> Result<u32, String> {
    whole(text, "depth", SEARCH_DEPTH, "plies")
}

pub fn perft_depth(text: &str) -> Result<u32, String> {
    whole(text, "depth", PERFT_DEPTH, "plies")
}

pub fn nodes(text: &str) -> Result<u64, String> {
    whole(text, "nodes", 1..=u64::MAX, "")
}

pub fn match_games(text: &str) -> Result<u32, String> {
    whole(text, "games", MATCH_GAMES, "")
}

pub fn screenshot_wait(text: &str) -> Result<u64, String> {
    whole(text, "wait", 0..=60_000, "ms")
}

pub fn screenshot_level(text: &str) -> Result<u8, String> {
    whole(text, "level", 0..=5, "(0: two people)")
}

/// Two computer levels, bottom row first: `5,3`.
pub fn watch_levels(text: &str) -> Result<[Difficulty; 2], String> {
    let level = |part: &str| {
        let number = whole(part.trim(), "a watched computer's level", 1..=5, "")?;
        Difficulty::from_number(number).ok_or_else(|| format!("no level {number}"))
    };
    match text.split_once(',') {
        Some((south, north)) => Ok([level(south)?, level(north)?]),
        None => Err("watch takes two levels, the bottom computer's first: 5,3".into()),
    }
}

/// A finite factor in [`TIME_SCALE`] (`-1`, `nan` and `inf` are refused).
pub fn time_scale(text: &str) -> Result<f64, String> {
    let message = || {
        format!(
            "time-scale must be a number from {} to {}",
            TIME_SCALE.start(),
            TIME_SCALE.end()
        )
    };
    match text.parse::<f64>() {
        Ok(f) if f.is_finite() && TIME_SCALE.contains(&f) => Ok(f),
        _ => Err(message()),
    }
}

/// A finite device pixel ratio in [`SCREEN_SCALE`].
pub fn screen_scale(text: &str) -> Result<f32, String> {
    match text.parse::<f32>() {
        Ok(f) if f.is_finite() && SCREEN_SCALE.contains(&f) => Ok(f),
        _ => Err(format!(
            "scale must be a number from {} to {} (the device pixel ratio, e.g. 2)",
            SCREEN_SCALE.start(),
            SCREEN_SCALE.end()
        )),
    }
}

/// `A,B`: two level names.
pub fn level_pair(text: &str) -> Result<(Level, Level), String> {
    let (a, b) = text.split_once(',').ok_or_else(|| {
        format!(
            "levels takes two levels, A,B (e.g. strong,expert), not '{}'",
            excerpt(text)
        )
    })?;
    Ok((a.trim().parse()?, b.trim().parse()?))
}

/// Two evaluations, A,B, each `tuned`, `hand` or weights (colon-separated integers).
pub fn eval_pair(text: &str) -> Result<(Eval, Eval), String> {
    let (a, b) = text.split_once(',').ok_or_else(|| {
        format!(
            "evals takes two evaluations, A,B (e.g. tuned,hand), not '{}'",
            excerpt(text)
        )
    })?;
    Ok((a.trim().parse()?, b.trim().parse()?))
}

/// Two objectives, A,B, each margin or win (`match --objectives`).
pub fn objective_pair(text: &str) -> Result<(Objective, Objective), String> {
    let (a, b) = text.split_once(',').ok_or_else(|| {
        format!(
            "objectives takes two objectives, A,B (e.g. win,margin), not '{}'",
            excerpt(text)
        )
    })?;
    Ok((a.trim().parse()?, b.trim().parse()?))
}

/// Two switches, A,B, each on or off (`match --tables`).
pub fn switch_pair(text: &str) -> Result<(bool, bool), String> {
    let switch = |word: &str| match word.trim() {
        "on" => Ok(true),
        "off" => Ok(false),
        other => Err(format!("expected on or off, not '{}'", excerpt(other))),
    };
    let (a, b) = text.split_once(',').ok_or_else(|| {
        format!(
            "takes two switches, A,B (e.g. on,off), not '{}'",
            excerpt(text)
        )
    })?;
    Ok((switch(a)?, switch(b)?))
}

pub fn tune_games(text: &str) -> Result<u32, String> {
    whole(text, "games", 1..=1_000_000, "")
}

pub fn tune_depth(text: &str) -> Result<u32, String> {
    whole(text, "depth", 1..=20, "plies")
}

pub fn random_rate(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|r| (0.0..=1.0).contains(r))
        .ok_or_else(|| {
            format!(
                "the random rate is a chance from 0 to 1, not '{}'",
                excerpt(text)
            )
        })
}

/// `WIDTHxHEIGHT` in physical pixels, each side in [`SCREEN_PIXELS`].
pub fn screen_size(text: &str) -> Result<(u32, u32), String> {
    let bad = || {
        format!(
            "size must be WIDTHxHEIGHT, each {} to {} pixels (e.g. 1080x2400)",
            SCREEN_PIXELS.start(),
            SCREEN_PIXELS.end()
        )
    };
    let (w, h) = text.split_once('x').ok_or_else(bad)?;
    let side = |s: &str| whole(s, "size", SCREEN_PIXELS, "pixels").map_err(|_| bad());
    Ok((side(w)?, side(h)?))
}

/// `--variant`; `abapa` is another name of Oware.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum VariantName {
    Kalah,
    #[value(alias = "abapa")]
    Oware,
    Congkak,
}

impl From<VariantName> for Variant {
    fn from(name: VariantName) -> Variant {
        match name {
            VariantName::Kalah => Variant::Kalah,
            VariantName::Oware => Variant::Oware,
            VariantName::Congkak => Variant::Congkak,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Weights;

    #[test]
    fn watch_takes_two_levels_bottom_first() {
        assert_eq!(
            watch_levels("5,3"),
            Ok([Difficulty::Expert, Difficulty::Intermediate])
        );
        assert_eq!(
            watch_levels(" 1 , 2 ").map(|[s, _]| s),
            Ok(Difficulty::Beginner)
        );
        for bad in ["5", "0,3", "5,6", "5,3,1", "a,b", ""] {
            assert!(watch_levels(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn numbers_outside_their_range_name_the_range() {
        assert_eq!(seeds("4"), Ok(4));
        assert_eq!(seeds("256").unwrap_err(), "seeds must be 3 to 7 per house");
        assert!(seeds("+3").is_err());
        assert!(seeds(" 3").is_err());
        assert_eq!(houses("7"), Ok(7));
        assert_eq!(houses("5").unwrap_err(), "houses must be 6 to 7 per row");
        assert!(hash_mb("99999999999").is_err());
        assert!(hash_mb("0").is_err());
        assert!(table_seeds("40").is_err());
        assert_eq!(table_seeds("0"), Ok(0));
        assert!(movetime_ms("0").is_err());
        assert!(search_depth("0").is_err());
        assert_eq!(perft_depth("0"), Ok(0));
    }

    #[test]
    fn time_scales_must_be_finite_and_positive() {
        assert_eq!(time_scale("0.5"), Ok(0.5));
        for bad in ["-1", "0", "nan", "inf", "-inf", "1e9", "x"] {
            assert!(time_scale(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn pairs_of_levels_and_sizes_parse() {
        assert_eq!(
            level_pair("strong,expert"),
            Ok((Level::Strong, Level::Expert))
        );
        assert!(level_pair("strong").is_err());
        assert!(level_pair("strong,grandmaster").is_err());
        assert_eq!(eval_pair("tuned,hand"), Ok((Eval::Tuned, Eval::Hand)));
        assert_eq!(
            eval_pair("hand,0:0:0:0:-32:0:0:0"),
            Ok((
                Eval::Hand,
                Eval::Custom(Weights([0, 0, 0, 0, -32, 0, 0, 0]))
            ))
        );
        assert!(eval_pair("tuned").is_err());
        assert!(eval_pair("tuned,1:2").is_err());
        assert!(random_rate("1.5").is_err());
        assert!(tune_depth("21").is_err());
        assert_eq!(screen_size("1080x2400"), Ok((1080, 2400)));
        assert_eq!(screen_scale("2"), Ok(2.0));
        assert_eq!(screen_scale("1.5"), Ok(1.5));
        for bad in ["0.5", "4.5", "nan", "inf", "-2", "", "x"] {
            assert!(screen_scale(bad).is_err(), "{bad}");
        }
        for bad in ["1080", "10x10", "axb", "1080x+2400"] {
            assert!(screen_size(bad).is_err(), "{bad}");
        }
    }
}
