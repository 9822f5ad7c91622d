//! The match of Congkak with rounds (docs/rules.md, Congkak rule 12) as the game screen
//! tells it: the round being played and the rounds each player has won, read off the
//! game's history (the engine numbers rounds but does not keep who won them).

use crate::engine::{Game, Position, Side};

/// The match so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchScore {
    /// The round being played (or the last one, once the match is over), from 1.
    pub round: u8,
    /// Rounds won by South and North; a drawn round counts for neither.
    pub won: [u32; 2],
}

/// The match score of `game`, or `None` unless its rules play rounds.
pub fn match_score(game: &Game) -> Option<MatchScore> {
    if !game.rules().rounds() {
        return None;
    }
    let mut won = [0; 2];
    for pair in game.history().windows(2) {
        let [before, after] = pair else { continue };
        if after.round() > before.round() {
            if let Some(winner) = round_winner(after) {
                won[winner.index()] += 1;
            }
        }
    }
    // A match lost at the end of a round ends that round too: the other side won it.
    if let Some(crate::engine::EndReason::MatchLost { side }) = game.end_reason() {
        won[side.opponent().index()] += 1;
    }
    Some(MatchScore {
        round: game.position().round(),
        won,
    })
}

/// Who won the round that `start` (the first position of the next round) followed: the
/// player with more seeds before refilling, when every seed of a side was in its store,
/// is the player with more seeds on their own side now (houses and store).
fn round_winner(start: &Position) -> Option<Side> {
    let own = |side: Side| -> u32 {
        let houses: u32 = crate::engine::House::all(start.rules().houses())
            .map(|house| u32::from(start.house(side, house)))
            .sum();
        houses + u32::from(start.stores()[side.index()])
    };
    let [south, north] = Side::BOTH.map(own);
    match south.cmp(&north) {
        std::cmp::Ordering::Greater => Some(Side::South),
        std::cmp::Ordering::Less => Some(Side::North),
        std::cmp::Ordering::Equal => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Rules, Variant};

    /// Round 1 of Traditional Congkak, ended by its 44th move: North is short and its
    /// houses 6 and 7 are burnt for round 2.
    const TO_ROUND_TWO: &str =
        "5+6 3 2 1 7 6 1 4 3 4 6 3 3 2 5 3 1 2 7 2 3 6 2 5 5 3 7 2 6 2 3 3 4 5 1 7 1 3 3 5 7 2 4";

    #[test]
    fn a_round_won_counts_for_its_winner() {
        let rules = Rules::traditional_congkak();
        let game = Game::parse_record(Position::start(rules), TO_ROUND_TWO).unwrap();
        let score = match_score(&game).unwrap();
        assert_eq!(score.round, 2);
        // North could not fill its last two houses: South had more seeds.
        assert_eq!(score.won, [1, 0]);
        let fresh = Game::new(rules);
        assert_eq!(
            match_score(&fresh),
            Some(MatchScore {
                round: 1,
                won: [0, 0]
            })
        );
        assert_eq!(match_score(&Game::new(Rules::new(Variant::Congkak))), None);
    }

    #[test]
    fn the_round_that_loses_the_match_counts_for_the_winner() {
        let rules = Rules::traditional_congkak();
        let record = "3+4 5 4 4 1 3 3 2 2 1 5 2 3 4 4 1 5 6 7 2 4 1 1";
        let game = Game::parse_record(Position::start(rules), record).unwrap();
        assert_eq!(
            game.end_reason(),
            Some(crate::engine::EndReason::MatchLost { side: Side::North })
        );
        let score = match_score(&game).unwrap();
        assert_eq!((score.round, score.won), (2, [2, 0]));
    }
}
