//! Oware's endgame database keyed by the board alone, as the strongest Oware programs
//! keep theirs: for every board of up to `max_seeds` seeds, how many of the seeds left
//! on it the side to move will still capture under perfect play, in one byte.
//!
//! **What a value means.** Play goes on to the last seed (rule 6's "more than half
//! wins at once" is left out: it decides who wins no differently, since seeds never
//! leave a store, but it stops the count early), and every seed on the board ends in
//! one store or the other, so the mover's `v` leaves `n - v` to the opponent.
//!
//! **Cycles.** Quiet moves (no capture) keep the seed count and can come back to a
//! board; rule 8 then ends the game with each player taking the seeds on their side, at
//! a position that depends on the whole line. A byte cannot hold that, so each board
//! keeps two proven bounds instead: the least the mover captures and the most, where
//! each side forces its bound in a finite number of moves that never come back to a
//! position. That makes them hold **when no earlier position of the game can come
//! back**: right after a capture (every earlier position had more seeds on the board),
//! or at the game's start. Where the bounds meet (30 % of the boards up to 12 seeds) the
//! value is exact there; elsewhere the game circles until rule 8 ends it, and the
//! database keeps a second byte, its guess within the bounds, found much as the endgame
//! tables find their estimates: each board starts as an even split of its seeds, then
//! takes its best move's value, a quiet move's being minus its child's guess, sweep
//! after sweep.
//!
//! **How it is built.** One seed count at a time, upwards (retrograde analysis):
//! captures lead to counts already done, quiet moves stay within the count. The bounds
//! of a count start at the widest (nothing and everything) and every sweep gives each
//! board the best of its moves' bounds, until a sweep changes nothing: the lower bounds
//! only rise and the upper only fall, so they settle at what each side can force.
//!
//! **Size.** C(n + 11, 11) boards of n seeds: 2.7 million boards (5.4 MB with the
//! guesses) up to 12 seeds, 17 million up to 15, the most a byte's two halves can count.

use super::boards::{first_board, mover_board, next_board, BoardIndex, HOUSES};
use super::oware::{list_moves, Exit};
use mancala_engine::{GrandSlam, Position, Rules, Variant};
use std::sync::{Arc, OnceLock};

/// The most seeds a database holds: a bound of 0..=15 fits half a byte.
pub const MAX_DATABASE_SEEDS: u32 = 15;

/// The database the app builds by itself for Oware: 12 seeds, 2.7 million boards in
/// 5.4 MB, as many boards as the Aualé app's Aalina keeps.
pub const DEFAULT_DATABASE_SEEDS: u32 = 12;

/// An Oware endgame database: for every board of up to
/// [`max_seeds`](OwareDatabase::max_seeds) seeds and each grand-slam rule, what the
/// side to move still captures from the seeds on the board under perfect play
/// (see [`BoardValue`] for when that is proven).
///
/// ```
/// use mancala_ai::OwareDatabase;
/// use mancala_engine::{Position, Rules, Side, Variant};
///
/// let rules = Rules::new(Variant::Oware);
/// let db = OwareDatabase::build(rules, 6);
/// assert_eq!(db.len(), 18_564); // every board of up to 6 seeds on twelve houses
///
/// // South sows house 6 into North's houses 1 and 2, making both 2: it captures 4.
/// // North's last seed must then feed South, who cannot feed back and so takes it:
/// // South captures all 5 seeds on the board.
/// let pos = Position::from_parts(
///     rules,
///     [&[0, 0, 0, 0, 0, 2], &[1, 1, 0, 0, 0, 1]],
///     [20, 23],
///     Side::South,
/// )
/// .unwrap();
/// let value = db.probe(&pos).unwrap();
/// assert_eq!((value.seeds, value.lower, value.upper), (5, 5, 5));
/// assert!(value.is_exact());
/// ```
pub struct OwareDatabase {
    grand_slam: GrandSlam,
    max_seeds: u32,
    boards: BoardIndex,
    /// Index of the first board of `n` seeds: a board of rank `r` is at `starts[n] + r`.
    starts: Vec<usize>,
    /// Per board: the lower bound in the low half of the byte, the upper in the high.
    entries: Vec<u8>,
    /// Per board: the guess within the bounds, in seeds the mover captures.
    guesses: Vec<u8>,
}

/// What an [`OwareDatabase`] knows of a board: bounds on the seeds the side to move
/// still captures from the `seeds` on it.
///
/// The bounds are proven when no earlier position of the game can come back: right
/// after a capture, or at the game's start. Elsewhere rule 8 may end a line sooner
/// than the database assumes, and they are estimates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardValue {
    /// Seeds on the board (the stores not counted).
    pub seeds: u8,
    /// The least the side to move captures of them.
    pub lower: u8,
    /// The most the side to move captures of them; equal to `lower` when exact.
    pub upper: u8,
    /// The database's guess within the bounds: the value where they meet, else a value
    /// found by sweeps from an even split (see [`OwareDatabase`]).
    pub guess: u8,
}

impl BoardValue {
    /// Whether the bounds meet.
    pub fn is_exact(&self) -> bool {
        self.lower == self.upper
    }

    /// `captured` seeds of the board as a gain for the side to move: what it adds to
    /// the store difference (mover minus opponent) by the end, `2 * captured - seeds`.
    pub fn gain(&self, captured: u8) -> i32 {
        2 * captured as i32 - self.seeds as i32
    }
}

/// The most sweeps of guesses a seed count gets (they stop sooner once a sweep changes
/// nothing): value iteration round a cycle need not settle, as with the tables'
/// estimates.
const GUESS_SWEEPS: usize = 30;

/// One move of a board under construction: to a board of the same seeds (a quiet
/// move), or with a value already known (a capture or the end of the game), as bounds
/// on the mover's gain and the guess between them.
#[derive(Clone, Copy)]
enum Step {
    Quiet(u32),
    Known { lower: i8, upper: i8, guess: i8 },
}

impl OwareDatabase {
    /// Builds the database of boards of up to `max_seeds` seeds (at most
    /// [`MAX_DATABASE_SEEDS`]) for `rules` (Oware; only the grand-slam rule matters).
    pub fn build(rules: Rules, max_seeds: u32) -> OwareDatabase {
        Self::build_reporting(rules, max_seeds, &mut |_| {})
    }

    /// [`OwareDatabase::build`], telling `report` the share of the work done (0.0 to
    /// 1.0, rising, 1.0 at the end), once per sweep.
    pub fn build_reporting(
        rules: Rules,
        max_seeds: u32,
        report: &mut dyn FnMut(f32),
    ) -> OwareDatabase {
        assert_eq!(rules.variant(), Variant::Oware, "a database is Oware's");
        assert!(
            max_seeds <= MAX_DATABASE_SEEDS,
            "a database holds at most {MAX_DATABASE_SEEDS} seeds"
        );
        let mut db = Self::empty(rules.grand_slam(), max_seeds);
        let rules = Rules::new(Variant::Oware).with_grand_slam(rules.grand_slam());
        // The work of a count: its boards times the sweeps it is expected to take.
        let work: Vec<f64> = (0..=max_seeds as usize)
            .map(|n| (db.boards.count(n) * (10 * n + 6)) as f64)
            .collect();
        let total: f64 = work.iter().sum();
        let mut before = 0.0;
        for (n, &layer) in work.iter().enumerate() {
            db.build_layer(rules, n, &mut |sweeps| {
                let share = ((sweeps + 1) as f64 / (10 * n + 6) as f64).min(0.95);
                report(((before + layer * share) / total) as f32);
            });
            before += layer;
            report((before / total) as f32);
        }
        report(1.0);
        db
    }

    /// The database of [`DEFAULT_DATABASE_SEEDS`] for `rules`, built at first need and
    /// shared afterwards (one build, never two; a caller that comes while it is built
    /// waits for it); `None` for rules other than Oware on six houses. Seconds the first
    /// time: a move must not wait for it ([`OwareDatabase::if_built`]).
    pub fn shared(rules: Rules) -> Option<Arc<OwareDatabase>> {
        Self::shared_with(rules, OwareDatabase::build)
    }

    /// [`OwareDatabase::shared`], made by `make(rules, seeds)` the first time (to read
    /// it from a file cache, say); `make` must return a database of those rules and
    /// seeds.
    pub fn shared_with(
        rules: Rules,
        make: impl FnOnce(Rules, u32) -> OwareDatabase,
    ) -> Option<Arc<OwareDatabase>> {
        let slot = Self::slot(rules)?;
        Some(Arc::clone(slot.get_or_init(|| {
            Arc::new(make(rules, DEFAULT_DATABASE_SEEDS))
        })))
    }

    /// The shared database of `rules` if it has been built; never builds and never waits.
    pub fn if_built(rules: Rules) -> Option<Arc<OwareDatabase>> {
        Self::slot(rules)?.get().cloned()
    }

    /// Is there a database for `rules`? Oware on six houses.
    pub fn covers(rules: Rules) -> bool {
        rules.variant() == Variant::Oware && rules.houses() as usize == HOUSES
    }

    /// One shared database per grand-slam rule, for Oware on six houses.
    fn slot(rules: Rules) -> Option<&'static OnceLock<Arc<OwareDatabase>>> {
        static DATABASES: [OnceLock<Arc<OwareDatabase>>; 3] = [const { OnceLock::new() }; 3];
        if !Self::covers(rules) {
            return None;
        }
        let at = GrandSlam::ALL
            .iter()
            .position(|&g| g == rules.grand_slam())?;
        DATABASES.get(at)
    }

    fn empty(grand_slam: GrandSlam, max_seeds: u32) -> OwareDatabase {
        let boards = BoardIndex::new(max_seeds);
        let mut starts = vec![0usize; max_seeds as usize + 2];
        for n in 0..=max_seeds as usize {
            starts[n + 1] = starts[n] + boards.count(n);
        }
        let entries = vec![0u8; starts[max_seeds as usize + 1]];
        OwareDatabase {
            grand_slam,
            max_seeds,
            boards,
            starts,
            guesses: entries.clone(),
            entries,
        }
    }

    /// The most seeds on the board of a position it knows.
    pub fn max_seeds(&self) -> u32 {
        self.max_seeds
    }

    /// The rules it was built for (Oware with its grand-slam rule).
    pub fn rules(&self) -> Rules {
        Rules::new(Variant::Oware).with_grand_slam(self.grand_slam)
    }

    /// Boards in the database (one byte each).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Never true: a database holds at least the empty board.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Boards whose bounds meet, for each seed count `0..=max_seeds`.
    pub fn exact_per_count(&self) -> Vec<usize> {
        (0..=self.max_seeds as usize)
            .map(|n| {
                self.entries[self.starts[n]..self.starts[n + 1]]
                    .iter()
                    .filter(|&&e| e & 0xF == e >> 4)
                    .count()
            })
            .collect()
    }

    /// What the database knows of `pos`, if it is an Oware position of its grand-slam
    /// rule, not over, with at most [`max_seeds`](OwareDatabase::max_seeds) seeds on the
    /// board. See [`BoardValue`] for when its bounds are proven.
    #[inline]
    pub fn probe(&self, pos: &Position) -> Option<BoardValue> {
        let rules = pos.rules();
        if rules.variant() != Variant::Oware
            || rules.grand_slam() != self.grand_slam
            || rules.houses() as usize != HOUSES
            || pos.is_over()
        {
            return None;
        }
        let board = mover_board(pos);
        let n: usize = board.iter().map(|&s| s as usize).sum();
        if n > self.max_seeds as usize {
            return None;
        }
        let at = self.starts[n] + self.boards.rank(&board, n);
        let entry = self.entries[at];
        Some(BoardValue {
            seeds: n as u8,
            lower: entry & 0xF,
            upper: entry >> 4,
            guess: self.guesses[at],
        })
    }

    /// The bounds of every board of `n` seeds, from those of fewer; `swept(sweeps)`
    /// after each sweep.
    fn build_layer(&mut self, rules: Rules, n: usize, swept: &mut dyn FnMut(usize)) {
        let count = self.boards.count(n);
        let width = n as i8;
        // Every board's moves, `first[r]..first[r + 1]` in `steps`; a board with no
        // moves (the game is over on it) has its value as its bounds from the start.
        let mut steps = Vec::with_capacity(count * 5);
        let mut first = Vec::with_capacity(count + 1);
        let mut lower = vec![-width; count];
        let mut upper = vec![width; count];
        let mut exits = Vec::with_capacity(8);
        let mut board = first_board(n);
        for rank in 0..count {
            first.push(steps.len() as u32);
            exits.clear();
            if let Some(value) = list_moves(rules, &self.boards, &board, n, &mut exits) {
                (lower[rank], upper[rank]) = (value, value);
            }
            steps.extend(exits.iter().map(|&exit| self.step(exit, n)));
            next_board(&mut board);
        }
        first.push(steps.len() as u32);

        sweep_until_settled(count, usize::MAX, swept, |rank| {
            let moves = &steps[first[rank] as usize..first[rank + 1] as usize];
            if moves.is_empty() || lower[rank] == upper[rank] {
                return false;
            }
            let (mut lo, mut hi) = (i8::MIN, i8::MIN);
            for &step in moves {
                let (l, h) = match step {
                    Step::Quiet(child) => (-upper[child as usize], -lower[child as usize]),
                    Step::Known { lower, upper, .. } => (lower, upper),
                };
                lo = lo.max(l);
                hi = hi.max(h);
            }
            let changed = lo > lower[rank] || hi < upper[rank];
            lower[rank] = lower[rank].max(lo);
            upper[rank] = upper[rank].min(hi);
            changed
        });
        let guess = Self::guess_layer(n, &steps, &first, &lower, &upper);
        // Gains -n..=n (of the parity of n) back to seeds captured, 0..=n.
        let captured = |gain: i8| ((gain as i32 + n as i32) / 2) as u8;
        for rank in 0..count {
            let at = self.starts[n] + rank;
            self.entries[at] = captured(lower[rank]) | captured(upper[rank]) << 4;
            self.guesses[at] = captured(guess[rank]);
        }
    }

    /// The guesses (as gains) of the boards of `n` seeds whose bounds are settled: each
    /// starts as an even split of its seeds and then takes its best move's value, a
    /// quiet move's being minus its child's guess, sweep after sweep until nothing
    /// changes or [`GUESS_SWEEPS`], always within its bounds.
    ///
    /// Why an even split and not rule 8's (each side taking the seeds on its side, where
    /// the game would end if this board came back): measured against the 12-seed
    /// database Aalina ships, on the 1.9 million boards whose bounds stay apart, the
    /// guesses from an even split equal Aalina's value on 77 % of them (0.24 seeds
    /// apart on average), those from rule 8's on 43 % (0.66 seeds).
    fn guess_layer(n: usize, steps: &[Step], first: &[u32], lower: &[i8], upper: &[i8]) -> Vec<i8> {
        let count = lower.len();
        // An even split of the seeds (the odd one to the opponent), the gain's parity
        // being that of `n`.
        let even = -((n % 2) as i8);
        let mut guess: Vec<i8> = (0..count)
            .map(|rank| even.clamp(lower[rank], upper[rank]))
            .collect();
        sweep_until_settled(count, GUESS_SWEEPS, &mut |_| {}, |rank| {
            let moves = &steps[first[rank] as usize..first[rank + 1] as usize];
            if moves.is_empty() || lower[rank] == upper[rank] {
                return false;
            }
            let best = moves
                .iter()
                .map(|&step| match step {
                    Step::Quiet(child) => -guess[child as usize],
                    Step::Known { guess, .. } => guess,
                })
                .max()
                .unwrap_or(guess[rank])
                .clamp(lower[rank], upper[rank]);
            let changed = best != guess[rank];
            guess[rank] = best;
            changed
        });
        guess
    }

    /// A move of a board of `n` seeds as a [`Step`]: a capture's value comes from the
    /// smaller count already built.
    fn step(&self, exit: Exit, n: usize) -> Step {
        match exit {
            Exit::Quiet { child, .. } => Step::Quiet(child),
            Exit::Capture { seeds, child } => {
                let left = n - seeds as usize;
                let at = self.starts[left] + child as usize;
                let entry = self.entries[at];
                let gain = |captured: u8| 2 * captured as i8 - left as i8;
                let (lo, hi) = (gain(entry & 0xF), gain(entry >> 4));
                Step::Known {
                    lower: seeds as i8 - hi,
                    upper: seeds as i8 - lo,
                    guess: seeds as i8 - gain(self.guesses[at]),
                }
            }
            Exit::End { gain, .. } => Step::Known {
                lower: gain,
                upper: gain,
                guess: gain,
            },
        }
    }
}

/// Visits ranks `0..count` sweep after sweep, in both directions alternately (so that
/// news travels along cycles either way), until a sweep in which `visit` changed nothing
/// or `max_sweeps`; `swept(sweep)` before each sweep.
fn sweep_until_settled(
    count: usize,
    max_sweeps: usize,
    swept: &mut dyn FnMut(usize),
    mut visit: impl FnMut(usize) -> bool,
) {
    for sweep in 0..max_sweeps {
        swept(sweep);
        let forward = sweep % 2 == 0;
        let mut changed = false;
        for at in 0..count {
            changed |= visit(if forward { at } else { count - 1 - at });
        }
        if !changed {
            break;
        }
    }
}

/// Bytes of a database for a file cache: see `encoding`.
impl OwareDatabase {
    /// The packed bounds, one byte a board, in order of seed count and rank, then the
    /// guesses, one byte a board in the same order.
    pub(super) fn entries(&self) -> [&[u8]; 2] {
        [&self.entries, &self.guesses]
    }

    /// The database of `rules` and `max_seeds` holding `bytes` (its bounds, then its
    /// guesses, as [`OwareDatabase::entries`] gives them), if they are as many as it
    /// has, every bound is within its board's seeds, the lower not above the upper,
    /// and every guess within its bounds.
    pub(super) fn from_entries(rules: Rules, max_seeds: u32, bytes: &[u8]) -> Option<Self> {
        if rules.variant() != Variant::Oware || max_seeds > MAX_DATABASE_SEEDS {
            return None;
        }
        let mut db = Self::empty(rules.grand_slam(), max_seeds);
        if bytes.len() != 2 * db.entries.len() {
            return None;
        }
        let (entries, guesses) = bytes.split_at(db.entries.len());
        let sound = (0..=max_seeds as usize).all(|n| {
            let span = db.starts[n]..db.starts[n + 1];
            entries[span.clone()]
                .iter()
                .zip(&guesses[span])
                .all(|(&e, &g)| e & 0xF <= g && g <= e >> 4 && (e >> 4) as usize <= n)
        });
        db.entries = entries.to_vec();
        db.guesses = guesses.to_vec();
        sound.then_some(db)
    }

    /// Boards of up to `max_seeds` seeds: the database's length, known without it.
    pub(super) fn boards_up_to(max_seeds: u32) -> usize {
        let boards = BoardIndex::new(max_seeds);
        (0..=max_seeds as usize).map(|n| boards.count(n)).sum()
    }
}
