//! `mancala-cli perft --depth D`: counts move sequences and times move making.

use super::args::{CliError, GameArgs};
use super::out;
use super::values;
use crate::engine::perft;
use serde_json::json;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// Plies to count, 0 to 64 (0: the position itself).
    #[arg(long, value_name = "D", value_parser = values::perft_depth)]
    depth: u32,
    /// Print one JSON object: {"depth":D,"leaves":N,"seconds":t}.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    game: GameArgs,
}

pub fn run(args: &PerftArgs) -> Result<(), CliError> {
    let depth = args.depth;
    let game = args.game.game()?;
    let started = Instant::now();
    let leaves = perft(game.position(), depth);
    let seconds = started.elapsed().as_secs_f64();
    if args.json {
        out::line(json!({"depth": depth, "leaves": leaves, "seconds": seconds}))
    } else {
        out::line(format_args!(
            "perft {depth}: {leaves} leaves in {seconds:.3} s ({:.1} million/s)",
            leaves as f64 / seconds.max(1e-9) / 1e6
        ))
    }
}
