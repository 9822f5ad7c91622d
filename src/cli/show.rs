//! `mancala-cli show`: the position after `--moves`.

use super::args::{CliError, GameArgs};
use super::out;
use crate::engine::{Position, Side};
use serde_json::json;

#[derive(clap::Args, Debug)]
pub struct ShowArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Print one JSON object (the shape is in docs/cli.md).
    #[arg(long)]
    json: bool,
}

pub fn run(args: &ShowArgs) -> Result<(), CliError> {
    let game = args.game.game()?;
    let pos = game.position();
    if args.json {
        out::line(position_json(pos))
    } else {
        out::line(format_args!(
            "{} ({} seeds)",
            pos.variant(),
            pos.rules().seeds()
        ))?;
        out::line(pos)?;
        if !pos.is_over() {
            let legal: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
            out::line(format_args!("legal moves: {}", legal.join(" ")))?;
        }
        Ok(())
    }
}

/// The JSON object of the `show` contract: `{"variant":"kalah","seeds":4,"houses":[[...],
/// [...]],"stores":[s,n],"to_move":0,"over":false,"winner":null,"legal":[1,2,3,4,5,6]}`;
/// once the game is over `to_move` is null and `legal` empty.
pub fn position_json(pos: &Position) -> serde_json::Value {
    json!({
        "variant": pos.variant().name(),
        "seeds": pos.rules().seeds(),
        "houses": [pos.houses(Side::South), pos.houses(Side::North)],
        "stores": pos.stores(),
        "to_move": (!pos.is_over()).then(|| pos.side_to_move().index()),
        "over": pos.is_over(),
        "winner": pos.outcome().and_then(|o| o.winner()).map(Side::index),
        "legal": pos.legal_moves().to_vec(),
    })
}
