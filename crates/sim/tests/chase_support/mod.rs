//! Test strategies shared by the chase tests.

use std::cell::Cell;

use torchlit_geom::Direction;
use torchlit_sim::modes::chase::{Decision, Move, Paths, Strategy, StrategyError};

/// A strategy that takes one fixed first step, then plays `then`.
pub struct FirstStep<S> {
    first: Direction,
    then: S,
    done: Cell<bool>,
}

impl<S: Strategy> Strategy for FirstStep<S> {
    fn name(&self) -> &str {
        "FirstStep"
    }
    fn choose(&mut self, d: &Decision<'_>, paths: &mut Paths) -> Result<Move, StrategyError> {
        if self.done.replace(true) {
            self.then.choose(d, paths)
        } else {
            Ok(Move::Step(self.first))
        }
    }
    /// Its only state is spent in the first turn; the games of these tests never come
    /// back to the starting position, so the repeated-state rule still holds for them.
    fn stateless(&self) -> bool {
        true
    }
}

/// `first`, then `then`, boxed.
pub fn first_step<S: Strategy + 'static>(first: Direction, then: S) -> Box<dyn Strategy> {
    Box::new(FirstStep { first, then, done: Cell::new(false) })
}
