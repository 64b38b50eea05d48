//! A census of whole families of games into a results database.
//!
//! Research on impartial games is done by census: every code of a family (all two- and
//! three-digit octal codes, subtraction sets up to a size, a script's parameter sweep) tabulated
//! far enough to find and prove its period, and the unsolved ones pushed further. This crate
//! holds the parts every front end shares:
//!
//! - [`family`]: a family written once (`0.???`, `sub:{1..8}^3`, `bash:1..50`,
//!   `script:F?k=1..20`, `list:FILE`) as the list of its games;
//! - [`row`]: one game's row, computed through the registry as `grundy table --period` computes
//!   it: the period and its proof, the largest value, the [`rare`] values of the sparse method,
//!   with options a closed form and the misère quotient;
//! - [`store`]: the SQLite file that keeps the rows (its schema, claims so that two censuses
//!   share one file, the named queries);
//! - [`run`]: a census on one machine, on several threads, with one writer.
//!
//! The Python package computes rows as Dask tasks on many machines with the same [`row::compute`]
//! and writes them with the same [`store::Store`], so a cluster's rows equal one machine's.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use grundy_census::row::{compute, Settings, Status};
//! let games = grundy_front::registry::standard();
//! let row = compute(&games, "0.07", &Settings::upto(4096), &AtomicBool::new(false), &mut |_, _| {});
//! assert_eq!(row.status, Status::Solved);
//! assert_eq!((row.preperiod, row.period), (Some(53), Some(34)));
//! ```

#![warn(missing_docs)]

pub mod family;
pub mod rare;
pub mod row;
pub mod run;
pub mod store;
