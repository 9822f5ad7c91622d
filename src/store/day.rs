//! A calendar day, as a finished game keeps it: written `YYYY-MM-DD` (ISO 8601), which
//! every language can read and which sorts as text.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::time::{SystemTime, UNIX_EPOCH};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day {
    year: u16,
    month: u8,
    day: u8,
}

impl Day {
    /// The day, if it is one of the calendar (years 1970 to 9999).
    pub fn new(year: u16, month: u8, day: u8) -> Option<Day> {
        let leap =
            year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400));
        let days = match month {
            2 if leap => 29,
            2 => 28,
            4 | 6 | 9 | 11 => 30,
            1..=12 => 31,
            _ => return None,
        };
        ((1970..=9999).contains(&year) && (1..=days).contains(&day)).then_some(Day {
            year,
            month,
            day,
        })
    }

    /// Today on the device's clock, in its time zone where the platform tells it (a
    /// game finished late in the evening belongs to that evening's day, not UTC's).
    pub fn today() -> Option<Day> {
        let seconds = SystemTime::now().duration_since(UNIX_EPOCH).ok()?.as_secs();
        local_day(seconds).or_else(|| utc_day(seconds))
    }

    /// Days since 1970-01-01 (day 0): consecutive days have consecutive numbers, across
    /// months, years and leap days.
    pub fn number(self) -> u32 {
        // Howard Hinnant's days-from-civil, with the year starting in March so that the
        // leap day is the last day of its year.
        let (month, year) = (u32::from(self.month), u32::from(self.year));
        let year = if month <= 2 { year - 1 } else { year };
        let era = year / 400;
        let year_of_era = year - era * 400;
        let month_from_march = (month + 9) % 12;
        let day_of_year = (153 * month_from_march + 2) / 5 + u32::from(self.day) - 1;
        let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
        era * 146_097 + day_of_era - 719_468
    }

    /// The day numbered `number` by [`Day::number`].
    pub fn from_number(number: u32) -> Option<Day> {
        utc_day(u64::from(number) * 86_400)
    }

    /// `text` read as `YYYY-MM-DD`.
    pub fn parse(text: &str) -> Option<Day> {
        let mut parts = text.split('-');
        let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
        if parts.next().is_some() || y.len() != 4 || m.len() != 2 || d.len() != 2 {
            return None;
        }
        Day::new(y.parse().ok()?, m.parse().ok()?, d.parse().ok()?)
    }
}

impl fmt::Display for Day {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl Serialize for Day {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// An optional day that never refuses a file: a date that is missing, not a string or
/// not a day of the calendar reads as `None` (the game then shows no date).
pub fn lenient<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Day>, D::Error> {
    let value = serde_json::Value::deserialize(deserializer)?;
    Ok(value.as_str().and_then(Day::parse))
}

/// The UTC day of `seconds` after 1970 (Howard Hinnant's `civil_from_days`).
fn utc_day(seconds: u64) -> Option<Day> {
    let days = i64::try_from(seconds / 86_400).ok()? + 719_468;
    let era = days.div_euclid(146_097);
    let of_era = days.rem_euclid(146_097);
    let year_of_era = (of_era - of_era / 1460 + of_era / 36_524 - of_era / 146_096) / 365;
    let of_year = of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * of_year + 2) / 153;
    let day = of_year - (153 * shifted_month + 2) / 5 + 1;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    Day::new(
        u16::try_from(year).ok()?,
        u8::try_from(month).ok()?,
        u8::try_from(day).ok()?,
    )
}

#[cfg(unix)]
fn local_day(seconds: u64) -> Option<Day> {
    let time = libc::time_t::try_from(seconds).ok()?;
    // SAFETY: `tm` is plain data that may be all zeros; localtime_r reads `time` and
    // writes only `tm`, and is safe to call from any thread.
    let mut tm: libc::tm = unsafe { std::mem::zeroed() };
    if unsafe { libc::localtime_r(&time, &mut tm) }.is_null() {
        return None;
    }
    Day::new(
        u16::try_from(tm.tm_year + 1900).ok()?,
        u8::try_from(tm.tm_mon + 1).ok()?,
        u8::try_from(tm.tm_mday).ok()?,
    )
}

#[cfg(not(unix))]
fn local_day(_seconds: u64) -> Option<Day> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn day_numbers_count_from_1970_and_follow_one_another() {
        assert_eq!(Day::new(1970, 1, 1).unwrap().number(), 0);
        assert_eq!(Day::new(2000, 3, 1).unwrap().number(), 11_017);
        assert_eq!(Day::new(2026, 12, 7).unwrap().number(), 20_794);
        assert_eq!(Day::from_number(20_794), Day::new(2026, 12, 7));
        // Every day of a span with leap years (and 2100, which is not one) is one more
        // than the day before it.
        let mut previous = Day::new(2023, 12, 31).unwrap().number();
        for year in [2024, 2025, 2100] {
            for month in 1..=12 {
                for day in 1..=31 {
                    if let Some(d) = Day::new(year, month, day) {
                        if year != 2100 || month != 1 || day != 1 {
                            assert_eq!(d.number(), previous + 1, "{d}");
                        }
                        previous = d.number();
                    }
                }
            }
        }
    }

    #[test]
    fn days_are_written_and_read_in_iso_form_and_nonsense_is_none() {
        let day = Day::new(2026, 2, 28).unwrap();
        assert_eq!(day.to_string(), "2026-02-28");
        assert_eq!(Day::parse("2026-02-28"), Some(day));
        assert_eq!(Day::parse("2024-02-29").unwrap().to_string(), "2024-02-29");
        for bad in [
            "2026-02-29",
            "2026-13-01",
            "26-02-01",
            "2026-2-1",
            "",
            "x",
            "2026-01-01-01",
        ] {
            assert_eq!(Day::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn utc_days_follow_the_calendar() {
        assert_eq!(utc_day(0), Day::new(1970, 1, 1));
        // 2000-02-29 12:00 UTC and 2026-12-31 23:59:59 UTC.
        assert_eq!(utc_day(951_825_600), Day::new(2000, 2, 29));
        assert_eq!(utc_day(1_798_761_599), Day::new(2026, 12, 31));
        assert!(Day::today().is_some());
    }
}
