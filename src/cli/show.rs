//! `mancala-cli show`: the position after `--moves`.

use super::args::{Args, CliError};
use crate::engine::{Position, Side};
use serde_json::json;

pub fn run(args: &Args) -> Result<(), CliError> {
    let game = args.game()?;
    let pos = game.position();
    if args.json() {
        println!("{}", position_json(pos));
    } else {
        println!("{} ({} seeds)", pos.variant(), pos.rules().seeds);
        println!("{pos}");
        if !pos.is_over() {
            let legal: Vec<String> = pos.legal_moves().map(|m| m.to_string()).collect();
            println!("legal moves: {}", legal.join(" "));
        }
    }
    Ok(())
}

/// The JSON object of DESIGN.md's `show` contract.
pub fn position_json(pos: &Position) -> serde_json::Value {
    json!({
        "variant": pos.variant().name(),
        "seeds": pos.rules().seeds,
        "houses": [pos.houses(Side::South), pos.houses(Side::North)],
        "stores": pos.stores(),
        "to_move": pos.to_move().map(Side::index),
        "over": pos.is_over(),
        "winner": pos.outcome().and_then(|o| o.winner()).map(Side::index),
        "legal": pos.legal_moves().to_vec(),
    })
}
