//! SE's "Nested Forcing Chains" (levels 2 and 3). Work in progress.

use super::ChainStep;
use super::board::Board;

pub(crate) struct NestedSearch;

impl NestedSearch {
    pub(crate) fn new() -> NestedSearch {
        NestedSearch
    }

    pub(crate) fn find(&mut self, _board: &Board) -> Option<ChainStep> {
        None
    }
}
