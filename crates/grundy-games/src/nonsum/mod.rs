//! Games that are not sums of independent parts, so XOR does not decide them: each has its own
//! theorem or dynamic programming, checked against a plain search of the game itself.

/// Equality, hashing and order of a position type by one of its fields alone.
///
/// [`grundy_core::Game::describe`] sees a move only as its two positions, yet two moves can lead
/// to the same position (taking the last stone of heap 1 or of heap 2 of `1 1`) and the tool says
/// each in its own words. So an option carries the move that made it, next to the position; the
/// position field alone decides which position it is, for the solver's table and for searches.
macro_rules! same_position_by {
    ($t:ty, $field:ident) => {
        impl PartialEq for $t {
            fn eq(&self, other: &Self) -> bool {
                self.$field == other.$field
            }
        }
        impl Eq for $t {}
        impl std::hash::Hash for $t {
            fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
                self.$field.hash(state)
            }
        }
        impl PartialOrd for $t {
            fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }
        impl Ord for $t {
            fn cmp(&self, other: &Self) -> std::cmp::Ordering {
                self.$field.cmp(&other.$field)
            }
        }
    };
}
use same_position_by;

use std::cell::{Ref, RefCell};

/// The dynamic-programming table of the last position decided, kept between calls: a game's
/// hooks ask for it once per option, and one table covers a position and all of its options.
#[derive(Clone, Debug)]
pub(crate) struct LastTable<T>(RefCell<Option<T>>);

impl<T> Default for LastTable<T> {
    fn default() -> Self {
        LastTable(RefCell::new(None))
    }
}

impl<T> LastTable<T> {
    /// The kept table if `fits` accepts it, else a new one from `build` (kept in its place).
    pub(crate) fn get(&self, fits: impl Fn(&T) -> bool, build: impl FnOnce() -> T) -> Ref<'_, T> {
        let fresh = self.0.borrow().as_ref().is_none_or(|t| !fits(t));
        if fresh {
            *self.0.borrow_mut() = Some(build());
        }
        Ref::map(self.0.borrow(), |t| t.as_ref().expect("built above"))
    }
}

pub mod ends;
pub mod multiplication;
pub mod public_sale;
pub mod take_or_merge;
