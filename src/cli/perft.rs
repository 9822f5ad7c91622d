//! `mancala-cli perft --depth D`: counts move sequences and times move making.

use super::args::{Args, CliError};
use crate::engine::perft;
use serde_json::json;
use std::time::Instant;

pub fn run(args: &Args) -> Result<(), CliError> {
    let depth: u32 = args
        .number("depth")?
        .ok_or_else(|| CliError("perft needs --depth D".into()))?;
    let game = args.game()?;
    let started = Instant::now();
    let leaves = perft(game.position(), depth);
    let seconds = started.elapsed().as_secs_f64();
    if args.json() {
        println!(
            "{}",
            json!({"depth": depth, "leaves": leaves, "seconds": seconds})
        );
    } else {
        println!(
            "perft {depth}: {leaves} leaves in {seconds:.3} s ({:.1} million/s)",
            leaves as f64 / seconds.max(1e-9) / 1e6
        );
    }
    Ok(())
}
