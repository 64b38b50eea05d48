//! # grundy-pattern
//!
//! The second step of the method this field teaches (打表找规律: tabulate, find the pattern,
//! answer far beyond the table), apart from any game:
//!
//! - [`formula`]: a formula language fit for Grundy values — the arithmetic and bit operators of
//!   C and Python with their meaning there, popcount and friends, and recursion on the formula's
//!   own values (`G(n / 2)`), evaluated with memo so a recursive formula answers `n = 10^18` at
//!   once; printed back as a formula, a C++ function or a Python function;
//! - [`guess`]: given a table of values (or of P-positions), the simplest formula that holds on
//!   all of it, fitted on its first part and validated on the rest, or an honest "none" with the
//!   nearest candidates and where each first fails.

#![warn(missing_docs)]

pub mod formula;
pub mod guess;
