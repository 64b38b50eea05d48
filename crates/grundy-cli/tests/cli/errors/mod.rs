//! What grundy says when something is wrong.

mod full_disk;
mod messages;
