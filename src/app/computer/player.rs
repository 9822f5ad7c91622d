//! The computer player of `crate::ai` behind the controller's [`Brain`] trait.

use crate::ai::{
    choose_in_opening, Advice, EndgameTable, Level, Limits, OwareDatabase, Searcher,
    DEFAULT_DATABASE_SEEDS,
};
use crate::app::computer::brain::Brain;
use crate::engine::{Game, House, Lockstep, Rules, Side};
use crate::players::Difficulty;
use crate::store::TableCache;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, TryLockError};
use std::time::Duration;

/// How long a hint may think, all its moves together: long enough to be good, short
/// enough to wait for (about a second, with the thread's start and the poll).
const HINT_TIME: Duration = Duration::from_millis(900);

/// How long the coach may think about the position before the person's move, all its
/// moves together: short, since it runs beside the computer's own search, and its
/// words are wanted while the computer's answer is still being shown.
const COACH_TIME: Duration = Duration::from_millis(300);

/// Transposition table size: small enough for any phone.
const TABLE_MEGABYTES: usize = 16;

/// The coach's own table: it searches while the computer searches its answer, so it
/// never takes the computer's searcher (or makes it start a fresh one).
const COACH_TABLE_MEGABYTES: usize = 2;

/// The real computer opponent. One searcher is kept between moves so its table helps the
/// next search; the controller runs one search at a time, and a cancelled search gives
/// the searcher back within milliseconds.
pub struct Computer {
    searcher: Mutex<Searcher>,
    /// The coach's searcher, made the first time the coach looks at a move.
    coach: Mutex<Option<Searcher>>,
    /// The endgame tables a thread was started to make, and how far each build has
    /// come (shared with those threads).
    table_builds: Arc<Mutex<Vec<TableBuild>>>,
    /// Where built endgame tables are kept for the next run (none: built every run).
    table_cache: Option<TableCache>,
}

impl Default for Computer {
    fn default() -> Self {
        Computer {
            searcher: Mutex::new(Searcher::new(TABLE_MEGABYTES)),
            coach: Mutex::new(None),
            table_builds: Arc::default(),
            table_cache: None,
        }
    }
}

impl Computer {
    /// A computer player that keeps the endgame tables it builds in `cache`, and reads
    /// them from there in later runs instead of building them again.
    pub fn with_table_cache(cache: TableCache) -> Computer {
        Computer {
            table_cache: Some(cache),
            ..Computer::default()
        }
    }

    /// Runs `search` with the kept searcher, or with a fresh one while a cancelled search
    /// still holds it (the expert's first move builds endgame tables, which it does not
    /// interrupt), so a new search never waits for an old one.
    fn with_searcher<R>(&self, game: &Game, search: impl FnOnce(&mut Searcher) -> R) -> R {
        let mut fresh;
        let mut kept;
        let searcher: &mut Searcher = match self.searcher.try_lock() {
            Ok(guard) => {
                kept = guard;
                &mut kept
            }
            // A panic in an earlier search leaves a usable searcher: its table is a cache.
            Err(TryLockError::Poisoned(poisoned)) => {
                kept = poisoned.into_inner();
                &mut kept
            }
            Err(TryLockError::WouldBlock) => {
                fresh = Searcher::new(TABLE_MEGABYTES);
                &mut fresh
            }
        };
        searcher.set_history(game.history());
        search(searcher)
    }
}

/// The AI level that plays at a difficulty the player chose. One arm per difficulty: a
/// new difficulty does not compile until it is given a level.
fn level_of(difficulty: Difficulty) -> Level {
    match difficulty {
        Difficulty::Beginner => Level::Beginner,
        Difficulty::Casual => Level::Casual,
        Difficulty::Intermediate => Level::Intermediate,
        Difficulty::Strong => Level::Strong,
        Difficulty::Expert => Level::Expert,
    }
}

impl Brain for Computer {
    fn choose_move(&self, game: &Game, level: Difficulty, cancel: &AtomicBool) -> House {
        self.with_searcher(game, |searcher| {
            // Only the expert plays with exact endgame tables and the database (it sets
            // them itself); a hint may have left them in.
            searcher.set_endgame(None);
            searcher.set_database(None);
            level_of(level).choose(
                searcher,
                game.position(),
                1.0,
                Some(cancel),
                &mut rand::rng(),
            )
        })
    }

    /// The mixed strategy of `mancala_ai::choose_in_opening`. It takes no cancel flag: its
    /// searches are short (tens of milliseconds a pair of houses), and an answer nobody
    /// waits for any more is dropped.
    fn choose_in_opening(
        &self,
        lockstep: &Lockstep,
        side: Side,
        level: Difficulty,
        _cancel: &AtomicBool,
    ) -> Option<House> {
        let mut searcher = match self.searcher.try_lock() {
            Ok(guard) => guard,
            Err(TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
            Err(TryLockError::WouldBlock) => {
                // A cancelled search still holds the kept one: a fresh one, no waiting.
                let mut fresh = Searcher::new(TABLE_MEGABYTES);
                return choose_in_opening(
                    &mut fresh,
                    lockstep,
                    side,
                    level_of(level),
                    1.0,
                    &mut rand::rng(),
                );
            }
        };
        searcher.set_endgame(None);
        searcher.set_database(None);
        choose_in_opening(
            &mut searcher,
            lockstep,
            side,
            level_of(level),
            1.0,
            &mut rand::rng(),
        )
    }

    fn hint(&self, game: &Game, cancel: &AtomicBool) -> Option<Advice> {
        let limits = Limits {
            time: Some(HINT_TIME),
            cancel: Some(cancel),
            ..Limits::default()
        };
        self.with_searcher(game, |searcher| {
            // The endgame tables help when the expert has built them; building them
            // here would take longer than a hint may.
            let rules = game.position().rules();
            searcher.set_endgame(EndgameTable::if_built(rules));
            searcher.set_database(OwareDatabase::if_built(rules));
            searcher.advise(game.history(), &limits)
        })
    }

    /// The expert's endgame tables (Kalah and Oware) are built on a thread of their own
    /// (seconds, once a run); its moves search without them until they are ready.
    fn prepare(&self, rules: Rules, level: Difficulty) {
        if level != Difficulty::Expert || ready(rules) {
            return;
        }
        let mut builds = lock(&self.table_builds);
        if builds.iter().any(|b| b.rules == rules) {
            return;
        }
        let cache = self.table_cache.clone();
        // A build is known to be coming unless the cache holds the file: the bar shows
        // from the first frame (the screen would otherwise not know to look again), and
        // not at all for a read, which takes a fraction of a second.
        let read_back = cache.as_ref().is_some_and(|cache| {
            EndgameTable::default_seeds(rules)
                .is_some_and(|seeds| cache.holds::<EndgameTable>(rules, seeds))
                && (!OwareDatabase::covers(rules)
                    || cache.holds::<OwareDatabase>(rules, DEFAULT_DATABASE_SEEDS))
        });
        builds.push(TableBuild {
            rules,
            done: (!read_back).then_some(0.0),
        });
        let progress = Arc::clone(&self.table_builds);
        let report = move |share: f32| {
            if let Some(build) = lock(&progress).iter_mut().find(|b| b.rules == rules) {
                build.done = Some(share);
            }
        };
        let build = std::thread::Builder::new()
            .name("endgame-tables".into())
            .spawn(move || {
                // Oware's database after its tables: about 40 % of the time the two take.
                let database = OwareDatabase::covers(rules);
                let tables = if database { 0.6 } else { 1.0 };
                shared_table(cache.as_ref(), rules, &mut |share| report(share * tables));
                if database {
                    shared_database(cache.as_ref(), rules, &mut |share| {
                        report(tables + share * (1.0 - tables))
                    });
                }
            });
        if let Err(e) = build {
            // The expert still plays, without the tables.
            eprintln!("mancala: cannot start building the endgame tables: {e}");
        }
    }

    fn preparing(&self, rules: Rules) -> Option<f32> {
        if ready(rules) {
            return None;
        }
        lock(&self.table_builds)
            .iter()
            .find(|b| b.rules == rules)
            .and_then(|b| b.done)
    }

    fn endgame_table(&self, rules: Rules) -> Option<Arc<EndgameTable>> {
        shared_table(self.table_cache.as_ref(), rules, &mut |_| {})
    }

    fn coach(&self, game: &Game, cancel: &AtomicBool) -> Option<Advice> {
        let limits = Limits {
            time: Some(COACH_TIME),
            cancel: Some(cancel),
            ..Limits::default()
        };
        // A cancelled coach still holding its searcher: a fresh small one, no waiting.
        let mut fresh = None;
        let mut kept = match self.coach.try_lock() {
            Ok(guard) => Some(guard),
            Err(TryLockError::Poisoned(poisoned)) => Some(poisoned.into_inner()),
            Err(TryLockError::WouldBlock) => None,
        };
        let slot = kept.as_deref_mut().unwrap_or(&mut fresh);
        let searcher = slot.get_or_insert_with(|| Searcher::new(COACH_TABLE_MEGABYTES));
        // As for a hint: tables the expert built help, none is built here.
        searcher.set_endgame(EndgameTable::if_built(game.position().rules()));
        searcher.set_history(game.history());
        searcher.advise(game.history(), &limits)
    }
}

/// One background build of endgame tables.
struct TableBuild {
    rules: Rules,
    /// The share built so far; `None` until the build tells one (a table read back
    /// from the cache never does).
    done: Option<f32>,
}

/// The builds' list, also after a panic on a build's thread (the shares are plain
/// numbers, sound whatever happened).
fn lock(builds: &Mutex<Vec<TableBuild>>) -> std::sync::MutexGuard<'_, Vec<TableBuild>> {
    builds.lock().unwrap_or_else(|e| e.into_inner())
}

/// Whether what the expert plays with for `rules` is made: the endgame tables, and for
/// Oware the database.
fn ready(rules: Rules) -> bool {
    EndgameTable::if_built(rules).is_some()
        && (!OwareDatabase::covers(rules) || OwareDatabase::if_built(rules).is_some())
}

/// Oware's shared database for `rules`, read from `cache` (or built and kept there) if
/// none has been made yet in this run; a build tells `report` how far it has come.
fn shared_database(
    cache: Option<&TableCache>,
    rules: Rules,
    report: &mut dyn FnMut(f32),
) -> Option<Arc<OwareDatabase>> {
    OwareDatabase::shared_with(rules, |rules, seeds| match cache {
        Some(cache) => cache.load_or_build_reporting(rules, seeds, report),
        None => OwareDatabase::build_reporting(rules, seeds, report),
    })
}

/// The shared table of `rules`, read from `cache` (or built and kept there) if none
/// has been made yet in this run; a build tells `report` how far it has come.
fn shared_table(
    cache: Option<&TableCache>,
    rules: Rules,
    report: &mut dyn FnMut(f32),
) -> Option<Arc<EndgameTable>> {
    EndgameTable::shared_with(rules, |rules, seeds| match cache {
        Some(cache) => cache.load_or_build_reporting(rules, seeds, report),
        None => EndgameTable::build_reporting(rules, seeds, report),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Rules, Variant};

    #[test]
    fn every_level_and_the_hint_answer_a_legal_move() {
        let computer = Computer::default();
        let cancel = AtomicBool::new(false);
        let mut game = Game::new(Rules::new(Variant::Oware));
        for level in &Difficulty::ALL[..4] {
            let house = computer.choose_move(&game, *level, &cancel);
            assert!(
                game.position().legal_moves().contains(house),
                "level {level:?}"
            );
            game.play(house).unwrap();
        }
        let hint = computer.hint(&game, &cancel).unwrap();
        assert!(game.position().legal_moves().contains(hint.best().house));
    }

    #[test]
    fn the_coach_values_every_move_within_its_small_budget() {
        let computer = Computer::default();
        let cancel = AtomicBool::new(false);
        let game = Game::new(Rules::new(Variant::Kalah));
        let started = std::time::Instant::now();
        let advice = computer.coach(&game, &cancel).expect("the coach answers");
        let took = started.elapsed();
        eprintln!("the coach at Kalah's opening: {took:?}");
        assert_eq!(advice.moves.len(), 6, "every legal move valued");
        // Kalah's opening: house 3 ends in the store, an extra turn, worth seeds.
        assert_eq!(advice.best().house.number(), 3, "{advice:?}");
        assert!(took < COACH_TIME * 3, "the coach took {took:?}");
        let cancelled = AtomicBool::new(true);
        assert_eq!(computer.coach(&game, &cancelled), None);
    }

    #[test]
    fn the_experts_move_never_builds_the_endgame_tables_and_prepare_builds_them_aside() {
        // Kalah with the empty-capture option: a table no other test of this binary
        // builds, so it is not built yet here.
        let rules = Rules::new(Variant::Kalah).with_empty_capture(true);
        assert!(EndgameTable::if_built(rules).is_none());
        let computer = Computer::default();
        // Cancelled at once, the search answers at once; the tables were built on its
        // path before the search began (seconds) until they were moved aside.
        let cancelled = AtomicBool::new(true);
        let game = Game::new(rules);
        let house = computer.choose_move(&game, Difficulty::Expert, &cancelled);
        assert!(game.position().legal_moves().contains(house));
        assert!(
            EndgameTable::if_built(rules).is_none(),
            "a move built the tables"
        );
        // The game screen's call: the tables are built on a thread of their own and
        // shared once done; lower levels never ask for them.
        computer.prepare(rules, Difficulty::Strong);
        assert!(lock(&computer.table_builds).is_empty());
        assert_eq!(computer.preparing(rules), None, "nothing started");
        computer.prepare(rules, Difficulty::Expert);
        computer.prepare(rules, Difficulty::Expert);
        assert_eq!(lock(&computer.table_builds).len(), 1, "one build");
        assert!(
            computer.preparing(rules).is_some(),
            "a build without a cache shows its bar from the first frame"
        );
        // Seconds of building, told as a rising share for the game screen's bar.
        let mut shares = Vec::new();
        let deadline = std::time::Instant::now() + Duration::from_secs(300);
        while EndgameTable::if_built(rules).is_none() {
            assert!(
                std::time::Instant::now() < deadline,
                "the tables never came"
            );
            shares.extend(computer.preparing(rules));
            std::thread::sleep(Duration::from_millis(20));
        }
        assert_eq!(computer.preparing(rules), None, "built: no bar");
        assert!(!shares.is_empty(), "no progress was told");
        assert!(shares.windows(2).all(|w| w[0] <= w[1]), "{shares:?}");
        assert!(shares.iter().all(|s| (0.0..=1.0).contains(s)), "{shares:?}");
    }

    #[test]
    fn a_cancelled_search_still_answers_at_once() {
        let computer = Computer::default();
        let cancel = AtomicBool::new(true);
        let game = Game::new(Rules::new(Variant::Kalah));
        let started = std::time::Instant::now();
        let house = computer.choose_move(&game, Difficulty::Strong, &cancel);
        assert!(game.position().legal_moves().contains(house));
        assert!(started.elapsed() < Duration::from_millis(200));
    }
}
