//! What the Learn hub shows and which puzzle comes next, from the shipped puzzles, the
//! lessons and the player's progress. No Slint and no store: the shell loads and saves.

use crate::ai::PuzzleKind;
use crate::engine::Variant;
use crate::lessons::{lessons, LessonId};
use crate::puzzles::{daily, shipped, ShippedPuzzle};
use crate::store::{Day, Progress};

/// The shipped puzzles of every game, read once.
pub struct Puzzles {
    sets: [Vec<ShippedPuzzle>; 3],
}

impl Puzzles {
    pub fn load() -> Puzzles {
        Puzzles {
            sets: Variant::ALL.map(shipped),
        }
    }

    pub fn of(&self, variant: Variant) -> &[ShippedPuzzle] {
        let at = Variant::ALL.iter().position(|&v| v == variant).unwrap_or(0);
        &self.sets[at]
    }

    /// The next puzzle of `variant` to play: the first unsolved one of `difficulty`
    /// (in the file's order), or with `None` of the lowest difficulty that has one
    /// left. `None` when every such puzzle is solved.
    pub fn next(
        &self,
        variant: Variant,
        difficulty: Option<u8>,
        progress: &Progress,
    ) -> Option<&ShippedPuzzle> {
        let mut unsolved = self
            .of(variant)
            .iter()
            .filter(|p| !progress.is_solved(variant, &p.moves));
        match difficulty {
            Some(d) => unsolved.find(|p| p.difficulty == d),
            None => unsolved.min_by_key(|p| p.difficulty),
        }
    }

    /// How many of `variant`'s shipped puzzles are solved.
    pub fn solved(&self, variant: Variant, progress: &Progress) -> usize {
        self.of(variant)
            .iter()
            .filter(|p| progress.is_solved(variant, &p.moves))
            .count()
    }
}

/// Today's puzzle as the hub shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyView {
    pub variant: Variant,
    pub kind: PuzzleKind,
    pub difficulty: u8,
    pub solved: bool,
}

/// One game's puzzles on the hub.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetView {
    pub variant: Variant,
    pub solved: usize,
    pub total: usize,
    /// Unsolved at the difficulty chosen.
    pub left: usize,
}

/// One game's lessons on the hub, in teaching order, each with whether it is done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonSetView {
    pub variant: Variant,
    pub lessons: Vec<(LessonId, bool)>,
}

impl LessonSetView {
    pub fn done(&self) -> usize {
        self.lessons.iter().filter(|(_, done)| *done).count()
    }
}

/// Every game's lessons, each marked done when the progress has it completed.
pub fn lesson_sets(progress: &Progress) -> Vec<LessonSetView> {
    Variant::ALL
        .iter()
        .map(|&variant| LessonSetView {
            variant,
            lessons: lessons(variant)
                .iter()
                .map(|&id| (id, progress.lessons.contains(id.name())))
                .collect(),
        })
        .collect()
}

/// The lesson after `id` in its game's teaching order, if any.
pub fn next_lesson(id: LessonId) -> Option<LessonId> {
    let all = lessons(id.variant());
    let at = all.iter().position(|&l| l == id)?;
    all.get(at + 1).copied()
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HubView {
    pub daily: Option<DailyView>,
    pub lessons: Vec<LessonSetView>,
    pub streak: u32,
    pub best_streak: u32,
    pub sets: Vec<SetView>,
    pub difficulty: Option<u8>,
}

/// The daily puzzle of `day` with its game.
pub fn daily_puzzle(day: Day) -> Option<(Variant, ShippedPuzzle)> {
    let puzzle = daily(day)?;
    Some((puzzle.variant.parse().ok()?, puzzle))
}

pub fn hub_view(
    puzzles: &Puzzles,
    progress: &Progress,
    today: Day,
    difficulty: Option<u8>,
) -> HubView {
    let daily = daily_puzzle(today).and_then(|(variant, p)| {
        Some(DailyView {
            variant,
            kind: PuzzleKind::from_name(&p.kind)?,
            difficulty: p.difficulty,
            solved: progress.daily_solved(today),
        })
    });
    let sets = Variant::ALL
        .iter()
        .map(|&variant| {
            let all = puzzles.of(variant);
            let left = all
                .iter()
                .filter(|p| difficulty.is_none_or(|d| p.difficulty == d))
                .filter(|p| !progress.is_solved(variant, &p.moves))
                .count();
            SetView {
                variant,
                solved: puzzles.solved(variant, progress),
                total: all.len(),
                left,
            }
        })
        .collect();
    HubView {
        daily,
        lessons: lesson_sets(progress),
        streak: progress.streak(today),
        best_streak: progress.best_streak(),
        sets,
        difficulty,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_next_puzzle_is_the_easiest_unsolved_or_of_the_difficulty_chosen() {
        let puzzles = Puzzles::load();
        let mut progress = Progress::default();
        let first = puzzles
            .next(Variant::Kalah, None, &progress)
            .unwrap()
            .clone();
        assert_eq!(first.difficulty, 1);
        progress.solve_puzzle(Variant::Kalah, &first.moves);
        let second = puzzles.next(Variant::Kalah, None, &progress).unwrap();
        assert_ne!(second.moves, first.moves);
        let hard = puzzles.next(Variant::Kalah, Some(5), &progress).unwrap();
        assert_eq!(hard.difficulty, 5);
        let today = Day::new(2026, 12, 7).unwrap();
        let view = hub_view(&puzzles, &progress, today, Some(1));
        let kalah = view.sets[0];
        assert_eq!((kalah.solved, kalah.total), (1, 300));
        assert_eq!(kalah.left, 59, "60 of each difficulty, one solved");
        assert_eq!(view.daily.as_ref().map(|d| d.solved), Some(false));
    }

    #[test]
    fn lessons_are_listed_in_teaching_order_and_marked_done_from_the_progress() {
        let mut progress = Progress::default();
        progress.complete_lesson(LessonId::OwareChain.name());
        let sets = lesson_sets(&progress);
        assert_eq!(sets.len(), 3);
        assert_eq!(sets[1].variant, Variant::Oware);
        assert_eq!(sets[1].lessons[0], (LessonId::OwareSowing, false));
        assert_eq!(sets[1].lessons[2], (LessonId::OwareChain, true));
        assert_eq!((sets[0].done(), sets[1].done()), (0, 1));
        assert_eq!(
            next_lesson(LessonId::OwareChain),
            Some(LessonId::OwareFeeding)
        );
        assert_eq!(
            next_lesson(LessonId::OwareEnd),
            None,
            "the last of its game"
        );
    }
}
