//! The rules of a take-and-break game: the sets of amounts ([`Amounts`]), the moves by number of
//! heaps left ([`TakeBreakRules`]), parsed from a Guy–Smith code, and the options of a heap. A
//! leaf: the engine and the rulesets build on it, it imports neither.

/// A set of amounts (numbers of tokens removed), possibly infinite.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Amounts {
    /// A finite set, sorted, without repeats.
    Finite(Vec<u64>),
    /// Every positive amount.
    All,
    /// 1, 2, 4, 8, …
    PowersOfTwo,
    /// The distinct Fibonacci numbers 1, 2, 3, 5, 8, …
    Fibonacci,
}

impl Amounts {
    /// The empty set.
    pub fn none() -> Self {
        Amounts::Finite(Vec::new())
    }

    /// A finite set from any list (sorted and deduplicated here).
    pub fn finite(mut v: Vec<u64>) -> Self {
        v.sort_unstable();
        v.dedup();
        Amounts::Finite(v)
    }

    /// The members at most `n`, in increasing order.
    pub fn upto(&self, n: u64) -> Vec<u64> {
        match self {
            Amounts::Finite(v) => v.iter().copied().take_while(|&a| a <= n).collect(),
            Amounts::All => (1..=n).collect(),
            Amounts::PowersOfTwo => (0..64).map(|i| 1u64 << i).take_while(|&a| a <= n).collect(),
            Amounts::Fibonacci => {
                let mut out = Vec::new();
                let (mut a, mut b) = (1u64, 2u64);
                while a <= n {
                    out.push(a);
                    let Some(c) = a.checked_add(b) else { break };
                    (a, b) = (b, c);
                }
                out
            }
        }
    }

    /// The largest member, if the set is finite and not empty.
    pub fn max(&self) -> Option<u64> {
        match self {
            Amounts::Finite(v) => v.last().copied(),
            _ => None,
        }
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        matches!(self, Amounts::Finite(v) if v.is_empty())
    }

    /// Whether the set is finite.
    pub fn is_finite(&self) -> bool {
        matches!(self, Amounts::Finite(_))
    }
}

/// The most digits after the point of a code [`TakeBreakRules::canonical_code`] writes.
pub const CODE_DIGITS: u64 = 64;

/// The moves of a take-and-break game: for each number of heaps left, the amounts that may be
/// removed while leaving that many non-empty heaps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakeBreakRules {
    /// `by_parts[m]`: amounts whose removal may leave exactly `m` non-empty heaps (m = 0..=3).
    pub by_parts: [Amounts; 4],
    /// The heaps left by a two-heap move must differ in size (Grundy's game).
    pub distinct_parts: bool,
}

impl TakeBreakRules {
    /// No moves at all.
    pub fn empty() -> Self {
        TakeBreakRules {
            by_parts: [
                Amounts::none(),
                Amounts::none(),
                Amounts::none(),
                Amounts::none(),
            ],
            distinct_parts: false,
        }
    }

    /// The rules of a Guy–Smith code such as `0.77`, `4.07` or `0.3F`.
    pub fn from_code(code: &str) -> Result<Self, String> {
        let (before, after) = code
            .split_once('.')
            .ok_or_else(|| "a take-and-break code looks like 0.77 or 4.07".to_string())?;
        let digit = |c: char| {
            c.to_digit(16)
                .ok_or_else(|| format!("'{c}' is not a digit of a code (use 0-9 and A-F)"))
        };
        let d0 = match before {
            "" => 0,
            b if b.chars().count() == 1 => digit(b.chars().next().unwrap_or('0'))?,
            _ => return Err("only one digit may come before the point".into()),
        };
        if d0 & 3 != 0 {
            return Err(format!(
                "the digit before the point ({d0}) may only allow splitting: use 0, 4, 8 or C"
            ));
        }
        let mut sets: [Vec<u64>; 4] = Default::default();
        let digits = std::iter::once(Ok(d0))
            .chain(after.chars().map(digit))
            .collect::<Result<Vec<u32>, String>>()?;
        for (k, d) in digits.into_iter().enumerate() {
            for (m, set) in sets.iter_mut().enumerate() {
                if d & (1 << m) != 0 {
                    set.push(k as u64);
                }
            }
        }
        let [s0, s1, s2, s3] = sets;
        Ok(TakeBreakRules {
            by_parts: [
                Amounts::Finite(s0),
                Amounts::Finite(s1),
                Amounts::Finite(s2),
                Amounts::Finite(s3),
            ],
            distinct_parts: false,
        })
    }

    /// The largest amount ever removed, if finite (None if some amount set is infinite).
    pub fn max_removal(&self) -> Option<u64> {
        let mut t = 0;
        for s in &self.by_parts {
            if !s.is_finite() {
                return None;
            }
            t = t.max(s.max().unwrap_or(0));
        }
        Some(t)
    }

    /// The shortest Guy–Smith code with exactly these moves (`0.77`, `4.07`, `0.3F`: uppercase,
    /// no trailing zero digit), when a code can say them (finite amounts up to
    /// [`CODE_DIGITS`], no tie between the heaps left). Two rules with the same moves have the
    /// same code, so a census computes `0.30`, `sub:1` and `bash:1` (each `0.3`) once.
    pub fn canonical_code(&self) -> Option<String> {
        if self.distinct_parts {
            return None;
        }
        let last = self.max_removal()?;
        if last > CODE_DIGITS {
            return None;
        }
        let mut digits = vec![0u32; last as usize + 1];
        for (m, set) in self.by_parts.iter().enumerate() {
            for k in set.upto(last) {
                digits[k as usize] |= 1 << m;
            }
        }
        // Removing nothing and leaving the heap, or nothing, is no move.
        digits[0] &= !3;
        while digits.len() > 2 && digits.last() == Some(&0) {
            digits.pop();
        }
        let hex = |d: &u32| char::from_digit(*d, 16).map_or('?', |c| c.to_ascii_uppercase());
        let tail: String = digits.iter().skip(1).map(hex).collect();
        let tail = if tail.is_empty() {
            "0".to_string()
        } else {
            tail
        };
        Some(format!("{}.{tail}", hex(&digits[0])))
    }

    /// The most heaps a move may leave (at least 1, for the periodicity bound).
    pub fn max_parts(&self) -> u64 {
        (1..4)
            .rev()
            .find(|&m| !self.by_parts[m].is_empty())
            .unwrap_or(1) as u64
    }

    /// Every option of a heap of `n`, as the list of non-empty heaps it leaves.
    pub fn options(&self, n: u64, out: &mut Vec<Vec<u64>>) {
        for k in self.by_parts[0].upto(n) {
            if k == n && n > 0 {
                out.push(Vec::new());
            }
        }
        for k in self.by_parts[1].upto(n) {
            if k < n {
                out.push(vec![n - k]);
            }
        }
        for k in self.by_parts[2].upto(n) {
            let r = n - k;
            for a in 1..=r / 2 {
                if !(self.distinct_parts && 2 * a == r) {
                    out.push(vec![a, r - a]);
                }
            }
        }
        for k in self.by_parts[3].upto(n) {
            let r = n - k;
            for a in 1..=r / 3 {
                for b in a..=(r - a) / 2 {
                    out.push(vec![a, b, r - a - b]);
                }
            }
        }
    }
}

/// Whether a game name is a Guy–Smith code (`0.77`, `4.07`, `.6`, `0.3F`).
pub fn is_code(name: &str) -> bool {
    name.contains('.')
        && name.chars().all(|c| c == '.' || c.is_ascii_hexdigit())
        && name.chars().filter(|&c| c == '.').count() == 1
}

/// The periodicity theorem's bound for a take-and-break ruleset, if it applies (finite removals,
/// no constraint tying the two heaps together).
pub fn periodicity_bound(rules: &TakeBreakRules) -> Option<grundy_core::heap::PeriodicityBound> {
    if rules.distinct_parts {
        return None;
    }
    Some(grundy_core::heap::PeriodicityBound {
        parts: rules.max_parts(),
        max_removal: rules.max_removal()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_with_the_same_moves_have_one_canonical_code() {
        let code = |c: &str| TakeBreakRules::from_code(c).unwrap().canonical_code();
        assert_eq!(code("0.770").as_deref(), Some("0.77"));
        assert_eq!(code(".3f0").as_deref(), Some("0.3F"));
        assert_eq!(code("4.00").as_deref(), Some("4.0"));
        assert_eq!(code("0.0").as_deref(), Some("0.0"));
        assert_eq!(code("0.137").as_deref(), Some("0.137"));
        assert_ne!(code("0.07"), code("0.7"));
        // A code is a function of the moves alone: read back, it gives the same rules.
        for c in ["0.77", "4.07", "0.3F", "8.0004", "0.0"] {
            let r = TakeBreakRules::from_code(c).unwrap();
            let again = TakeBreakRules::from_code(&r.canonical_code().unwrap()).unwrap();
            for n in 0..12 {
                let (mut a, mut b) = (Vec::new(), Vec::new());
                r.options(n, &mut a);
                again.options(n, &mut b);
                assert_eq!(a, b, "{c} at {n}");
            }
        }
        let mut grundy = TakeBreakRules::from_code("4.0").unwrap();
        grundy.distinct_parts = true;
        assert_eq!(grundy.canonical_code(), None);
    }

    #[test]
    fn codes_are_parsed_digit_by_digit() {
        let r = TakeBreakRules::from_code("4.07").unwrap();
        assert_eq!(r.by_parts[0], Amounts::Finite(vec![2]));
        assert_eq!(r.by_parts[1], Amounts::Finite(vec![2]));
        assert_eq!(r.by_parts[2], Amounts::Finite(vec![0, 2]));
        assert_eq!(r.max_removal(), Some(2));
        let h = TakeBreakRules::from_code("0.F").unwrap();
        assert_eq!(h.by_parts[3], Amounts::Finite(vec![1]));
        assert_eq!(h.max_parts(), 3);
        assert!(TakeBreakRules::from_code("1.07").is_err());
        assert!(TakeBreakRules::from_code("0.7G").is_err());
        assert!(is_code("0.77") && is_code(".6") && is_code("0.3f"));
        assert!(!is_code("nim") && !is_code("0.7.7") && !is_code("1,2"));
    }
}
