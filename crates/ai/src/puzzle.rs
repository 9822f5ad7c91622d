//! Puzzles the solver proves: positions of self-play games in which one move is clearly
//! the best under perfect play. Every legal move is valued exactly (the solver, to the
//! end of the game); a position is kept only when a single move reaches the best value
//! and every other move ends at least [`MARGIN`] seeds worse, a difference a player can
//! feel. The puzzle's kind says what that move does: the only move that wins, the only
//! one that does not lose, or the one that keeps the most seeds. Its difficulty is how
//! deep a plain search must look before it prefers that move.
//!
//! Everything here is deterministic for a given seed of the random generator: games are
//! played by the levels that search to a fixed depth, and the solver is bounded by
//! positions, not by time, so the same seed makes the same puzzles on any machine.

use super::eval::{final_value, for_mover};
use super::level::Level;
use super::limits::Limits;
use super::search::Searcher;
use mancala_engine::{Game, House, Position, Rules, Side};
use rand::seq::SliceRandom;
use rand::Rng;

/// How much worse, in seeds of the final difference, every other move must be.
pub const MARGIN: i32 = 2;

/// What the one right move does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PuzzleKind {
    /// It is the only move that wins; every other one draws or loses.
    Win,
    /// It is the only move that does not lose: it wins or draws, every other one loses.
    Save,
    /// It ends with the most seeds, by at least [`MARGIN`] over any other move.
    Best,
}

impl PuzzleKind {
    /// The kind's name in files and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            PuzzleKind::Win => "win",
            PuzzleKind::Save => "save",
            PuzzleKind::Best => "best",
        }
    }

    /// The kind of a name written by [`PuzzleKind::name`].
    pub fn from_name(name: &str) -> Option<PuzzleKind> {
        [PuzzleKind::Win, PuzzleKind::Save, PuzzleKind::Best]
            .into_iter()
            .find(|k| k.name() == name)
    }
}

/// The exact final store difference, from the mover's view, after each legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveValues(pub Vec<(House, i32)>);

/// What makes a position a puzzle: its answer, the value the answer reaches and what
/// kind of puzzle that makes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Every move that reaches `value` (one: a puzzle has a single answer).
    pub best: Vec<House>,
    /// The final store difference with perfect play after the answer, mover's view.
    pub value: i32,
    /// What the answer does.
    pub kind: PuzzleKind,
}

impl MoveValues {
    /// The verdict when these values make a puzzle: a single best move, every other
    /// move at least [`MARGIN`] seeds worse. `None` otherwise (or with one legal move).
    pub fn verdict(&self) -> Option<Verdict> {
        let value = self.0.iter().map(|&(_, v)| v).max()?;
        let best: Vec<House> = self
            .0
            .iter()
            .filter(|&&(_, v)| v == value)
            .map(|&(m, _)| m)
            .collect();
        let second = self
            .0
            .iter()
            .map(|&(_, v)| v)
            .filter(|&v| v < value)
            .max()?;
        if best.len() != 1 || value - second < MARGIN {
            return None;
        }
        let kind = if value > 0 && second <= 0 {
            PuzzleKind::Win
        } else if value >= 0 && second < 0 {
            PuzzleKind::Save
        } else {
            PuzzleKind::Best
        };
        Some(Verdict { best, value, kind })
    }
}

/// The exact value of every legal move of `game`'s position, each solved within
/// `limits` (give it a node budget: the solver answers exactly or not at all). `None`
/// when one of them could not be proven, or the game cannot be solved (over, a Congkak
/// match of rounds, the simultaneous first move).
pub fn value_moves(searcher: &mut Searcher, game: &Game, limits: &Limits) -> Option<MoveValues> {
    let pos = game.position();
    if pos.is_over() || pos.in_opening() || pos.rules().plays_rounds() {
        return None;
    }
    let me = pos.side_to_move();
    let mut values = Vec::new();
    for house in pos.legal_moves().iter() {
        let mut after = game.clone();
        after.play(house).ok()?;
        let child = after.position();
        let value = if child.is_over() {
            final_value(child, me)
        } else {
            searcher.set_history(after.history());
            for_mover(me, child, searcher.solve(child, limits)?.value)
        };
        values.push((house, value));
    }
    Some(MoveValues(values))
}

/// The deepest search [`difficulty`] tries before calling a puzzle as hard as they come.
const DEEPEST_LOOK: u32 = 10;

/// How hard the answer is to find, 1 (a one-ply search prefers it) to 5 (a search of
/// ten plies (`DEEPEST_LOOK`) does not): the shallowest depth from which a plain search,
/// without endgame tables, chooses the answer at every depth down to `DEEPEST_LOOK`
/// (an answer that looks right at one ply, wrong at three and right again at five is
/// found at five), graded, and one grade easier when there are only two moves.
pub fn difficulty(game: &Game, answer: House) -> u8 {
    let pos = game.position();
    let mut searcher = Searcher::new(1).without_endgame();
    searcher.set_history(game.history());
    let chosen: Vec<bool> = (1..=DEEPEST_LOOK)
        .map(|depth| {
            searcher
                .search(pos, &Limits::depth(depth))
                .is_some_and(|r| r.best == answer)
        })
        .collect();
    let found_at =
        (1..=DEEPEST_LOOK).find(|&depth| chosen[depth as usize - 1..].iter().all(|&c| c));
    let grade: u8 = match found_at {
        Some(1) => 1,
        Some(2..=3) => 2,
        Some(4..=5) => 3,
        Some(6..=DEEPEST_LOOK) => 4,
        _ => 5,
    };
    if pos.legal_moves().len() <= 2 {
        grade.saturating_sub(1).max(1)
    } else {
        grade
    }
}

/// A puzzle: the record that leads to its position, and its proven answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The rules it is played by (never a match of rounds).
    pub rules: Rules,
    /// The moves from the start (houses, as the notation of docs/rules.md writes them).
    pub moves: Vec<House>,
    /// The proven answer.
    pub verdict: Verdict,
    /// 1 (easy) to 5 (hard): see [`difficulty`].
    pub difficulty: u8,
}

impl Puzzle {
    /// The game up to the puzzle's position.
    pub fn game(&self) -> Option<Game> {
        let mut game = Game::new(self.rules);
        for &house in &self.moves {
            game.play(house).ok()?;
        }
        Some(game)
    }
}

/// What [`find_puzzles`] looks for, and how hard it works.
#[derive(Clone, Debug)]
pub struct PuzzleSearch {
    /// The rules of the games (one round, alternate start).
    pub rules: Rules,
    /// Positions the solver may visit for each move it values.
    pub solve_nodes: u64,
    /// Only positions with at most this many seeds left on the board: fewer seeds, faster
    /// proofs.
    pub max_board_seeds: u32,
    /// Self-play games to play at most, however many puzzles they gave.
    pub max_games: usize,
    /// Keep only puzzles of at least this difficulty (1 keeps all).
    pub min_difficulty: u8,
    /// Keep at most this many puzzles of each difficulty, so that a set runs from easy
    /// to hard instead of being mostly easy (the easy ones are by far the most common).
    pub per_difficulty: Option<usize>,
}

impl PuzzleSearch {
    /// Defaults for `rules`: a board of at most half the seeds, a million positions a
    /// proof.
    pub fn new(rules: Rules) -> PuzzleSearch {
        PuzzleSearch {
            rules,
            solve_nodes: 1_000_000,
            max_board_seeds: rules.total_seeds() / 2,
            max_games: 10_000,
            min_difficulty: 1,
            per_difficulty: None,
        }
    }
}

/// Positions of a game tried as puzzles, at most: the rest of a game is much like them.
const TRIES_PER_GAME: usize = 4;

/// Finds up to `count` puzzles in self-play games: each game is played by two of the
/// levels that search to a fixed depth (Beginner to Intermediate, chosen by `rng`), some
/// of its positions with few enough seeds are valued exactly, and at most one puzzle is
/// kept from each game, so that the puzzles come from many games. `searcher` proves the
/// values (give it the endgame tables of the rules: they shorten every proof);
/// `found` hears each puzzle as it is found (the command line prints it at once).
/// `None` if the rules cannot be solved (a Congkak match of rounds, or the simultaneous
/// first move).
pub fn find_puzzles<R: Rng>(
    search: &PuzzleSearch,
    count: usize,
    searcher: &mut Searcher,
    rng: &mut R,
    mut found: impl FnMut(&Puzzle),
) -> Option<Vec<Puzzle>> {
    if search.rules.plays_rounds() || search.rules.simultaneous_start() {
        return None;
    }
    const PLAYERS: [Level; 3] = [Level::Beginner, Level::Casual, Level::Intermediate];
    let mut puzzles: Vec<Puzzle> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut player = Searcher::new(2).without_endgame();
    for _ in 0..search.max_games {
        if puzzles.len() >= count {
            break;
        }
        let levels = [
            PLAYERS[rng.random_range(0..PLAYERS.len())],
            PLAYERS[rng.random_range(0..PLAYERS.len())],
        ];
        let (game, moves) = self_play(search.rules, levels, &mut player, rng);
        let mut candidates: Vec<usize> = (0..moves.len())
            .filter(|&ply| {
                let pos = &game[ply];
                pos.legal_moves().len() >= 2 && board_seeds(pos) <= search.max_board_seeds
            })
            .collect();
        candidates.shuffle(rng);
        for &ply in candidates.iter().take(TRIES_PER_GAME) {
            if !seen.insert(game[ply].key()) {
                continue;
            }
            let Some(puzzle) = try_position(search, &moves[..ply], searcher) else {
                continue;
            };
            let of_its_difficulty = puzzles
                .iter()
                .filter(|p| p.difficulty == puzzle.difficulty)
                .count();
            if puzzle.difficulty < search.min_difficulty
                || search
                    .per_difficulty
                    .is_some_and(|most| of_its_difficulty >= most)
            {
                continue;
            }
            found(&puzzle);
            puzzles.push(puzzle);
            break;
        }
    }
    Some(puzzles)
}

/// The puzzle at the position after `moves`, if it is one.
fn try_position(search: &PuzzleSearch, moves: &[House], searcher: &mut Searcher) -> Option<Puzzle> {
    let mut game = Game::new(search.rules);
    for &house in moves {
        game.play(house).ok()?;
    }
    let verdict = value_moves(searcher, &game, &Limits::nodes(search.solve_nodes))?.verdict()?;
    let difficulty = difficulty(&game, verdict.best[0]);
    Some(Puzzle {
        rules: search.rules,
        moves: moves.to_vec(),
        verdict,
        difficulty,
    })
}

/// The most random moves a self-play game starts with.
const RANDOM_OPENING_PLIES: u32 = 4;

/// One self-play game: every position it passed through (the last one over) and the
/// moves between them.
fn self_play<R: Rng>(
    rules: Rules,
    levels: [Level; 2],
    searcher: &mut Searcher,
    rng: &mut R,
) -> (Vec<Position>, Vec<House>) {
    let mut game = Game::new(rules);
    let mut moves = Vec::new();
    // A few random moves first: the levels are nearly deterministic, and without them
    // most games would retrace the same opening.
    for _ in 0..rng.random_range(0..=RANDOM_OPENING_PLIES) {
        let legal = game.position().legal_moves();
        if legal.is_empty() {
            break;
        }
        let house = legal
            .iter()
            .nth(rng.random_range(0..legal.len()))
            .expect("in range");
        if game.play(house).is_err() {
            break;
        }
        moves.push(house);
    }
    while !game.position().is_over() {
        let pos = *game.position();
        searcher.set_history(game.history());
        let level = levels[pos.side_to_move().index()];
        let house = level.choose(searcher, &pos, 1.0, None, rng);
        if game.play(house).is_err() {
            break;
        }
        moves.push(house);
    }
    (game.history().to_vec(), moves)
}

fn board_seeds(pos: &Position) -> u32 {
    pos.total_seeds() - u32::from(pos.store(Side::South)) - u32::from(pos.store(Side::North))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn house(n: u8) -> House {
        House::new(n).unwrap()
    }

    fn values(list: &[(u8, i32)]) -> MoveValues {
        MoveValues(list.iter().map(|&(m, v)| (house(m), v)).collect())
    }

    #[test]
    fn a_single_move_clearly_best_is_a_puzzle_of_its_kind() {
        let win = values(&[(1, 3), (2, 0), (3, -4)]).verdict().unwrap();
        assert_eq!(
            (win.best, win.value, win.kind),
            (vec![house(1)], 3, PuzzleKind::Win)
        );
        let save = values(&[(1, -6), (2, 0), (3, -2)]).verdict().unwrap();
        assert_eq!((save.value, save.kind), (0, PuzzleKind::Save));
        let best = values(&[(1, 10), (2, 8), (3, 2)]).verdict().unwrap();
        assert_eq!((best.best, best.kind), (vec![house(1)], PuzzleKind::Best));
        let losing_less = values(&[(1, -2), (2, -8)]).verdict().unwrap();
        assert_eq!(losing_less.kind, PuzzleKind::Best);
    }

    #[test]
    fn two_answers_a_small_difference_or_one_move_make_no_puzzle() {
        assert_eq!(values(&[(1, 4), (2, 4), (3, 0)]).verdict(), None);
        assert_eq!(values(&[(1, 4), (2, 3)]).verdict(), None);
        assert_eq!(values(&[(1, 4)]).verdict(), None);
        assert_eq!(values(&[]).verdict(), None);
    }

    #[test]
    fn kinds_are_named_and_read_back() {
        for kind in [PuzzleKind::Win, PuzzleKind::Save, PuzzleKind::Best] {
            assert_eq!(PuzzleKind::from_name(kind.name()), Some(kind));
        }
        assert_eq!(PuzzleKind::from_name("mate"), None);
    }
}
