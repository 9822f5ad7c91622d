//! Iterative-deepening alpha-beta (principal variation search, fail-soft negamax) with
//! a transposition table, move ordering, hard value bounds and endgame tables (exact
//! values in Kalah, proven bounds in Oware).
//!
//! Extra turns: a child where the same side moves again is searched with the same
//! window and sign; a child where the opponent moves is negated, as usual. Every ply
//! is one sowing, so "depth 24" means 24 sowings whoever makes them.

use super::endgame::{EndgameTable, OwareDatabase, Probe};
use super::eval::{
    evaluate_in, final_value, perspective_key, store_difference, stores_mask, value_bounds, Eval,
    Weights,
};
use super::limits::{Clock, Limits};
use super::objective::{Objective, GRAIN};
use super::tt::{Table, TableAllocError, EXACT_DEPTH};
use mancala_engine::{House, Position, Rules, Side, Variant};
use std::sync::Arc;

/// What a search found: returned by [`Searcher::search`].
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// A legal move of the side to move (always, however early the search stopped).
    pub best: House,
    /// The value of the position in whole seeds, from the view of the side to move:
    /// the final store difference (mover minus opponent) expected after `best`. The
    /// search works in eighths of a seed and rounds to the nearest seed here.
    pub score: i32,
    /// Deepest iteration completed, in plies (0 when a limit stopped the first one:
    /// `best` is then the first legal move, unconsidered).
    pub depth: u32,
    /// Expected line of play from here, starting with `best`.
    pub pv: Vec<House>,
    /// Positions visited.
    pub nodes: u64,
    /// Time the search took.
    pub seconds: f64,
    /// True when no heuristic was involved: `score` is the value under perfect play.
    pub exact: bool,
}

/// Depth used when there is no depth limit (the exact solver): more plies than any game.
pub(crate) const UNLIMITED: u32 = 100_000;

/// The deepest iteration without a depth limit (and the most `mancala-cli analyze
/// --depth` asks for): more plies than the search ever completes in a move's time.
pub const MAX_DEPTH: u32 = 120;

/// The computer player: searches positions for their best move and value.
///
/// A searcher owns a transposition table (sized by [`Searcher::new`]) that it keeps
/// from one search to the next, so searching the positions of one game in turn with
/// one searcher is faster than with a new one each time. It may also hold
/// [`EndgameTable`]s ([`Searcher::with_endgame`]) and, for Oware, the positions the game
/// went through ([`Searcher::set_history`]), which rule 8 needs.
///
/// - [`Searcher::search`] deepens until a [`Limits`] stops it and returns a
///   [`SearchResult`]: the move to play and the position's estimated value.
/// - [`Searcher::solve`] returns the exact value under perfect play, or nothing.
/// - [`Searcher::hint`], [`Searcher::advise`] and [`Searcher::score_moves`] value moves
///   for a player, [`crate::review`] grades a whole game, and [`crate::Level`] plays
///   at a chosen strength.
///
/// Values are in whole seeds from the view of the side to move: the final store
/// difference, mover minus opponent, expected under best play.
///
/// A search runs on the calling thread until a limit stops it; `Searcher` is `Send`,
/// so it can be moved to a worker thread and stopped from another one through
/// [`Limits::with_cancel`].
///
/// # Examples
///
/// Search the start of Kalah 6 plies deep:
///
/// ```
/// use mancala_ai::{Limits, Searcher};
/// use mancala_engine::{Position, Rules, Variant};
///
/// let start = Position::start(Rules::new(Variant::Kalah));
/// let mut searcher = Searcher::new(1); // a transposition table of 1 MB
/// let found = searcher.search(&start, &Limits::depth(6)).unwrap();
/// // House 3 (4 seeds: houses 4, 5, 6 and the store) earns an extra turn.
/// assert_eq!(found.best.number(), 3);
/// assert_eq!(found.depth, 6);
/// assert_eq!(found.pv[0], found.best);
/// assert!(found.score > 0); // the first player is ahead
/// assert!(!found.exact); // 6 plies do not reach the end of the game
/// ```
///
/// Near the end of a game the search sees every line to its end and the value is
/// exact. Here South's best is house 6 (its seed lands in the store: an extra turn),
/// and the game ends 1 seed ahead:
///
/// ```
/// use mancala_ai::{Limits, Searcher};
/// use mancala_engine::{Position, Rules, Side, Variant};
///
/// let pos = Position::from_parts(
///     Rules::new(Variant::Kalah),
///     [&[0, 0, 3, 0, 1, 1], &[0, 2, 0, 0, 0, 0]],
///     [10, 12],
///     Side::South,
/// )
/// .unwrap();
/// let mut searcher = Searcher::new(1);
/// let found = searcher.search(&pos, &Limits::default()).unwrap();
/// assert_eq!(found.best.number(), 6);
/// assert_eq!(found.score, 1);
/// assert!(found.exact);
/// ```
pub struct Searcher {
    tt: Table,
    endgame: Option<Arc<EndgameTable>>,
    /// Oware's database keyed by the board, trusted where no earlier position can come
    /// back (see [`Searcher::with_database`]).
    database: Option<Arc<OwareDatabase>>,
    /// Oware rule 8: keys of the positions the game went through before the root.
    history: Vec<u128>,
    /// The rules of the positions in the table: keys do not include them.
    rules: Option<Rules>,
    /// The weights of the heuristic (tuned unless a match compares settings).
    eval: Eval,
    /// False for a searcher that never uses endgame tables (a match measuring them).
    endgame_allowed: bool,
    /// What proven results count for (the margin unless the computer plays to win).
    objective: Objective,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new(32)
    }
}

impl Searcher {
    /// A searcher with a transposition table of about `megabytes` MB. Panics if that
    /// memory cannot be had; a size a user chose goes through [`Searcher::try_new`].
    pub fn new(megabytes: usize) -> Searcher {
        Self::with_table(Table::with_megabytes(megabytes))
    }

    /// [`Searcher::new`], or an error saying how much memory could not be had (a
    /// memory limit, or more than the machine has), where `new` would fail the
    /// allocation.
    ///
    /// ```
    /// use mancala_ai::Searcher;
    ///
    /// assert!(Searcher::try_new(1).is_ok());
    /// let too_much = Searcher::try_new(usize::MAX >> 20).err().unwrap();
    /// assert!(too_much.to_string().contains("cannot be allocated"));
    /// ```
    pub fn try_new(megabytes: usize) -> Result<Searcher, TableAllocError> {
        Table::try_with_megabytes(megabytes).map(Self::with_table)
    }

    fn with_table(tt: Table) -> Searcher {
        Searcher {
            tt,
            endgame: None,
            database: None,
            history: Vec::new(),
            rules: None,
            eval: Eval::Tuned,
            endgame_allowed: true,
            objective: Objective::Margin,
        }
    }

    /// A searcher that never uses endgame tables, whatever it is given later: the
    /// baseline of a match that measures what they are worth (`match --tables`).
    pub fn without_endgame(mut self) -> Searcher {
        self.endgame = None;
        self.database = None;
        self.endgame_allowed = false;
        self
    }

    /// Plays with other weights of the heuristic (to measure them against the tuned ones).
    pub fn with_eval(mut self, eval: Eval) -> Searcher {
        self.set_eval(eval);
        self
    }

    /// Plays with other weights; the table is emptied, its values came from the old ones.
    pub fn set_eval(&mut self, eval: Eval) {
        if eval != self.eval {
            self.tt.clear();
            self.eval = eval;
        }
    }

    /// Plays for `objective` (see [`Objective`]).
    pub fn with_objective(mut self, objective: Objective) -> Searcher {
        self.set_objective(objective);
        self
    }

    /// Plays for `objective`; the table is emptied, its values counted results another way.
    pub fn set_objective(&mut self, objective: Objective) {
        if objective != self.objective {
            self.tt.clear();
            self.objective = objective;
        }
    }

    /// Forgets what earlier searches stored (a new game: nothing of the last one helps).
    pub fn forget(&mut self) {
        self.tt.clear();
    }

    /// Uses endgame tables (for the rules they were built for; positions of other rules
    /// are searched as without them). Wherever a table knows a position's value the
    /// search stops there, exact in Kalah: searches see further and the solver finishes
    /// much sooner. Ignored by a searcher made [`Searcher::without_endgame`].
    ///
    /// ```
    /// use mancala_ai::{EndgameTable, Limits, Searcher};
    /// use mancala_engine::{Position, Rules, Side, Variant};
    /// use std::sync::Arc;
    ///
    /// let rules = Rules::new(Variant::Kalah);
    /// let pos = Position::from_parts(
    ///     rules,
    ///     [&[0, 0, 3, 0, 1, 1], &[0, 2, 0, 0, 0, 0]],
    ///     [10, 12],
    ///     Side::South,
    /// )
    /// .unwrap();
    /// // 7 seeds on the board: one ply of search alone only estimates the value...
    /// let alone = Searcher::new(1).search(&pos, &Limits::depth(1)).unwrap();
    /// assert!(!alone.exact);
    /// // ...but with tables of every board of up to 7 seeds it is known after one ply.
    /// let table = Arc::new(EndgameTable::build(rules, 7));
    /// let mut searcher = Searcher::new(1).with_endgame(table);
    /// let found = searcher.search(&pos, &Limits::depth(1)).unwrap();
    /// assert!(found.exact);
    /// assert_eq!((found.best.number(), found.score), (6, 1));
    /// ```
    pub fn with_endgame(mut self, table: Arc<EndgameTable>) -> Searcher {
        self.set_endgame(Some(table));
        self
    }

    /// Uses (or stops using, with `None`) endgame tables.
    pub fn set_endgame(&mut self, table: Option<Arc<EndgameTable>>) {
        self.endgame = table.filter(|_| self.endgame_allowed);
    }

    /// Plays Oware with a database keyed by the board ([`OwareDatabase`]), as the
    /// strongest Oware programs do: a board whose value the database knows exactly is
    /// not searched further; right after a capture (where no earlier position can come
    /// back, so its bounds hold) its bounds cut the search; at the horizon its guess
    /// stands in for the heuristic. Its values count seeds as
    /// if play went on to the last one (rule 6 ends a game no differently for who wins,
    /// but sooner), so a result that used it is never called exact: the exact solver's
    /// own passes leave it out. Where the store-aware [`EndgameTable`] knows a value
    /// exactly, that comes first. Ignored by a searcher made
    /// [`Searcher::without_endgame`].
    ///
    /// ```
    /// use mancala_ai::{Limits, OwareDatabase, Searcher};
    /// use mancala_engine::{Position, Rules, Side, Variant};
    /// use std::sync::Arc;
    ///
    /// let rules = Rules::new(Variant::Oware);
    /// let db = Arc::new(OwareDatabase::build(rules, 6));
    /// let mut searcher = Searcher::new(1).with_database(db);
    /// // South captures 4 with house 6, then takes the last seed: 5 of 5, 25 to 23.
    /// let pos = Position::from_parts(
    ///     rules,
    ///     [&[0, 0, 0, 0, 0, 2], &[1, 1, 0, 0, 0, 1]],
    ///     [20, 23],
    ///     Side::South,
    /// )
    /// .unwrap();
    /// let found = searcher.search(&pos, &Limits::depth(2)).unwrap();
    /// assert_eq!(found.best.number(), 6);
    /// assert_eq!(found.score, 20 + 5 - 23);
    /// // The database's value: trusted, not proven (it leaves rule 6 out).
    /// assert!(!found.exact);
    /// ```
    pub fn with_database(mut self, database: Arc<OwareDatabase>) -> Searcher {
        self.set_database(Some(database));
        self
    }

    /// Uses (or stops using, with `None`) an Oware database.
    pub fn set_database(&mut self, database: Option<Arc<OwareDatabase>>) {
        self.database = database.filter(|_| self.endgame_allowed);
    }

    /// The positions of the game so far (for Oware's rule 8: a line of play that
    /// repeats one of them ends the game). Searches of other variants ignore them.
    pub fn set_history(&mut self, positions: &[Position]) {
        self.history = positions
            .iter()
            .filter(|p| p.variant() == Variant::Oware)
            .map(Position::key)
            .collect();
    }

    /// Iterative deepening until a limit is reached or the value is exact. Returns
    /// `None` only when the game is over (there is no move to find).
    pub fn search(&mut self, pos: &Position, limits: &Limits) -> Option<SearchResult> {
        self.prepare(pos);
        self.run(limits).search(pos, limits.depth)
    }

    /// The value of every legal move at `limits.depth` (full window each, default 1),
    /// best first; used by the easier levels to choose among moves by how good they
    /// are. Values are meaningless if another limit stopped the search.
    pub fn score_moves(&mut self, pos: &Position, limits: &Limits) -> Vec<(House, i32)> {
        self.prepare(pos);
        self.run(limits).score_moves(pos, limits.depth.unwrap_or(1))
    }

    /// Empties the table when the rules change: its keys are boards only.
    pub(crate) fn prepare(&mut self, pos: &Position) {
        if self.rules != Some(pos.rules()) {
            if self.rules.is_some() {
                self.tt.clear();
            }
            self.rules = Some(pos.rules());
        }
    }

    /// A run of the search under `limits`, borrowing the table.
    pub(crate) fn run<'a>(&'a mut self, limits: &Limits<'a>) -> Run<'a> {
        let variant = self.rules.map_or(Variant::Kalah, |r| r.variant());
        self.tt.new_search();
        Run {
            weights: self.eval.weights(variant),
            objective: self.objective,
            tt: &mut self.tt,
            endgame: self.endgame.as_deref(),
            database: self.database.as_deref(),
            database_proves: false,
            nodes: 0,
            horizon_hits: 0,
            path: self.history.clone(),
            repetition_floor: usize::MAX,
            cuts: [[0; 8]; 2],
            order_by_cuts: variant == Variant::Oware,
            clock: Clock::start(limits),
        }
    }
}

/// What one iteration of [`Run::mtd`] found.
pub(crate) enum Iteration {
    /// The value at this depth, and a move that reaches it.
    Complete { best: House, value: i32 },
    /// A limit stopped it. `proven`: the last move a finished pass showed to reach at
    /// least this value at this depth, if any.
    Cut { proven: Option<(House, i32)> },
}

/// One search: the borrowed table and the counters and clock of this search alone.
pub(crate) struct Run<'a> {
    tt: &'a mut Table,
    endgame: Option<&'a EndgameTable>,
    /// Oware's database keyed by the board.
    database: Option<&'a OwareDatabase>,
    /// Whether the database may only prove (the exact solver's passes): then it gives
    /// just who wins right after a capture, which rule 6 does not change, and never a
    /// value to stop at.
    pub(crate) database_proves: bool,
    /// The heuristic's weights for the variant searched.
    weights: Weights,
    /// What proven results count for; values inside the run are in its terms, and
    /// [`Run::search`] and [`Run::score_moves`] report them in seeds.
    objective: Objective,
    pub(crate) nodes: u64,
    /// Counts leaves valued by the heuristic; unchanged over a subtree means exact.
    horizon_hits: u64,
    /// Oware rule 8: keys of the positions on the current line (and the game before it).
    path: Vec<u128>,
    /// The lowest index in `path` that a repetition in the current subtree went back
    /// to (`usize::MAX`: none). A node whose subtree repeated a position above it has
    /// a value that depends on the way it was reached, so it is not stored.
    repetition_floor: usize,
    /// History heuristic: for each side and house, how much cutting work moves from it
    /// have done in this run (depth squared per cut). Orders the quiet moves that the
    /// immediate gain cannot tell apart, which in Oware are most of them.
    cuts: [[u64; 8]; 2],
    /// Whether `cuts` orders moves. It pays in Oware, where no move earns an extra turn
    /// and few capture (fixed depth 19 over 80 positions of a game: 32 % fewer nodes),
    /// and costs in Kalah and Congkak, where the extra turn and the house nearest the
    /// store already order well (depth 21 and 24: 14 % and 9 % more nodes).
    order_by_cuts: bool,
    pub(crate) clock: Clock<'a>,
}

impl Run<'_> {
    pub(crate) fn search(&mut self, pos: &Position, depth: Option<u32>) -> Option<SearchResult> {
        let first = pos.legal_moves().first()?;
        let max_depth = depth.unwrap_or(MAX_DEPTH).max(1);
        let mut result = SearchResult {
            best: first,
            score: self.heuristic(pos),
            depth: 0,
            pv: vec![first],
            nodes: 0,
            seconds: 0.0,
            exact: false,
        };
        // Deeper and deeper until a limit stops it: a time budget is used to its end, and
        // what the last, unfinished iteration proved is kept (see `Iteration::Cut`). An
        // iteration costs a few times the one before, so stopping after a complete one
        // "to be safe" left 40 to 60 % of the budget unused.
        for depth in 1..=max_depth {
            let hits_before = self.horizon_hits;
            match self.mtd(pos, depth, result.score, result.best) {
                Iteration::Complete { best, value } => {
                    result.best = best;
                    result.score = value;
                    result.depth = depth;
                    result.exact = self.horizon_hits == hits_before;
                    if result.exact {
                        break;
                    }
                }
                Iteration::Cut { proven } => {
                    // A move proven at this depth to reach a value was seen deeper than
                    // the last complete iteration's; as chess engines do, it is played.
                    if let Some((best, at_least)) = proven {
                        if best != result.best {
                            result.best = best;
                            result.score = at_least;
                        }
                    }
                    break;
                }
            }
        }
        result.score = self.objective.seeds(result.score);
        result.pv = self.principal_variation(pos, result.best);
        result.nodes = self.nodes;
        result.seconds = self.clock.elapsed().as_secs_f64();
        Some(result)
    }

    /// MTD(f): the value of `pos` at `depth` by null-window searches that start at
    /// `guess` and close in on it (fail-soft passes jump by their bound, so a few passes
    /// do, even in eighths of a seed). Returns a best move and the value, or, if a limit
    /// stopped it, what its finished passes proved.
    pub(crate) fn mtd(
        &mut self,
        pos: &Position,
        depth: u32,
        guess: i32,
        first: House,
    ) -> Iteration {
        let (mut lower, mut upper) = self.objective.proven_bounds(value_bounds(pos));
        let mut g = guess.clamp(lower, upper);
        let mut best = first;
        let mut proven = None;
        while lower < upper {
            let beta = if g == lower { g + 1 } else { g };
            let (house, value, complete) = self.root(pos, depth, beta - 1, beta, best);
            if !complete {
                return Iteration::Cut { proven };
            }
            best = house;
            if value >= beta {
                lower = value;
                proven = Some((house, value));
            } else {
                upper = value;
            }
            g = value;
        }
        // A move that reached the value in a fail-high pass achieves it; without one the
        // value is the worst possible and any move achieves it.
        Iteration::Complete {
            best: proven.map_or(best, |(house, _)| house),
            value: lower,
        }
    }

    pub(crate) fn score_moves(&mut self, pos: &Position, depth: u32) -> Vec<(House, i32)> {
        let me = pos.side_to_move();
        let mut scored: Vec<(House, i32)> = pos
            .legal_moves()
            .iter()
            .map(|house| {
                let mut child = *pos;
                child.play_unchecked(house);
                let v = self.child_value(me, &child, depth.saturating_sub(1), -i32::MAX, i32::MAX);
                (house, self.objective.seeds(v))
            })
            .collect();
        scored.sort_by_key(|&(_, v)| -v);
        scored
    }

    /// One pass at the root with the window `alpha..beta`. Returns the best move, its
    /// (fail-soft) score, and whether the pass finished; the results of a stopped pass
    /// are not used. `first` is searched first (the previous best).
    pub(crate) fn root(
        &mut self,
        pos: &Position,
        depth: u32,
        alpha: i32,
        beta: i32,
        first: House,
    ) -> (House, i32, bool) {
        let me = pos.side_to_move();
        let children = self.ordered_children(pos, None, Some(first), depth > 2);
        let mut best = (children.iter().next().map_or(first, |c| c.1), -i32::MAX);
        let mut alpha = alpha;
        let started_path = self.enter(pos);
        for (i, (child, house)) in children.iter().enumerate() {
            let v = if i == 0 {
                self.child_value(me, &child, depth - 1, alpha, beta)
            } else {
                let v = self.child_value(me, &child, depth - 1, alpha, alpha + 1);
                if v > alpha && v < beta && !self.clock.stopped() {
                    self.child_value(me, &child, depth - 1, v.max(alpha), beta)
                } else {
                    v
                }
            };
            if self.clock.stopped() {
                self.leave(started_path);
                return (best.0, best.1, false);
            }
            if v > best.1 {
                best = (house, v);
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.leave(started_path);
        (best.0, best.1, true)
    }

    /// The value of `child` (reached by a move of `me`) from `me`'s view.
    #[inline]
    pub(crate) fn child_value(
        &mut self,
        me: Side,
        child: &Position,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if child.is_over() {
            self.nodes += 1;
            return self.objective.proven(final_value(child, me));
        }
        if child.side_to_move() == me {
            self.negamax(child, depth, alpha, beta)
        } else {
            -self.negamax(child, depth, -beta, -alpha)
        }
    }

    /// Fail-soft principal variation search; value from the view of the side to move.
    fn negamax(&mut self, pos: &Position, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.clock.should_stop(self.nodes) {
            return 0;
        }
        let (mut lower, mut upper) = self.objective.proven_bounds(value_bounds(pos));
        if lower >= beta {
            return lower;
        }
        if upper <= alpha {
            return upper;
        }
        if let Some(at) = self.repeats(pos) {
            // Rule 8: the position repeats; each player captures the seeds on their side.
            self.repetition_floor = self.repetition_floor.min(at);
            let mut ended = *pos;
            ended.end_by_repetition();
            return self
                .objective
                .proven(final_value(&ended, pos.side_to_move()));
        }
        if self.database_proves {
            if let Some((low, high)) = self.proven_winner(pos) {
                (lower, upper) = (lower.max(low), upper.min(high));
                if lower >= beta || lower == upper {
                    return lower;
                }
                if upper <= alpha {
                    return upper;
                }
            }
        }
        let table = self.table_value(pos);
        if table.is_none_or(|t| t.lower != t.upper) && !self.database_proves {
            // The database where the store-aware table does not prove the value:
            // right after a capture its bounds are trusted (not proven: see
            // `Searcher::with_database`); at the horizon its guess, beyond the table.
            if let Some(db) = self.database_value(pos, || self.after_capture(pos)) {
                if db.lower >= beta || db.lower == db.upper {
                    self.horizon_hits += 1;
                    return db.lower;
                }
                if db.upper <= alpha {
                    self.horizon_hits += 1;
                    return db.upper;
                }
                if depth <= 1 && table.is_none() {
                    self.horizon_hits += 1;
                    return db.estimate;
                }
            }
        }
        // Proven bounds (exact in Kalah; in Oware exact for a few percent of the
        // entries, as cycles leave the rest open): they narrow the node's, and end it
        // when they meet or fall outside the window; at the horizon the table's
        // estimate stands in for the heuristic.
        if let Some(known) = table {
            (lower, upper) = (known.lower, known.upper);
            if lower >= beta || lower == upper {
                return lower;
            }
            if upper <= alpha {
                return upper;
            }
            if depth <= 1 {
                // The table's estimate has seen the rest of the game, the heuristic
                // and a ply of search only the board.
                self.horizon_hits += 1;
                return known.estimate;
            }
        }
        if depth == 0 {
            self.horizon_hits += 1;
            // An estimate outside what the endgame tables prove is wrong by that much.
            return self.heuristic(pos).clamp(lower, upper);
        }
        if depth == 1 {
            return self.frontier(pos, beta);
        }
        let (key, base) = self.key(pos);
        let depth_tag = depth.min(EXACT_DEPTH as u32 - 1) as u8;
        let mut tt_move = None;
        if let Some(p) = self.tt.probe(key) {
            tt_move = House::new(p.best);
            if p.depth >= depth_tag {
                let (lo, hi) = (p.lower + base, p.upper + base);
                if lo >= beta || hi <= alpha || lo == hi {
                    if p.depth != EXACT_DEPTH {
                        self.horizon_hits += 1;
                    }
                    return if lo >= beta { lo } else { hi };
                }
            }
        }

        let hits_before = self.horizon_hits;
        let nodes_before = self.nodes;
        let alpha_orig = alpha;
        let me = pos.side_to_move();
        let index = self.path.len();
        let floor_above = std::mem::replace(&mut self.repetition_floor, usize::MAX);
        let entered = self.enter(pos);
        let mut best = -i32::MAX;
        let mut best_move = None;
        'moves: {
            // The remembered best move first, before generating the others: it usually
            // cuts, and then the other children are never needed.
            let mut searched = None;
            if let Some(house) = tt_move.filter(|&h| pos.legal_moves().contains(h)) {
                let mut child = *pos;
                child.play_unchecked(house);
                best = self.child_value(me, &child, depth - 1, alpha, beta);
                best_move = Some(house);
                searched = Some(house);
                if best > alpha {
                    alpha = best;
                    if alpha >= beta {
                        self.count_cut(me, house, depth);
                        break 'moves;
                    }
                }
            }
            let children = self.ordered_children(pos, searched, None, depth > 2);
            for (i, (child, house)) in children.iter().enumerate() {
                let v = if i == 0 && searched.is_none() {
                    self.child_value(me, &child, depth - 1, alpha, beta)
                } else {
                    let v = self.child_value(me, &child, depth - 1, alpha, alpha + 1);
                    if v > alpha && v < beta {
                        self.child_value(me, &child, depth - 1, v, beta)
                    } else {
                        v
                    }
                };
                if v > best {
                    best = v;
                    best_move = Some(house);
                    if v > alpha {
                        alpha = v;
                        if alpha >= beta {
                            self.count_cut(me, house, depth);
                            break;
                        }
                    }
                }
            }
        }
        self.leave(entered);
        let floor = self.repetition_floor;
        self.repetition_floor = floor_above.min(floor);
        if self.clock.stopped() {
            return 0;
        }
        let best = best.clamp(lower, upper);
        if floor < index {
            // The value holds only on this line (graph history interaction): a later
            // probe from another line must not reuse it.
            return best;
        }
        let tag = if self.horizon_hits == hits_before {
            EXACT_DEPTH
        } else {
            depth_tag
        };
        let stored_lower = if best > alpha_orig { best } else { lower };
        let stored_upper = if best < beta { best } else { upper };
        self.tt.store(
            key,
            stored_lower - base,
            stored_upper - base,
            tag,
            best_move.map_or(0, House::number),
            self.nodes - nodes_before,
        );
        best
    }

    /// The heuristic value of `pos` (not over), kept within its proven bounds as this
    /// run counts them: a position already proven won is worth a win.
    #[inline]
    fn heuristic(&self, pos: &Position) -> i32 {
        let estimate = evaluate_in(pos, &self.weights, GRAIN);
        match self.objective {
            Objective::Margin => estimate,
            Objective::Win => {
                let (lower, upper) = self.objective.proven_bounds(value_bounds(pos));
                estimate.clamp(lower, upper)
            }
        }
    }

    /// The transposition key of `pos` and the part of its value the key leaves out. A
    /// run playing to win keys the stores too: its values are not store difference plus
    /// a value of the board.
    #[inline]
    fn key(&self, pos: &Position) -> (u128, i32) {
        // The stores are banked: a proven part of the value (0 when playing to win).
        let (key, stores) = perspective_key(pos, self.objective == Objective::Margin);
        (key, self.objective.proven(stores))
    }

    /// What the endgame tables make of `pos` (not over, not a repetition) as this run
    /// counts values: its proven bounds (the stores' and the table's) and the table's
    /// estimate within them.
    #[inline]
    fn table_value(&self, pos: &Position) -> Option<Probe> {
        let probe = self.endgame?.probe(pos)?;
        let base = store_difference(pos);
        let (lower, upper) = self.objective.proven_bounds(value_bounds(pos));
        let lower = lower.max(self.objective.proven(base + probe.lower));
        let upper = upper.min(self.objective.proven(base + probe.upper));
        Some(Probe {
            lower,
            upper,
            estimate: self
                .objective
                .estimated(base + probe.estimate)
                .clamp(lower, upper),
        })
    }

    /// What Oware's database makes of `pos` (not over, not a repetition) as this run
    /// counts values: its exact value; where no earlier position can come back
    /// (`fresh`), its bounds and its guess within them; elsewhere only its guess (bounds
    /// as wide as the stores allow), since a line may end sooner by rule 8. Trusted,
    /// never proven.
    #[inline]
    fn database_value(&self, pos: &Position, fresh: impl FnOnce() -> bool) -> Option<Probe> {
        let database = self.database.filter(|_| !self.database_proves)?;
        let on_board =
            pos.total_seeds() - pos.store(Side::South) as u32 - pos.store(Side::North) as u32;
        if on_board > database.max_seeds() {
            return None;
        }
        let known = database.probe(pos)?;
        let base = store_difference(pos);
        let value = |captured: u8| self.objective.proven(base + known.gain(captured));
        let guess = self
            .objective
            .estimated(base + known.gain(known.guess))
            .clamp(value(known.lower), value(known.upper));
        // An exact value is trusted even where an earlier position could come back, as
        // Aalina trusts its database's: the line that forces it would have to pass
        // through a position of the game's past for rule 8 to cut it short.
        if known.is_exact() || fresh() {
            let lower = value(known.lower);
            let upper = value(known.upper);
            let estimate = if lower == upper { lower } else { guess };
            Some(Probe {
                lower,
                upper,
                estimate,
            })
        } else {
            let (lower, upper) = self.objective.proven_bounds(value_bounds(pos));
            Some(Probe {
                lower,
                upper,
                estimate: guess.clamp(lower, upper),
            })
        }
    }

    /// Proven bounds on `pos`'s value from the database's bounds right after a capture:
    /// only who wins (rule 6, left out of the database, ends a game sooner but never
    /// changes its winner), so a won position is worth at least a seed, a lost one at
    /// most minus one, and a drawn one exactly nothing.
    fn proven_winner(&self, pos: &Position) -> Option<(i32, i32)> {
        let database = self.database?;
        let known = database.probe(pos).filter(|_| self.after_capture(pos))?;
        let base = store_difference(pos);
        let (low, high) = (
            base + known.gain(known.lower),
            base + known.gain(known.upper),
        );
        let (mut lower, mut upper) = value_bounds(pos);
        match low.signum() {
            1 => lower = lower.max(1),
            0 => lower = lower.max(0),
            _ => {}
        }
        match high.signum() {
            -1 => upper = upper.min(-1),
            0 => upper = upper.min(0),
            _ => {}
        }
        Some(self.objective.proven_bounds((lower, upper)))
    }

    /// Whether no earlier position can come back at `pos` (Oware): its stores differ
    /// from the position before it on the line (a capture), or nothing came before.
    #[inline]
    fn after_capture(&self, pos: &Position) -> bool {
        self.path
            .last()
            .is_none_or(|&before| (before ^ pos.key()) & stores_mask(pos) != 0)
    }

    /// A node one ply above the horizon, where most of the work of a search is: values
    /// each child directly (final result, endgame table or heuristic) with no ordering,
    /// transposition table or recursion, stopping at the first child that reaches `beta`.
    fn frontier(&mut self, pos: &Position, beta: i32) -> i32 {
        let me = pos.side_to_move();
        let mut best = -i32::MAX;
        let mut exact = true;
        for house in pos.legal_moves() {
            let mut child = *pos;
            child.play_unchecked(house);
            self.nodes += 1;
            let v = if child.is_over() {
                self.objective.proven(final_value(&child, me))
            } else if let Some(at) = self.frontier_repeats(pos, &child) {
                self.repetition_floor = self.repetition_floor.min(at);
                let mut ended = child;
                ended.end_by_repetition();
                self.objective.proven(final_value(&ended, me))
            } else {
                // As in `negamax`: the table where it proves the value, then the
                // database where it is exact or the table does not reach, then the
                // table's estimate, then the heuristic.
                let table = self.table_value(&child);
                let proven = table.filter(|t| t.lower == t.upper);
                let database = || {
                    let fresh = child.store(me) != pos.store(me);
                    self.database_value(&child, || fresh)
                        .filter(|db| db.lower == db.upper || table.is_none())
                };
                let v = match (proven, table) {
                    (Some(known), _) => known.lower,
                    _ => {
                        exact = false;
                        match (database(), table) {
                            (Some(db), _) => db.estimate,
                            (None, Some(known)) => known.estimate,
                            (None, None) => self.heuristic(&child),
                        }
                    }
                };
                if child.side_to_move() == me {
                    v
                } else {
                    -v
                }
            };
            if v > best {
                best = v;
                if v >= beta {
                    break;
                }
            }
        }
        if !exact {
            self.horizon_hits += 1;
        }
        best
    }

    /// Oware rule 8: where `pos` is on the current line (or in the game before it). Stores
    /// only grow, so walking back from the newest position, the first one with other
    /// stores ends the search: nothing before it can equal `pos`.
    #[inline]
    fn repeats(&self, pos: &Position) -> Option<usize> {
        if pos.variant() != Variant::Oware {
            return None;
        }
        let key = pos.key();
        let stores = stores_mask(pos);
        for (at, &earlier) in self.path.iter().enumerate().rev() {
            if (earlier ^ key) & stores != 0 {
                return None;
            }
            if earlier == key {
                return Some(at);
            }
        }
        None
    }

    /// Rule 8 one ply above the horizon, where `pos` is not on the path: does `child`
    /// repeat `pos` itself (which would sit at the path's end) or the line above?
    #[inline]
    fn frontier_repeats(&self, pos: &Position, child: &Position) -> Option<usize> {
        if pos.variant() != Variant::Oware {
            None
        } else if child.key() == pos.key() {
            Some(self.path.len())
        } else {
            self.repeats(child)
        }
    }

    /// Oware keeps the current line for rule 8; other variants cannot repeat a position
    /// (every move moves seeds toward a store for good... or not at all), so skip it.
    #[inline]
    fn enter(&mut self, pos: &Position) -> bool {
        if pos.variant() == Variant::Oware {
            self.path.push(pos.key());
            true
        } else {
            false
        }
    }

    #[inline]
    fn leave(&mut self, entered: bool) {
        if entered {
            self.path.pop();
        }
    }

    /// Children in the order most likely to cut: `prefer` (the previous best), extra
    /// turns, the biggest immediate gain, in Oware the moves that cut most often in this
    /// run (history heuristic), then houses nearest the store. `skip` (a move
    /// already searched) is left out. With `prefetch`, the children's table entries
    /// start loading at once (not worth it for children next to the horizon, which never probe).
    #[inline]
    fn ordered_children(
        &self,
        pos: &Position,
        skip: Option<House>,
        prefer: Option<House>,
        prefetch: bool,
    ) -> Children {
        let me = pos.side_to_move();
        let before = pos.store(me) as i32 - pos.store(me.opponent()) as i32;
        let mut children = Children {
            positions: [*pos; 8],
            houses: [HOUSE_1; 8],
            order: [0; 8],
            count: 0,
        };
        for house in pos.legal_moves() {
            if Some(house) == skip {
                continue;
            }
            let mut child = *pos;
            child.play_unchecked(house);
            let again = !child.is_over() && child.side_to_move() == me;
            let gain = final_value(&child, me) - before;
            // Extra turns, then gain, then (Oware) the history of cuts, capped to its
            // 39 bits, which a run never reaches, then the house nearest the store.
            let cuts = if self.order_by_cuts {
                self.cuts[me.index()][house.number() as usize]
            } else {
                0
            };
            let key = if Some(house) == prefer {
                u64::MAX >> 3
            } else {
                ((again as u64) << 52)
                    | (((gain + 128) as u64) << 42)
                    | cuts.min((1 << 39) - 1) << 3
                    | house.number() as u64
            };
            if prefetch && !child.is_over() {
                self.tt.prefetch(self.key(&child).0);
                if let Some(table) = self.endgame {
                    table.prefetch(&child);
                }
            }
            let slot = children.count;
            children.positions[slot] = child;
            children.houses[slot] = house;
            // The slot rides in the key's low bits: sorting eight numbers is cheaper
            // than sorting the positions themselves.
            children.order[slot] = key << 3 | slot as u64;
            children.count += 1;
        }
        children.order[..children.count].sort_unstable_by(|a, b| b.cmp(a));
        children
    }

    /// Credits `house` with a cut by `me` at `depth`: deep cuts saved more work, so
    /// they weigh more (depth squared, as in chess engines' history tables). The
    /// solver's depth stands for "to the end" and can be near `u32::MAX`, so the weight
    /// stops growing at the deepest search a limit can ask for.
    #[inline]
    fn count_cut(&mut self, me: Side, house: House, depth: u32) {
        let d = u64::from(depth.min(MAX_DEPTH));
        let cuts = &mut self.cuts[me.index()][house.number() as usize];
        *cuts = cuts.saturating_add(d * d);
    }

    /// The line the transposition table expects from `pos`, starting with `best`.
    fn principal_variation(&self, pos: &Position, best: House) -> Vec<House> {
        let mut pv = vec![best];
        let mut at = *pos;
        at.play_unchecked(best);
        let mut seen = vec![at.key()];
        while pv.len() < 64 && !at.is_over() {
            let Some(p) = self.tt.probe(self.key(&at).0) else {
                break;
            };
            let Some(house) = House::new(p.best).filter(|&h| at.legal_moves().contains(h)) else {
                break;
            };
            at.play_unchecked(house);
            if seen.contains(&at.key()) {
                break;
            }
            seen.push(at.key());
            pv.push(house);
        }
        pv
    }
}

/// The children of a node, sorted for search; fixed arrays, so nothing is allocated.
struct Children {
    positions: [Position; 8],
    houses: [House; 8],
    /// Sort keys, best first once sorted, each with its slot in its three low bits.
    order: [u64; 8],
    count: usize,
}

/// A placeholder for the unused slots of [`Children`].
const HOUSE_1: House = House::new(1).unwrap();

impl Children {
    /// The children, best first, with the move that makes each.
    fn iter(&self) -> impl Iterator<Item = (Position, House)> + '_ {
        self.order[..self.count].iter().map(|&o| {
            let slot = (o & 7) as usize;
            (self.positions[slot], self.houses[slot])
        })
    }
}
