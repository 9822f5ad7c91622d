//! The banner under the board: what the last move did, or why a tap did nothing. Plain
//! data for the turn loop; the game view words it in the player's language.

use crate::engine::{House, MoveSet, Side};

/// What the banner's second line tells. `side` is the player it is about.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Banner {
    /// Nothing to tell.
    #[default]
    Quiet,
    /// The last seed fell into the mover's own store: they move again.
    ExtraTurn(Side),
    /// The mover captured this many seeds.
    Capture { side: Side, seeds: u32 },
    /// Oware: the move would have taken every seed of the opponent, so it took none.
    GrandSlamSpared(Side),
    /// Oware: the opponent has no seeds, so this side must give them some.
    MustFeed(Side),
    /// Congkak: the last seed fell into a full house and sowing goes on from there.
    Relay(Side),
    /// A tap on an empty house.
    EmptyHouse(Side),
    /// A tap on a house that would leave a starving opponent with nothing.
    DoesNotFeed(Side),
    /// A tap on a grand slam that the rules forbid.
    GrandSlamForbidden(Side),
    /// A tap while the computer is to move.
    NotYourTurn(Side),
    /// A tap on the other player's row on the mover's own turn; `Side` owns the house.
    OthersHouse(Side),
    /// The hint: the best house for the person, and how it stands.
    Hint(HintWords),
    /// Oware: a position came back, so each player took the seeds on their side.
    Repetition(Side),
    /// The game ended and the seeds left in the houses went to their owners' stores.
    Sweep(Side),
    /// Congkak's simultaneous first move, between two people: `Side` has chosen, and
    /// the other player chooses without seeing it.
    Chosen(Side),
    /// The simultaneous first move is over: `stopped_first`'s hand stopped first, so the
    /// other player moves next.
    FirstMoveDone { stopped_first: Side },
    /// Congkak with rounds: round `round` begins, with these houses of each side burnt.
    NewRound { round: u8, burnt: [MoveSet; 2] },
    /// The computer's turn is over: what its moves did (the turn loop's story), and
    /// whether the next player must now feed (Oware).
    Turn { side: Side, must_feed: bool },
}

/// What a hint says: the house, the value after it (the expected final store difference
/// from the person's view, exact under perfect play or an estimate) and how many seeds
/// the next best move gives up (`None`: the only legal move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HintWords {
    pub house: House,
    pub value: i32,
    pub exact: bool,
    pub margin: Option<i32>,
}
