//! Perft: the number of move sequences of exactly `depth` moves (docs/rules.md,
//! "Reference numbers"). Every move is played, the last ply included, so it measures move making.

use super::house::House;
use super::position::Position;
use super::rules::Variant;
use super::trace::NoTrace;
use super::{congkak, kalah, oware};

/// Counts the move sequences of exactly `depth` moves from `pos`. A game that ends
/// before move `depth` contributes nothing; a move that ends it at `depth` counts.
/// Oware's rule 8 is applied along each line: a repeated position ends the game.
///
/// ```
/// use mancala_engine::{perft, Position, Rules, Variant};
/// let start = Position::start(Rules::new(Variant::Kalah));
/// assert_eq!(perft(&start, 2), 35);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.in_opening() {
        // Congkak's simultaneous first move: every way both hands can choose is a move.
        let openings = super::opening::Lockstep::all_openings(pos);
        return openings
            .iter()
            .map(|(_, next)| perft(next, depth - 1))
            .sum();
    }
    // Choose the rules code once, so the recursion calls it directly.
    match (pos.variant(), pos.rules().houses()) {
        (Variant::Kalah, _) => {
            perft_plain(pos, depth, |p, h| kalah::play::<6, _>(p, h, &mut NoTrace))
        }
        (Variant::Congkak, 7) if pos.rules().plays_rounds() => {
            let mut path = vec![pos.key()];
            perft_with_path(pos, depth, &mut path, |p, h| {
                congkak::play::<7, _>(p, h, &mut NoTrace)
            })
        }
        (Variant::Congkak, _) if pos.rules().plays_rounds() => {
            let mut path = vec![pos.key()];
            perft_with_path(pos, depth, &mut path, |p, h| {
                congkak::play::<6, _>(p, h, &mut NoTrace)
            })
        }
        (Variant::Congkak, 7) => {
            perft_plain(pos, depth, |p, h| congkak::play::<7, _>(p, h, &mut NoTrace))
        }
        (Variant::Congkak, _) => {
            perft_plain(pos, depth, |p, h| congkak::play::<6, _>(p, h, &mut NoTrace))
        }
        (Variant::Oware, _) => {
            let mut path = Vec::with_capacity(depth as usize + 1);
            path.push(pos.key());
            perft_with_path(pos, depth, &mut path, |p, h| {
                oware::play::<6, _>(p, h, &mut NoTrace)
            })
        }
    }
}

fn perft_plain<F: Fn(&mut Position, House) + Copy>(pos: &Position, depth: u32, play: F) -> u64 {
    // Kalah and Congkak: every non-empty house is a move (no call into Oware's rules).
    let moves = if pos.is_over() {
        return 0;
    } else {
        pos.non_empty_houses()
    };
    let mut leaves = 0;
    for house in moves {
        let mut next = *pos;
        play(&mut next, house);
        leaves += if depth == 1 {
            1
        } else {
            perft_plain(&next, depth - 1, play)
        };
    }
    leaves
}

/// Perft that keeps the keys of the positions on the current line, for rule 8.
fn perft_with_path<F: Fn(&mut Position, House) + Copy>(
    pos: &Position,
    depth: u32,
    path: &mut Vec<u128>,
    play: F,
) -> u64 {
    let moves = pos.legal_moves();
    let mut leaves = 0;
    for house in moves {
        let mut next = *pos;
        play(&mut next, house);
        if depth == 1 {
            // The last move counts whether or not it repeats a position.
            leaves += 1;
            continue;
        }
        let key = next.key();
        if !next.is_over() && path.contains(&key) {
            // The repetition ends the game before the remaining moves.
            continue;
        }
        path.push(key);
        leaves += perft_with_path(&next, depth - 1, path, play);
        path.pop();
    }
    leaves
}
