//! `mancala-cli show`: the position after `--moves`.

use super::args::{CliError, GameArgs};
use super::out;
use crate::engine::{House, Lockstep, Position, Side};
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
        if pos.in_opening() {
            let choices = opening_choices(pos);
            out::line(format_args!(
                "both players choose a first house at once (a move S+N): South {}, North {}",
                join(&choices[0]),
                join(&choices[1])
            ))?;
        } else if !pos.is_over() {
            let legal: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
            out::line(format_args!("legal moves: {}", legal.join(" ")))?;
        }
        Ok(())
    }
}

fn join(houses: &[House]) -> String {
    let numbers: Vec<String> = houses.iter().map(House::to_string).collect();
    numbers.join(" ")
}

/// The houses each side may choose for the simultaneous first move, South's first.
fn opening_choices(pos: &Position) -> [Vec<House>; 2] {
    let lockstep = Lockstep::new(pos);
    Side::BOTH.map(|side| {
        lockstep
            .as_ref()
            .map_or(Vec::new(), |l| l.choices(side).to_vec())
    })
}

/// The JSON object of the `show` contract: `{"variant":"kalah","seeds":4,"houses":[[...],
/// [...]],"stores":[s,n],"to_move":0,"over":false,"winner":null,"legal":[1,2,3,4,5,6],
/// "round":1,"burnt":[[],[]],"opening":false}`; once the game is over `to_move` is null
/// and `legal` empty. While Congkak's simultaneous first move is to be played (`opening`)
/// both sides move: `to_move` is null, `legal` empty, and `legal_opening` lists each
/// side's choices.
pub fn position_json(pos: &Position) -> serde_json::Value {
    let single_mover = !pos.is_over() && !pos.in_opening();
    let mut object = json!({
        "variant": pos.variant().name(),
        "seeds": pos.rules().seeds(),
        "houses": [pos.houses(Side::South), pos.houses(Side::North)],
        "stores": pos.stores(),
        "to_move": single_mover.then(|| pos.side_to_move().index()),
        "over": pos.is_over(),
        "winner": pos.outcome().and_then(|o| o.winner()).map(Side::index),
        "legal": pos.legal_moves().to_vec(),
        "round": pos.round(),
        "burnt": [pos.burnt(Side::South).to_vec(), pos.burnt(Side::North).to_vec()],
        "opening": pos.in_opening(),
    });
    if pos.in_opening() {
        object["legal_opening"] = json!(opening_choices(pos));
    }
    object
}
