//! Why a finished game ended and what became of the seeds left on the board, as plain
//! data for the game-over panel and the final board's banner. The UI words it in the
//! player's language; here it is only read off the engine's game, so it can be tested
//! without a window.

use crate::engine::{EndReason, Game, Side};

/// How a finished game ended, in the terms the game-over panel explains it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The engine's reason (majority, no seeds, cannot feed, repetition, resignation).
    pub reason: EndReason,
    /// `None` is a draw.
    pub winner: Option<Side>,
    /// The final stores, South then North.
    pub stores: [u32; 2],
    /// The winner's store minus the loser's; 0 for a draw. After a resignation it can
    /// be negative: a player may resign while ahead.
    pub lead: i32,
    /// Seeds each store took in the end-of-game sweep (Kalah 5, Congkak 7, Oware 5, 7
    /// and 8), South then North.
    pub swept: [u32; 2],
    /// Seeds still in the houses at the end: Oware's majority leaves them where they
    /// are, and so does a resignation. They count for nobody.
    pub left_in_houses: u32,
    /// Seeds in play; Oware's majority is "more than half" of these.
    pub total: u32,
}

impl Ending {
    /// The ending of `game`, once it is over.
    pub fn of(game: &Game) -> Option<Ending> {
        let reason = game.end_reason()?;
        let winner = game.outcome()?.winner();
        let position = game.position();
        let stores = position.stores().map(u32::from);
        let lead = winner.map_or(0, |w| {
            stores[w.index()] as i32 - stores[w.opponent().index()] as i32
        });
        let swept = match reason {
            // Nothing is swept when a player gives up; the board stays as it was.
            EndReason::Resignation { .. } => [0, 0],
            _ => swept_by_last_move(game),
        };
        let left_in_houses = Side::BOTH
            .iter()
            .flat_map(|&side| position.houses(side))
            .map(|&seeds| u32::from(seeds))
            .sum();
        Some(Ending {
            reason,
            winner,
            stores,
            lead,
            swept,
            left_in_houses,
            total: position.total_seeds(),
        })
    }
}

/// The sweeps belong to the move that ended the game (its report), but a game keeps
/// positions, not reports: the last move is taken back and played again on a copy to
/// read them. A game that started already over has no move and no sweep.
fn swept_by_last_move(game: &Game) -> [u32; 2] {
    let mut again = game.clone();
    let mut swept = [0, 0];
    let Some(house) = again.undo().and_then(|last| last.house()) else {
        return swept;
    };
    if let Ok(report) = again.play(house) {
        for (_, seeds, store) in report.sweeps() {
            swept[store.side().index()] += u32::from(seeds);
        }
    }
    swept
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{GrandSlam, House, Position, Rules, Variant};

    const S: Side = Side::South;
    const N: Side = Side::North;

    fn h(number: u8) -> House {
        House::new(number).unwrap()
    }

    /// The ending after `moves` played from a hand-made position.
    fn ending(
        rules: Rules,
        houses: [&[u8]; 2],
        stores: [u8; 2],
        first: Side,
        moves: &[u8],
    ) -> Ending {
        let start = Position::from_parts(rules, houses, stores, first).unwrap();
        let mut game = Game::from_start(start);
        for &m in moves {
            game.play(h(m)).unwrap();
        }
        Ending::of(&game).expect("the game is over")
    }

    #[test]
    fn a_game_going_on_has_no_ending() {
        assert_eq!(Ending::of(&Game::new(Rules::new(Variant::Oware))), None);
    }

    #[test]
    fn oware_majority_leaves_the_seeds_in_the_houses() {
        // South's 2 seeds reach North 1 and 2 (2 and 3 seeds): 5 captured, 27 of 48.
        let rules = Rules::new(Variant::Oware);
        let end = ending(
            rules,
            [&[0, 0, 0, 0, 0, 2], &[1, 2, 5, 0, 0, 0]],
            [22, 16],
            S,
            &[6],
        );
        assert_eq!(end.reason, EndReason::Majority);
        assert_eq!(end.winner, Some(S));
        assert_eq!(end.stores, [27, 16]);
        assert_eq!(end.lead, 11);
        assert_eq!(end.swept, [0, 0]);
        assert_eq!(end.left_in_houses, 5, "North's 5 seeds stay where they are");
        assert_eq!(end.total, 48);
    }

    #[test]
    fn kalah_no_seeds_sweeps_the_rest_to_the_owner() {
        // South sows its last seed into its store; North's 9 seeds go to North.
        let rules = Rules::new(Variant::Kalah);
        let end = ending(
            rules,
            [&[0, 0, 0, 0, 0, 1], &[4, 5, 0, 0, 0, 0]],
            [20, 18],
            S,
            &[6],
        );
        assert_eq!(
            end.reason,
            EndReason::NoSeeds {
                side: S,
                swept_to: N
            }
        );
        assert_eq!(end.swept, [0, 9]);
        assert_eq!(end.stores, [21, 27]);
        assert_eq!((end.winner, end.lead), (Some(N), 6));
        assert_eq!(end.left_in_houses, 0);
    }

    #[test]
    fn oware_cannot_feed_gives_the_mover_its_own_seeds() {
        let rules = Rules::new(Variant::Oware);
        let end = ending(
            rules,
            [&[3, 1, 0, 0, 0, 0], &[0, 0, 0, 0, 0, 1]],
            [20, 23],
            N,
            &[6],
        );
        assert_eq!(end.reason, EndReason::CannotFeed { side: S });
        assert_eq!(end.swept, [5, 0]);
        assert_eq!(end.stores, [25, 23]);
        assert_eq!((end.winner, end.lead), (Some(S), 2));
    }

    #[test]
    fn a_repetition_gives_each_player_the_seeds_on_their_side() {
        // Two lone seeds chase each other round the board back to the start.
        let rules = Rules::new(Variant::Oware);
        let chase = [6, 6, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5];
        let end = ending(
            rules,
            [&[0, 0, 0, 0, 0, 1], &[0, 0, 0, 0, 0, 1]],
            [23, 21],
            S,
            &chase,
        );
        assert_eq!(end.reason, EndReason::Repetition);
        assert_eq!(end.swept, [1, 1]);
        assert_eq!((end.winner, end.lead), (Some(S), 2));
    }

    #[test]
    fn capture_all_leaves_the_opponent_nothing_and_the_mover_sweeps() {
        let rules = Rules::new(Variant::Oware).with_grand_slam(GrandSlam::CaptureAll);
        // South's house 6 takes all of North's row; South then keeps its house 1's 3.
        let end = ending(
            rules,
            [&[3, 0, 0, 0, 0, 2], &[1, 2, 0, 0, 0, 0]],
            [5, 12],
            S,
            &[6],
        );
        assert_eq!(
            end.reason,
            EndReason::NoSeeds {
                side: N,
                swept_to: S
            }
        );
        assert_eq!(end.swept, [3, 0]);
        assert_eq!(end.stores, [13, 12]);
    }

    #[test]
    fn a_resignation_sweeps_nothing_and_the_winner_may_be_behind() {
        let mut game = Game::new(Rules::new(Variant::Kalah));
        game.play(h(3)).unwrap(); // 1 seed in South's store, an extra turn
        game.resign(S).unwrap();
        let end = Ending::of(&game).unwrap();
        assert_eq!(end.reason, EndReason::Resignation { side: S });
        assert_eq!((end.winner, end.lead), (Some(N), -1));
        assert_eq!(end.swept, [0, 0]);
        assert_eq!(end.left_in_houses, 47);
    }

    #[test]
    fn a_draw_has_no_winner_and_no_lead() {
        let rules = Rules::new(Variant::Oware).with_grand_slam(GrandSlam::CaptureAll);
        let end = ending(
            rules,
            [&[0, 0, 0, 0, 0, 1], &[1, 0, 0, 0, 0, 0]],
            [22, 24],
            S,
            &[6],
        );
        assert_eq!(end.reason, EndReason::Majority);
        assert_eq!((end.winner, end.lead), (None, 0));
    }
}
