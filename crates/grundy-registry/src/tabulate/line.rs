//! A line of heap values `G(0..=last)` that stays small however far it reaches: the values
//! computed, stored in their narrowest width, and the rest read from a proved period or a
//! theorem's formula (Dawson's Kayles to 10^9 is 2047 values computed, not a billion).

use std::time::Duration;

use crate::period::Period;
use crate::tabulate::Values;

/// How the values past the computed ones are known.
pub enum Rest<'g> {
    /// Every value asked for was computed.
    Computed,
    /// A proved period gives them: nothing past the proof is computed or stored.
    Period(Period),
    /// The game's formula gives them (`period`: the one its theorem proves, if any).
    Formula {
        /// `G(n)`.
        value: &'g dyn Fn(u64) -> u64,
        /// The period the theorem proves.
        period: Option<Period>,
    },
}

/// `G(0..=last)` of a heap game.
pub struct HeapLine<'g> {
    /// The game, as named.
    pub game: String,
    /// The values computed, `G(0..head.len())`.
    pub head: Values,
    /// The last heap size of the table.
    pub last: u64,
    /// How the values past `head` are known.
    pub rest: Rest<'g>,
    /// The period of what was computed, when asked for or proved.
    pub period: Option<Period>,
    /// The theorem that proves the period or gives the formula, when one does.
    pub theorem: Option<&'static str>,
    /// How long the values took.
    pub elapsed: Duration,
}

impl HeapLine<'_> {
    /// The last heap size computed (the rest is read from the period or formula).
    pub fn computed_last(&self) -> u64 {
        self.head.len().saturating_sub(1) as u64
    }

    /// `G(n)` for `n <= last`.
    pub fn value(&self, n: u64) -> u64 {
        if let Some(v) = usize::try_from(n).ok().and_then(|i| self.head.get(i)) {
            return v as u64;
        }
        match &self.rest {
            Rest::Computed => unreachable!("every value up to `last` was computed"),
            Rest::Period(p) => p
                .extend(|i| self.head.get(i as usize).unwrap_or(0) as u64, n)
                .unwrap_or(u64::MAX),
            Rest::Formula { value, .. } => value(n),
        }
    }

    /// The largest of `G(0..=last)`.
    pub fn largest(&self) -> u64 {
        let head_max = |upto: usize| {
            (0..upto.min(self.head.len()))
                .filter_map(|i| self.head.get(i))
                .max()
                .unwrap_or(0) as u64
        };
        let proved = match &self.rest {
            Rest::Computed => return head_max(self.head.len()),
            Rest::Period(p) => Some(*p),
            Rest::Formula { period, .. } => period.filter(|p| p.proved),
        };
        match proved {
            // Past n0 every value is at most the one a whole number of periods later (the
            // saltus is never negative), so the last period holds the largest.
            Some(p) if self.last >= p.preperiod + p.period => {
                let tail = (self.last + 1 - p.period..=self.last).map(|n| self.value(n));
                tail.max().unwrap_or(0).max(head_max(p.preperiod as usize))
            }
            _ => (0..=self.last).map(|n| self.value(n)).max().unwrap_or(0),
        }
    }

    /// Where the values past the computed ones come from, for a summary line: empty when every
    /// value was computed.
    pub fn rest_note(&self) -> String {
        match self.rest {
            Rest::Computed => String::new(),
            Rest::Period(_) => format!("; past {}, by the proved period", self.computed_last()),
            Rest::Formula { .. } => format!("; past {}, by the formula", self.computed_last()),
        }
    }
}
