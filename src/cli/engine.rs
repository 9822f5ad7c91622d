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
//! - `stop`: ends the search under way at once; its answer (the best move so far, as
//!   UCI engines give) is the `go`'s. With no search under way it is ignored, so `stop`
//!   never has an answer of its own.
//! - `new`: a new game; the table forgets the last one. Answers `{"ok":true}`.
//! - `quit`, or the end of input: exits at once, ending a search under way unanswered.
//!
//! Any other line, one that is not UTF-8 text or one longer than [`MAX_LINE_BYTES`],
//! and an illegal record are answered `{"error":"..."}` and change nothing; blank lines
//! are ignored.
//!
//! The search runs on a thread of its own while this one reads the commands (a thread
//! of their own reads stdin), so that `stop`, `quit` and the end of input are seen
//! during a search. Commands that come during a search wait their turn and are
//! answered after it, in order.

use super::analyze::{self, SearchArgs};
use super::args::{CliError, GameArgs};
use super::out;
use super::show::position_json;
use super::values;
use crate::ai::{SearchResult, Searcher};
use crate::engine::{excerpt, Game, Position, Side};
use serde_json::{json, Value};
use std::collections::VecDeque;
use std::io::{self, BufRead};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};

/// The longest line taken as a command, in bytes: far longer than any game record. The
/// rest of a longer line is read and thrown away (never kept), and the line is answered
/// with an error.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

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
    Stop,
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
            Some("stop") if words.next().is_none() => Ok(Request::Stop),
            Some("new") if words.next().is_none() => Ok(Request::New),
            Some("quit") if words.next().is_none() => Ok(Request::Quit),
            Some(word @ ("stop" | "new" | "quit")) => {
                Err(format!("'{word}' takes nothing after it"))
            }
            Some(other) => Err(format!(
                "unknown command '{}' (commands: moves, go, stop, new, quit)",
                excerpt(other)
            )),
            None => Err("an empty line is not a command".into()),
        }
    }

    /// `go` followed by `movetime MS` and/or `depth D`, each at most once.
    fn go<'a>(mut words: impl Iterator<Item = &'a str>) -> Result<Request, String> {
        let (mut movetime, mut depth) = (None, None);
        while let Some(word) = words.next() {
            let shown = excerpt(word);
            let value = words
                .next()
                .ok_or_else(|| format!("go: '{shown}' needs a value"))?;
            match word {
                "movetime" if movetime.is_none() => movetime = Some(values::movetime_ms(value)?),
                "depth" if depth.is_none() => depth = Some(values::search_depth(value)?),
                "movetime" | "depth" => return Err(format!("go: '{word}' is given twice")),
                _ => {
                    return Err(format!(
                        "go: unknown limit '{shown}' (movetime MS, depth D)"
                    ))
                }
            }
        }
        if movetime.is_none() && depth.is_none() {
            return Err("go needs a budget: movetime MS, depth D or both".into());
        }
        Ok(Request::Go { movetime, depth })
    }
}

/// A line of input as the reader thread hands it on.
#[derive(Debug, PartialEq, Eq)]
enum Input {
    /// A line of text, without its line break.
    Line(String),
    /// A line that cannot be a command (not UTF-8, too long): answered with why.
    Bad(String),
    /// The end of input, or a read error: the session is over.
    End,
}

/// What the main thread waits for: a line, or the end of the search under way.
enum Event {
    Input(Input),
    Searched(Result<SearchResult, CliError>),
}

pub fn run(args: &EngineArgs) -> Result<(), CliError> {
    let mut game = args.game.game()?;
    let start = Position::start_with(game.position().rules(), Side::South);
    let mut searcher = args.search.searcher(&game)?;
    let (events, inbox) = mpsc::channel();
    read_stdin(events.clone())?;
    // Lines read during a search, to be handled after it.
    let mut waiting: VecDeque<Input> = VecDeque::new();
    loop {
        let input = match waiting.pop_front() {
            Some(input) => input,
            None => match inbox.recv() {
                Ok(Event::Input(input)) => input,
                // No search is under way; and `events` is held here, so the channel
                // cannot close.
                Ok(Event::Searched(_)) | Err(_) => Input::End,
            },
        };
        let line = match input {
            Input::End => return Ok(()),
            Input::Bad(why) => {
                answer(&error(why))?;
                continue;
            }
            Input::Line(line) if line.trim().is_empty() => continue,
            Input::Line(line) => line,
        };
        let reply = match Request::parse(&line) {
            Err(why) => error(why),
            Ok(Request::Quit) => return Ok(()),
            // Nothing under way to stop.
            Ok(Request::Stop) => continue,
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
                let search = Search {
                    searcher: &mut searcher,
                    game: &game,
                    movetime,
                    depth,
                };
                match search.run(&inbox, &events, &mut waiting) {
                    None => return Ok(()),
                    Some(Ok(result)) => analyze::result_json(&result),
                    Some(Err(e)) => error(e.0),
                }
            }
        };
        answer(&reply)?;
    }
}

/// One `go`: the search, on a thread of its own.
struct Search<'a> {
    searcher: &'a mut Searcher,
    game: &'a Game,
    movetime: Option<u64>,
    depth: Option<u32>,
}

impl Search<'_> {
    /// Runs the search while reading the input: `stop` ends it at once (it still
    /// answers its best move so far), `quit` and the end of input end it and the
    /// session (`None`: no answer), other lines wait in `waiting`.
    fn run(
        self,
        inbox: &Receiver<Event>,
        events: &Sender<Event>,
        waiting: &mut VecDeque<Input>,
    ) -> Option<Result<SearchResult, CliError>> {
        let cancel = AtomicBool::new(false);
        let limits = analyze::limits(self.movetime, self.depth).with_cancel(&cancel);
        let mut ending = false;
        std::thread::scope(|scope| {
            let done = events.clone();
            let (searcher, game, limits) = (self.searcher, self.game, &limits);
            scope.spawn(move || {
                let found = analyze::best_move(searcher, game, limits);
                let _ = done.send(Event::Searched(found));
            });
            loop {
                let input = match inbox.recv() {
                    Ok(Event::Searched(found)) => return (!ending).then_some(found),
                    Ok(Event::Input(input)) => input,
                    // Cannot happen (`events` is held); end the search as for the end of input.
                    Err(_) => Input::End,
                };
                let request = match &input {
                    Input::Line(line) => Request::parse(line).ok(),
                    _ => None,
                };
                match (input, request) {
                    (_, Some(Request::Stop)) => cancel.store(true, Ordering::Relaxed),
                    (Input::End, _) | (_, Some(Request::Quit)) => {
                        ending = true;
                        cancel.store(true, Ordering::Relaxed);
                    }
                    (input, _) => waiting.push_back(input),
                }
            }
        })
    }
}

/// Starts the thread that reads stdin line by line and sends each line on, then
/// [`Input::End`] at the end of input.
fn read_stdin(events: Sender<Event>) -> Result<(), CliError> {
    std::thread::Builder::new()
        .name("engine-stdin".into())
        .spawn(move || {
            let mut stdin = io::stdin().lock();
            loop {
                let input = read_line(&mut stdin, MAX_LINE_BYTES);
                let end = input == Input::End;
                if events.send(Event::Input(input)).is_err() || end {
                    break;
                }
            }
        })
        .map(drop)
        .map_err(|e| CliError(format!("cannot start reading the input: {e}")))
}

/// The next line of `input`, of at most `max` bytes: the bytes past `max` are read and
/// dropped, never kept, so a line without end cannot fill the memory.
fn read_line(input: &mut impl BufRead, max: usize) -> Input {
    let mut line = Vec::new();
    let mut too_long = false;
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => return Input::End,
        };
        if buffer.is_empty() {
            // The end of input: a last line without a line break still counts.
            if line.is_empty() && !too_long {
                return Input::End;
            }
            break;
        }
        let newline = buffer.iter().position(|&b| b == b'\n');
        let part = &buffer[..newline.unwrap_or(buffer.len())];
        if too_long || line.len() + part.len() > max {
            too_long = true;
            line.clear();
        } else {
            line.extend_from_slice(part);
        }
        let used = newline.map_or(buffer.len(), |at| at + 1);
        input.consume(used);
        if newline.is_some() {
            break;
        }
    }
    if too_long {
        return Input::Bad(format!(
            "the line is too long: a command is at most {max} bytes"
        ));
    }
    match String::from_utf8(line) {
        Ok(text) => Input::Line(text),
        Err(e) => Input::Bad(format!(
            "the line is not UTF-8 text (byte {} is not)",
            e.utf8_error().valid_up_to() + 1
        )),
    }
}

/// Prints one answer line, flushed: the driver waits for it.
fn answer(reply: &Value) -> Result<(), CliError> {
    out::line(reply)
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
        assert_eq!(Request::parse("stop"), Ok(Request::Stop));
    }

    #[test]
    fn lines_are_read_whole_bounded_and_checked_as_text() {
        let mut input = std::io::Cursor::new(
            b"moves 3\r\nmo\xffves\n\n"
                .iter()
                .chain(&[b'x'; 100])
                .chain(b"\nlast")
                .copied()
                .collect::<Vec<u8>>(),
        );
        assert_eq!(read_line(&mut input, 50), Input::Line("moves 3\r".into()));
        assert!(matches!(read_line(&mut input, 50), Input::Bad(why) if why.contains("UTF-8")));
        assert_eq!(read_line(&mut input, 50), Input::Line(String::new()));
        assert!(matches!(read_line(&mut input, 50), Input::Bad(why) if why.contains("too long")));
        assert_eq!(read_line(&mut input, 50), Input::Line("last".into()));
        assert_eq!(read_line(&mut input, 50), Input::End);
        // A line of exactly the limit is a line.
        let mut input = std::io::Cursor::new(b"1234\n12345".to_vec());
        assert_eq!(read_line(&mut input, 4), Input::Line("1234".into()));
        assert!(matches!(read_line(&mut input, 4), Input::Bad(_)));
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
            ("stop now", "takes nothing"),
        ] {
            let why = Request::parse(line).expect_err(line);
            assert!(why.contains(says), "{line}: {why}");
        }
    }
}
