//! Options with a range in one slot: `[x, a..b]` is every array `[x, k]` for `k` in `a..b`, and
//! `sum([a..b, y])` (or `sum([[x, a..b], y])`) every sum with `k` in the range.
//!
//! The rule: at most one range per option, anywhere in its arrays or as a part of its sum (not
//! inside `repeat`). Such an option is kept as a [`Family`]: the option with a hole, and the
//! interval the hole runs over (no Rhai array per option, no option cap: the interval is two
//! numbers). The solver fills the hole for each `k` when it lists the options ([`Family::member`]);
//! only the position cap of the search bounds how many it meets.
//!
//! Options are a set, so a family must not list a position another option of the same position
//! lists: [`without_repeats`] cuts such members out of the interval (a family meets a single
//! position in at most one member, found from that position's integers; two families meet in an
//! interval or in members found from their own integers: [`Family::common`]).

use std::sync::Arc;

use super::expansion::Group;
use super::Position;

/// An option with one slot left open: the other parts of its sum, and the part with the hole.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Shape {
    /// The other parts of the sum the option is (none: the option is the holed part alone).
    rest: Vec<Position>,
    /// The part holding the hole (0 stands in its slot).
    part: Position,
    /// The indices, array by array, down to the hole (none: the part is the hole).
    path: Vec<u32>,
}

/// Every option `shape` with its hole filled by an integer of `start..end`.
#[derive(Clone, Debug)]
pub(super) struct Family {
    pub(super) shape: Arc<Shape>,
    pub(super) start: i64,
    pub(super) end: i64,
}

/// Where the one range of an option was met: `path` within the part being read, then the part.
#[derive(Debug, Default)]
pub(super) struct Hole {
    pub(super) path: Vec<u32>,
    pub(super) start: i64,
    pub(super) end: i64,
    /// The part of the sum that holds the hole (set when the sum that holds it is read).
    pub(super) part: Option<Position>,
}

impl Shape {
    /// The option read as `whole` (the sum of the other parts, or the holed array itself) with
    /// the hole `hole`.
    pub(super) fn new(whole: Position, hole: Hole) -> (Shape, i64, i64) {
        let (rest, part) = match hole.part {
            Some(part) => {
                let mut rest = Vec::new();
                if !whole.parts(&mut rest) {
                    rest.push(whole);
                }
                (rest, part)
            }
            None => (Vec::new(), whole),
        };
        let shape = Shape {
            rest,
            part,
            path: hole.path,
        };
        (shape, hole.start, hole.end)
    }

    /// Whether every member is a plain integer (`sum([a..b])`): then it is an integer range.
    pub(super) fn is_int(&self) -> bool {
        self.rest.is_empty() && self.path.is_empty()
    }
}

/// `p` with the integer `k` in the slot `path`.
fn fill(p: &Position, path: &[u32], k: i64) -> Position {
    let Some((&i, deeper)) = path.split_first() else {
        return Position::Int(k);
    };
    match (p, i, deeper.is_empty()) {
        // The commonest, `[x, a..b]` and `[a..b, y]`, without an allocation.
        (&Position::Duo(_, b), 0, true) => Position::Duo(k, b),
        (&Position::Duo(a, _), 1, true) => Position::Duo(a, k),
        _ => p
            .with_items(|items| {
                let mut items = items.to_vec();
                items[i as usize] = fill(&items[i as usize], deeper, k);
                Position::list(items)
            })
            .expect("a hole's path runs through arrays"),
    }
}

/// Calls `f` on each integer in `p` (parts of sums and copies' parts too).
fn each_int(p: &Position, f: &mut impl FnMut(i64)) {
    match p {
        Position::Int(n) => f(*n),
        Position::Str(_) => {}
        Position::Duo(a, b) | Position::Pair(a, b) => {
            f(*a);
            f(*b)
        }
        Position::Duos(a, b, c, d) => [a, b, c, d].into_iter().for_each(|&n| f(n.into())),
        Position::List(items) | Position::Sum(items) => items.iter().for_each(|q| each_int(q, f)),
        Position::Copies(x, _) => each_int(x, f),
    }
}

impl Family {
    /// How many options it holds.
    pub(super) fn len(&self) -> usize {
        self.end.abs_diff(self.start) as usize
    }

    /// The option with `k` in the hole.
    pub(super) fn member(&self, k: i64) -> Position {
        let Shape { rest, part, path } = &*self.shape;
        let filled = fill(part, path, k);
        if rest.is_empty() {
            return filled;
        }
        Position::sum(rest.iter().cloned().chain(std::iter::once(filled)))
    }

    /// The `k` whose member is `p`, if one is: the hole's integer is one of `p`'s, so each of
    /// them is tried (a member is a function of `k`, and distinct `k` give distinct members:
    /// their integers differ).
    pub(super) fn index_of(&self, p: &Position) -> Option<i64> {
        let mut ints = Vec::new();
        each_int(p, &mut |n| ints.push(n));
        ints.sort_unstable();
        ints.dedup();
        ints.into_iter()
            .find(|&k| (self.start..self.end).contains(&k) && self.member(k) == *p)
    }

    /// The integers of the shape, outside the hole.
    fn ints(&self) -> Vec<i64> {
        let Shape { rest, part, path } = &*self.shape;
        let mut ints = Vec::new();
        rest.iter().for_each(|q| each_int(q, &mut |n| ints.push(n)));
        // The part with a value in the hole that the walk then leaves out: its integers all
        // but one occurrence of the stand-in.
        let mut with_hole = Vec::new();
        each_int(&fill(part, path, 0), &mut |n| with_hole.push(n));
        if let Some(i) = with_hole.iter().position(|&n| n == 0) {
            with_hole.swap_remove(i);
        }
        ints.extend(with_hole);
        ints
    }

    /// The `k` of this family whose members `other` holds too, as intervals `[lo, hi)`.
    ///
    /// Why this is all of them: if member `k` of this family is member `j` of `other`, either
    /// `k` or `j` is an integer of one of the two shapes (the set `c`), and each such is tried;
    /// or neither is, and then `k = j` (the members' integers are the shapes' and the one in
    /// the hole) and the hole holds the only copy of `k` in both: the two shapes are then the
    /// same wherever the hole is not, and agree for every `t` outside `c`, which one `t0`
    /// outside `c` decides.
    pub(super) fn common(&self, other: &Family) -> Vec<(i64, i64)> {
        let mut c = self.ints();
        c.extend(other.ints());
        c.sort_unstable();
        c.dedup();
        let mut out = Vec::new();
        let t0 = (0..)
            .find(|t| c.binary_search(t).is_err())
            .expect("c is finite");
        if self.member(t0) == other.member(t0) {
            let (lo, hi) = (self.start.max(other.start), self.end.min(other.end));
            if lo < hi {
                out.push((lo, hi));
            }
        }
        for &t in &c {
            // `t` in this family's hole, or in the other's.
            if (self.start..self.end).contains(&t) && other.index_of(&self.member(t)).is_some() {
                out.push((t, t + 1));
            }
            if let Some(j) = (other.start..other.end)
                .contains(&t)
                .then(|| self.index_of(&other.member(t)))
                .flatten()
            {
                out.push((j, j + 1));
            }
        }
        out
    }

    /// What is left of the family once the intervals `cut` are taken out, as families.
    fn without(&self, mut cut: Vec<(i64, i64)>) -> Vec<Family> {
        cut.sort_unstable();
        let mut out = Vec::new();
        let mut from = self.start;
        for (lo, hi) in cut {
            if lo > from {
                out.push(self.within(from, lo.min(self.end)));
            }
            from = from.max(hi);
            if from >= self.end {
                break;
            }
        }
        if from < self.end {
            out.push(self.within(from, self.end));
        }
        out.retain(|f| f.start < f.end);
        out
    }

    fn within(&self, start: i64, end: i64) -> Family {
        Family {
            shape: self.shape.clone(),
            start,
            end,
        }
    }
}

/// How many membership tests [`without_repeats`] would make: families times the other options.
pub(super) fn dedup_cost(groups: &[Group]) -> u64 {
    let families = groups
        .iter()
        .filter(|g| matches!(g, Group::Family(_)))
        .count() as u64;
    let others: u64 = groups
        .iter()
        .map(|g| match g {
            Group::One(_) | Group::Splits { .. } | Group::Cuts { .. } => g.len() as u64,
            Group::Family(_) => 1,
            Group::Ints(..) | Group::Down(..) => 0,
        })
        .sum();
    families.saturating_mul(others)
}

/// The groups with each option once, the first of each kept, in order, when families are among
/// them (other groups are already without repeats among themselves). A family never holds an
/// integer, so integer runs are left alone.
pub(super) fn without_repeats(groups: Vec<Group>) -> Vec<Group> {
    if groups.len() < 2 || !groups.iter().any(|g| matches!(g, Group::Family(_))) {
        return groups;
    }
    let mut out: Vec<Group> = Vec::with_capacity(groups.len());
    let mut families: Vec<Family> = Vec::new();
    // The options kept so far that are not in a family.
    let mut before: Vec<Position> = Vec::new();
    let in_families =
        |p: &Position, families: &[Family]| families.iter().any(|f| f.index_of(p).is_some());
    for g in groups {
        match g {
            Group::Ints(..) | Group::Down(..) => out.push(g),
            Group::One(p) => {
                if !in_families(&p, &families) {
                    before.push(p.clone());
                    out.push(Group::One(p));
                }
            }
            Group::Splits { .. } | Group::Cuts { .. } => {
                let mut members = Vec::with_capacity(g.len());
                g.for_each(|q| members.push(q));
                let len = members.len();
                members.retain(|q| !in_families(q, &families));
                if members.len() == len {
                    out.push(g);
                } else {
                    out.extend(members.iter().cloned().map(Group::One));
                }
                before.extend(members);
            }
            Group::Family(f) => {
                let mut cut: Vec<(i64, i64)> = before
                    .iter()
                    .filter_map(|p| f.index_of(p))
                    .map(|k| (k, k + 1))
                    .collect();
                for e in &families {
                    cut.extend(f.common(e));
                }
                for piece in f.without(cut) {
                    families.push(piece.clone());
                    out.push(Group::Family(piece));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn family(rest: Vec<Position>, part: Position, path: Vec<u32>, start: i64, end: i64) -> Family {
        Family {
            shape: Arc::new(Shape { rest, part, path }),
            start,
            end,
        }
    }

    fn members(g: &[Group]) -> Vec<Position> {
        let mut out = Vec::new();
        for g in g {
            g.for_each(|q| out.push(q));
        }
        out
    }

    #[test]
    fn members_fill_the_hole() {
        let f = family(vec![], Position::Duo(3, 0), vec![1], 0, 3);
        let got: Vec<Position> = (0..3).map(|k| f.member(k)).collect();
        assert_eq!(got, [0, 1, 2].map(|k| Position::Duo(3, k)));
        assert_eq!(f.index_of(&Position::Duo(3, 2)), Some(2));
        assert_eq!(f.index_of(&Position::Duo(2, 3)), None);
        let nested = Position::parse_word("[[1,0],\"a\"]").unwrap();
        let g = family(vec![Position::Int(7)], nested, vec![0, 1], 5, 7);
        assert_eq!(g.member(6).to_string(), "7 + [[1, 6], \"a\"]");
        assert_eq!(g.index_of(&g.member(6)), Some(6));
    }

    #[test]
    fn families_that_meet_are_cut_to_what_is_new() {
        // [x, 0..5] then [x, 3..8]: the second keeps 5..8; [0..4, 4] meets [4, 0..5] at [4, 4].
        let a = family(vec![], Position::Duo(4, 0), vec![1], 0, 5);
        let b = family(vec![], Position::Duo(4, 0), vec![1], 3, 8);
        let c = family(vec![], Position::Duo(0, 4), vec![0], 0, 6);
        let one = Group::One(Position::Duo(4, 6));
        let got = without_repeats(vec![
            Group::Family(a),
            Group::Family(b),
            one,
            Group::Family(c),
        ]);
        let mut want: Vec<Position> = (0..8).map(|k| Position::Duo(4, k)).collect();
        want.extend([0, 1, 2, 3, 5].map(|k| Position::Duo(k, 4)));
        assert_eq!(members(&got), want);
    }
}
