//! The flags every `mancala-cli` subcommand takes: the rules and the game record.

use super::values::{self, VariantName};
use crate::ai::{EndgameTable, OwareDatabase, Searcher};
use crate::engine::{excerpt, Game, Position, RecordError, Rules, RulesError, Side, Variant};
use crate::store::TableCache;
use clap::Args;
use std::path::Path;

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

/// `--variant`, `--seeds`, `--houses`, `--rule` and `--moves`: the game a command works on.
#[derive(Args, Debug, Clone)]
#[command(next_help_heading = "Game")]
pub struct GameArgs {
    /// The game.
    #[arg(long, value_enum, default_value_t = VariantName::Kalah)]
    pub variant: VariantName,
    /// Seeds per house at the start, 3 to 7.
    #[arg(long, value_name = "N", value_parser = values::seeds, default_value_t = 4)]
    pub seeds: u8,
    /// Houses per row, 6 or 7 (Congkak only; Kalah and Oware have 6).
    #[arg(long, value_name = "H", value_parser = values::houses, default_value_t = 6)]
    pub houses: u8,
    /// A rule option, repeatable (each rule once): empty-capture=on|off (Kalah,
    /// Congkak), grand-slam=no-capture|forbidden|capture-all (Oware).
    #[arg(long = "rule", value_name = "NAME=VALUE")]
    pub rules: Vec<String>,
    /// The game record from the start, space-separated house numbers (e.g. "3 6 1").
    #[arg(long, value_name = "RECORD")]
    pub moves: Option<String>,
}

impl GameArgs {
    /// The rules the flags ask for, checked as a whole (`--houses 7` is Congkak's alone,
    /// `--rule grand-slam=…` Oware's, and a rule given twice is refused: which one
    /// applies would be a guess).
    pub fn rules(&self) -> Result<Rules, CliError> {
        let variant: Variant = self.variant.into();
        let mut rules = Rules::builder(variant)
            .seeds(self.seeds)
            .houses(self.houses);
        let mut given: Vec<&str> = Vec::new();
        for rule in &self.rules {
            rules = rules.option(rule).map_err(flag_error)?;
            let name = rule.split_once('=').map_or(rule.as_str(), |(name, _)| name);
            if !variant.options().iter().any(|option| option.name() == name) {
                let own: Vec<&str> = variant.options().iter().map(|o| o.name()).collect();
                return Err(CliError(format!(
                    "--rule: {variant} has no rule '{}' (its rules: {}; seeds and houses have flags of their own)",
                    excerpt(name),
                    own.join(", ")
                )));
            }
            if given.contains(&name) {
                let values: Vec<String> = self
                    .rules
                    .iter()
                    .filter(|r| r.split_once('=').is_some_and(|(n, _)| n == name))
                    .map(|r| format!("'{}'", excerpt(r)))
                    .collect();
                return Err(CliError(format!(
                    "--rule: {name} is given twice ({}): give each rule once",
                    values.join(", ")
                )));
            }
            given.push(name);
        }
        rules.build().map_err(flag_error)
    }

    /// The game after `--moves` from the start. An illegal move is an error naming its
    /// 1-based index and the reason.
    pub fn game(&self) -> Result<Game, CliError> {
        let start = Position::start_with(self.rules()?, Side::South);
        let record = self.moves.as_deref().unwrap_or("");
        Game::parse_record(start, record)
            .map_err(|e: RecordError| CliError(format!("--moves: {e}")))
    }
}

/// Names the flag a rules error came from, as clap does for the values it checks.
fn flag_error(error: RulesError) -> CliError {
    let flag = match error {
        RulesError::SeedsOutOfRange { .. } => "--seeds",
        RulesError::HousesNotAllowed { .. } => "--houses",
        RulesError::UnknownVariant(_) => "--variant",
        _ => "--rule",
    };
    CliError(format!("{flag}: {error}"))
}

/// A searcher with a transposition table of `megabytes` MB (`--hash`), or an error
/// saying how much memory could not be had (a memory limit, a machine without it)
/// rather than an abort.
pub fn searcher(megabytes: usize) -> Result<Searcher, CliError> {
    Searcher::try_new(megabytes).map_err(|e| {
        CliError(format!(
            "--hash: {e}: out of memory or over a memory limit; a smaller --hash may fit"
        ))
    })
}

/// The endgame table of boards of up to `seeds` seeds under `rules`: read from (or
/// built and kept in) the folder `cache` when one is given, else built.
pub fn endgame_table(rules: Rules, seeds: u32, cache: Option<&Path>) -> EndgameTable {
    match cache {
        Some(dir) => TableCache::new(dir).load_or_build(rules, seeds),
        None => EndgameTable::build(rules, seeds),
    }
}

/// Oware's database of boards of up to `seeds` seeds under `rules`: read from (or
/// built and kept in) the folder `cache` when one is given, else built.
pub fn database(rules: Rules, seeds: u32, cache: Option<&Path>) -> OwareDatabase {
    match cache {
        Some(dir) => TableCache::new(dir).load_or_build(rules, seeds),
        None => OwareDatabase::build(rules, seeds),
    }
}

/// The database `--database` asks for: none for 0 or without the flag, and an error
/// for a game other than Oware on six houses rather than a flag silently ignored.
pub fn database_seeds(asked: Option<u32>, rules: Rules) -> Result<Option<u32>, CliError> {
    match asked {
        None | Some(0) => Ok(None),
        Some(_) if rules.variant() != Variant::Oware || rules.houses() != 6 => {
            Err(CliError(format!(
                "--database: the database is Oware's (six houses), not {}'s",
                rules.variant()
            )))
        }
        Some(seeds) => Ok(Some(seeds)),
    }
}

/// The largest Oware table `--tables` builds: 12 seeds, 33 million positions in 98 MB
/// (Oware's entries hold two bounds and an estimate for every distance of the mover's
/// store from half).
pub const MAX_OWARE_TABLE_SEEDS: u32 = 12;

/// The endgame tables `--tables` asks for under `rules`: `default` when the flag is
/// absent. Tables exist for Kalah and Oware on six houses, so asking for them elsewhere
/// is an error rather than a flag silently ignored; so is a `--table-cache` (`cache`)
/// when no tables are used, which would keep nothing.
pub fn table_seeds(
    asked: Option<u32>,
    default: Option<u32>,
    rules: Rules,
    cache: Option<&Path>,
) -> Result<Option<u32>, CliError> {
    let seeds = asked_table_seeds(asked, default, rules)?;
    if seeds.is_none() && cache.is_some() {
        let why = match asked {
            Some(_) => "--tables 0 asks for none".to_string(),
            None if default.is_some() && !EndgameTable::covers(rules) => format!(
                "there are none for {} (Kalah and Oware on six houses have them; see --tables)",
                rules.variant()
            ),
            None => "this command uses none unless --tables N asks for them".to_string(),
        };
        return Err(CliError(format!(
            "--table-cache: no endgame tables to keep: {why}"
        )));
    }
    Ok(seeds)
}

fn asked_table_seeds(
    asked: Option<u32>,
    default: Option<u32>,
    rules: Rules,
) -> Result<Option<u32>, CliError> {
    let covered = EndgameTable::covers(rules);
    match asked {
        Some(seeds) if seeds > 0 && !covered => Err(CliError(format!(
            "--tables: endgame tables exist for Kalah and Oware on six houses, not for {}",
            rules.variant()
        ))),
        Some(seeds) if rules.variant() == Variant::Oware && seeds > MAX_OWARE_TABLE_SEEDS => {
            Err(CliError(format!(
                "--tables: Oware tables go up to {MAX_OWARE_TABLE_SEEDS} seeds, not {seeds}"
            )))
        }
        Some(0) => Ok(None),
        Some(seeds) => Ok(Some(seeds)),
        None => Ok(default.filter(|_| covered)),
    }
}
