//! `mancala-cli engine`: one searcher for a whole game, driven by commands on stdin.
//!
//! `analyze` starts afresh every move; a player (the app, or a peer engine in a match)
//! keeps its transposition table and endgame tables from move to move. This is that
//! player for other programs: one command per line, one JSON line answered per command
//! (docs/cli.md, "engine"):
//!
//! - `moves [RECORD]`: the game is now RECORD from the start (house numbers, as
//!   `--moves`); answers the position as `show --json` does.
//! - `go movetime MS`, `go depth D` or both (whichever ends first): searches the
//!   position; answers as `analyze --json`.
//! - `new`: a new game; the table forgets the last one. Answers `{"ok":true}`.
//! - `quit` (or the end of input): exits.
//!
//! A bad command or an illegal record is answered `{"error":"..."}` and changes nothing.

use super::analyze::{self, SearchArgs};
use super::args::{CliError, GameArgs};
use super::show::position_json;
use super::values;
use crate::engine::{Game, Position, Side};
use serde_json::{json, Value};
use std::io::{BufRead, Write};

#[derive(clap::Args, Debug)]
pub struct EngineArgs {
    #[command(flatten)]
    search: SearchArgs,
    /// The rules; `--moves` is the game before the first `moves` command.
    #[command(flatten)]
    game: GameArgs,
}

/// One line of input.
#[derive(Debug, PartialEq, Eq)]
enum Request {
    Moves(String),
    Go {
        movetime: Option<u64>,
        depth: Option<u32>,
    },
    New,
    Quit,
}

impl Request {
    /// The request a line asks for, or why it is not one.
    fn parse(line: &str) -> Result<Request, String> {
        let mut words = line.split_whitespace();
        match words.next() {
            Some("moves") => Ok(Request::Moves(words.collect::<Vec<_>>().join(" "))),
            Some("go") => Self::go(words),
            Some("new") if words.next().is_none() => Ok(Request::New),
            Some("quit") if words.next().is_none() => Ok(Request::Quit),
            Some(word @ ("new" | "quit")) => Err(format!("'{word}' takes nothing after it")),
            Some(other) => Err(format!(
                "unknown command '{other}' (commands: moves, go, new, quit)"
            )),
            None => Err("an empty line is not a command".into()),
        }
    }

    /// `go` followed by `movetime MS` and/or `depth D`, each at most once.
    fn go<'a>(mut words: impl Iterator<Item = &'a str>) -> Result<Request, String> {
        let (mut movetime, mut depth) = (None, None);
        while let Some(word) = words.next() {
            let value = words
                .next()
                .ok_or_else(|| format!("go: '{word}' needs a value"))?;
            match word {
                "movetime" if movetime.is_none() => movetime = Some(values::movetime_ms(value)?),
                "depth" if depth.is_none() => depth = Some(values::search_depth(value)?),
                "movetime" | "depth" => return Err(format!("go: '{word}' is given twice")),
                _ => return Err(format!("go: unknown limit '{word}' (movetime MS, depth D)")),
            }
        }
        if movetime.is_none() && depth.is_none() {
            return Err("go needs a budget: movetime MS, depth D or both".into());
        }
        Ok(Request::Go { movetime, depth })
    }
}

pub fn run(args: &EngineArgs) -> Result<(), CliError> {
    let mut game = args.game.game()?;
    let start = Position::start_with(game.position().rules(), Side::South);
    let mut searcher = args.search.searcher(&game)?;
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let answer = match Request::parse(&line) {
            Err(why) => error(why),
            Ok(Request::Quit) => break,
            Ok(Request::New) => {
                searcher.forget();
                game = Game::from_start(start);
                json!({ "ok": true })
            }
            Ok(Request::Moves(record)) => match Game::parse_record(start, &record) {
                Ok(next) => {
                    game = next;
                    position_json(game.position())
                }
                Err(e) => error(format!("moves: {e}")),
            },
            Ok(Request::Go { movetime, depth }) => {
                let limits = analyze::limits(movetime, depth);
                match analyze::best_move(&mut searcher, &game, &limits) {
                    Ok(result) => analyze::result_json(&result),
                    Err(e) => error(e.0),
                }
            }
        };
        // The driver waits for each answer: it must not sit in a buffer.
        writeln!(out, "{answer}")?;
        out.flush()?;
    }
    Ok(())
}

fn error(why: String) -> Value {
    json!({ "error": why })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_are_parsed_with_their_limits() {
        assert_eq!(
            Request::parse("moves 3 6  1"),
            Ok(Request::Moves("3 6 1".into()))
        );
        assert_eq!(Request::parse("moves"), Ok(Request::Moves(String::new())));
        assert_eq!(
            Request::parse("go movetime 100"),
            Ok(Request::Go {
                movetime: Some(100),
                depth: None
            })
        );
        assert_eq!(
            Request::parse("go depth 9 movetime 50"),
            Ok(Request::Go {
                movetime: Some(50),
                depth: Some(9)
            })
        );
        assert_eq!(Request::parse(" new "), Ok(Request::New));
        assert_eq!(Request::parse("quit"), Ok(Request::Quit));
    }

    #[test]
    fn bad_requests_say_what_is_wrong() {
        for (line, says) in [
            ("go", "needs a budget"),
            ("go movetime", "needs a value"),
            ("go movetime 0", "movetime must be 1 to"),
            ("go depth 500", "depth must be 1 to"),
            ("go depth 3 depth 4", "given twice"),
            ("go nodes 5", "unknown limit"),
            ("play 3", "unknown command 'play'"),
            ("new game", "takes nothing"),
        ] {
            let why = Request::parse(line).expect_err(line);
            assert!(why.contains(says), "{line}: {why}");
        }
    }
}
