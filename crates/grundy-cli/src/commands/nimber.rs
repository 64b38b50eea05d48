//! `grundy nimber add|mul|inv A [B]`: arithmetic in the nimber field on 64-bit nimbers.

use grundy_core::field::{nim_inv, nim_mul};
use grundy_registry::spec::{parse_number, Word};
use serde::Serialize;

use crate::failure::Failure;

/// Which field operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Op {
    /// Nim-sum A ⊕ B (XOR).
    Add,
    /// Nim-product A ⊗ B.
    Mul,
    /// Nim-inverse of A (no B).
    Inv,
}

#[derive(clap::Args)]
pub struct Args {
    /// Print one JSON object: {op, a, b, result} (b is null for inv).
    #[arg(long)]
    json: bool,
    /// The operation: add, mul or inv.
    op: Op,
    /// The first operand, 0 to 2^64-1.
    #[arg(allow_negative_numbers = true)]
    a: String,
    /// The second operand (not for inv).
    #[arg(allow_negative_numbers = true)]
    b: Option<String>,
}

#[derive(Serialize)]
struct Report {
    op: Op,
    a: u64,
    b: Option<u64>,
    result: u64,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let a = parse_number(&Word::new("argument 2", &args.a), "A", u64::MAX)?;
    let b = match (&args.b, args.op) {
        (Some(text), Op::Inv) => {
            return Err(Failure::Input(format!(
                "argument 3 ('{text}'): inv takes one operand"
            )))
        }
        (Some(text), _) => Some(parse_number(&Word::new("argument 3", text), "B", u64::MAX)?),
        (None, Op::Inv) => None,
        (None, _) => {
            return Err(Failure::Input(
                "argument 3: this operation needs a second operand B".into(),
            ))
        }
    };
    let (result, symbol) = match (args.op, b) {
        (Op::Add, Some(b)) => (a ^ b, "⊕"),
        (Op::Mul, Some(b)) => (nim_mul(a, b), "⊗"),
        _ => (
            nim_inv(a).ok_or_else(|| {
                Failure::Input("argument 2 ('0'): 0 has no inverse in the nimber field".into())
            })?,
            "",
        ),
    };
    if args.json {
        let report = Report {
            op: args.op,
            a,
            b,
            result,
        };
        outln!("{}", serde_json::to_string(&report).expect("serializable"));
    } else {
        match b {
            Some(b) => outln!("*{a} {symbol} *{b} = *{result}"),
            None => outln!("1 / *{a} = *{result}"),
        }
    }
    Ok(())
}
