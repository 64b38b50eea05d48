//! Memory: the `--memory` budget and the limits a run meets from outside.

mod budget;
mod limits;
