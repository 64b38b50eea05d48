//! Games played on heaps, where a move changes one heap into zero or more smaller heaps: a
//! position is the sum of its heaps, so its value is the XOR of one value per heap size.

pub mod all_but;
pub mod checkpoint;
pub mod grundys_game;
pub mod lasker;
pub mod nim;
pub mod sparse;
pub mod split;
pub mod subtraction;
pub mod table;
pub mod tabulation;
pub mod take_and_break;

/// The table game of the heap game `name` (e.g. `0.77`, `bash:3`), for tests of
/// [`table::TableGame`]'s own methods.
#[cfg(test)]
pub(crate) fn table_game(name: &str) -> table::TableGame {
    let spec = crate::spec::GameSpec::parse(&crate::spec::Word::new("argument 1", name));
    let make = match spec.name.as_str() {
        "nim" => nim::table,
        "bash" => subtraction::table_bash,
        "sub" => subtraction::table_finite,
        "lasker" => lasker::table,
        "split" => split::table,
        "grundys-game" => grundys_game::table,
        _ => take_and_break::table,
    };
    make(&spec).expect("a heap game")
}
