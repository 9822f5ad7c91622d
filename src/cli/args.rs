//! Command-line arguments shared by every `mancala-cli` subcommand.

use crate::engine::{Game, Position, Rules, Side, Variant};
use std::collections::HashMap;

/// A failed command: the message goes to stderr and the process exits non-zero.
#[derive(Debug)]
pub struct CliError(pub String);

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl<E: std::error::Error> From<E> for CliError {
    fn from(e: E) -> Self {
        CliError(e.to_string())
    }
}

/// Parsed `--flag value` pairs, `--switch`es and repeated `--rule`s.
#[derive(Debug, Default)]
pub struct Args {
    values: HashMap<String, String>,
    switches: Vec<String>,
    rules: Vec<String>,
}

/// Flags that take no value.
const SWITCHES: &[&str] = &["json", "help"];

impl Args {
    pub fn parse(args: &[String]) -> Result<Args, CliError> {
        let mut parsed = Args::default();
        let mut it = args.iter();
        while let Some(arg) = it.next() {
            let name = arg
                .strip_prefix("--")
                .ok_or_else(|| CliError(format!("unexpected argument '{arg}'")))?;
            let (name, inline) = match name.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (name, None),
            };
            if SWITCHES.contains(&name) {
                parsed.switches.push(name.to_string());
                continue;
            }
            let value = match inline {
                Some(v) => v,
                None => it
                    .next()
                    .cloned()
                    .ok_or_else(|| CliError(format!("--{name} needs a value")))?,
            };
            if name == "rule" {
                parsed.rules.push(value);
            } else {
                parsed.values.insert(name.to_string(), value);
            }
        }
        Ok(parsed)
    }

    pub fn switch(&self, name: &str) -> bool {
        self.switches.iter().any(|s| s == name)
    }

    pub fn value(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str)
    }

    /// A numeric flag, with a clear error when it is not a number.
    pub fn number<T: std::str::FromStr>(&self, name: &str) -> Result<Option<T>, CliError> {
        self.value(name)
            .map(|v| {
                v.parse()
                    .map_err(|_| CliError(format!("--{name} takes a number, not '{v}'")))
            })
            .transpose()
    }

    /// `--variant`, `--seeds`, `--houses` and every `--rule`, checked against the rules
    /// (docs/rules.md) once all are read.
    pub fn rules(&self) -> Result<Rules, CliError> {
        let variant: Variant = self.value("variant").unwrap_or("kalah").parse()?;
        let mut rules = Rules::builder(variant);
        if let Some(seeds) = self.number::<u8>("seeds")? {
            rules = rules.seeds(seeds);
        }
        if let Some(houses) = self.number::<u8>("houses")? {
            rules = rules.houses(houses);
        }
        for rule in &self.rules {
            rules = rules.option(rule)?;
        }
        Ok(rules.build()?)
    }

    /// The game after `--moves` from the start of `--variant` & co. An illegal move is
    /// an error naming its 1-based index and the reason.
    pub fn game(&self) -> Result<Game, CliError> {
        let start = Position::start_with(self.rules()?, Side::South);
        Ok(Game::parse_record(
            start,
            self.value("moves").unwrap_or(""),
        )?)
    }

    pub fn json(&self) -> bool {
        self.switch("json")
    }
}
