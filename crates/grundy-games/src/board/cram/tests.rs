//! Cram against the plain mex search: values, winning moves, reductions, the canonical form and
//! the half-turn strategy on small boards, and the published values.

use grundy_core::search::{Search, SearchRules};
use grundy_core::{analyse, BruteForce, Game, Nimber, Outcome, Solver};
use proptest::prelude::*;

use super::bits::bits;
use super::tables::dawson;
use super::{parse_rows, Board, Cram, CramRules};
use crate::spec::Word;
use crate::testing::build_sum;

fn engine(rules: CramRules, threads: usize) -> Search<CramRules> {
    Search::new(rules, 1 << 20, threads)
}

/// Every option of `b` whose value is `target`, by the plain solver.
fn brute_moves(solver: &mut Solver<BruteForce<CramRules>>, b: &Board, t: Nimber) -> Vec<Board> {
    solver.moves_to(b, t).unwrap()
}

/// A board of at most 4x4 with random holes.
fn board() -> impl Strategy<Value = Board> {
    (1u8..=4, 1u8..=4, any::<u64>()).prop_map(|(r, c, holes)| {
        let full = Board::empty(r, c);
        Board {
            free: full.free & !(holes & holes >> 17),
            ..full
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Values, and the options of every value, against the plain mex search; with regions
    /// and symmetries on and off, on one thread and two.
    #[test]
    fn search_matches_brute_force(b in board()) {
        let mut brute = Solver::new(BruteForce(CramRules::default()));
        let want = brute.grundy(&b).unwrap();
        for (split, symmetry, reduce, threads) in [
            (true, true, true, 1),
            (false, false, false, 1),
            (true, false, false, 1),
            (false, true, false, 1),
            (false, false, true, 1),
            (true, true, false, 2),
            (true, true, true, 2),
        ] {
            let s = engine(CramRules { split, symmetry, reduce }, threads);
            prop_assert_eq!(
                s.value(&b), want,
                "{:?} split {} symmetry {} reduce {}", b, split, symmetry, reduce
            );
        }
        let game = Cram::with_rules(None, CramRules::default(), 1);
        for t in 0..=want.0 + 1 {
            let (hits, total) = game.options_to(&b, Nimber(t), usize::MAX).unwrap().unwrap();
            let want_hits = brute_moves(&mut brute, &b, Nimber(t));
            prop_assert_eq!(total, want_hits.len());
            prop_assert_eq!(hits, want_hits);
        }
    }
}

/// A board of up to 5x5 with holes in about a third of its cells.
fn holey_board() -> impl Strategy<Value = Board> {
    (1u8..=5, 1u8..=5, any::<u64>(), any::<u64>()).prop_map(|(r, c, a, b)| {
        let full = Board::empty(r, c);
        Board {
            free: full.free & !(a & (b | b >> 23)),
            ..full
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The cells a reduction drops do not change the value, by the plain mex search.
    #[test]
    fn reduction_keeps_the_value(b in holey_board()) {
        let r = b.reduced();
        prop_assert_eq!(r.free & !b.free, 0, "only free cells go");
        prop_assert_eq!(r.reduced(), r, "reduced once and for all");
        let mut brute = Solver::new(BruteForce(CramRules::default()));
        let want = brute.grundy(&b).unwrap();
        prop_assert_eq!(brute.grundy(&r).unwrap(), want, "{:?} -> {:?}", b, r);
        // The parts a search sees (reduced, cut at boxes, split, turned): their values XOR
        // to the board's.
        let mut parts = Vec::new();
        CramRules::default().parts(&b, &mut parts);
        let sum: Nimber = parts.iter().map(|p| brute.grundy(p).unwrap()).sum();
        prop_assert_eq!(sum, want, "{:?} -> {:?}", b, parts);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Boards the half turn maps onto themselves are P-positions when the centre cells are
    /// not free, by the plain mex search.
    #[test]
    fn half_turn_symmetric_boards_are_p(
        r in 1u8..=5, c in 1u8..=5, x in any::<u64>(), centre in any::<bool>()
    ) {
        let full = Board::empty(r, c);
        let n = full.cells();
        let some = full.free & x & (x >> 13 | x >> 29);
        let mut b = Board { free: some | some.reverse_bits() >> (64 - n), ..full };
        if centre {
            // Take the centre cells, so the strategy applies.
            let (h, w) = (u32::from(r), u32::from(c));
            for (i, j) in [(h / 2, w / 2), ((h - 1) / 2, (w - 1) / 2)] {
                b.free &= !(1 << (i * w + j));
            }
        }
        let mut brute = Solver::new(BruteForce(CramRules::default()));
        if b.half_turn_wins() {
            prop_assert_eq!(brute.grundy(&b).unwrap(), Nimber::ZERO, "{:?}", b);
        } else {
            prop_assert!(!centre || b.free.reverse_bits() >> (64 - n) != b.free);
        }
    }
}

/// A box (`a b` over `c d`, `a` and `d` walled in but for each other's neighbours) cuts its
/// region in two along its rows.
#[test]
fn a_box_cuts_its_region() {
    let board = parse_rows(&Word::from_args(&["...", "..#", ".##"]), None).unwrap();
    let mut parts = Vec::new();
    CramRules::default().parts(&board, &mut parts);
    assert_eq!(parts.len(), 2, "{parts:?}");
    let mut brute = Solver::new(BruteForce(CramRules::default()));
    let sum: Nimber = parts.iter().map(|p| brute.grundy(p).unwrap()).sum();
    assert_eq!(sum, brute.grundy(&board).unwrap());
}

/// The canonical form by the definition: of the eight images of the cropped cells (turned,
/// flipped) with no more rows than columns, the one whose bits, row after row, are least.
fn plain_canonical(b: &Board, cells: u64) -> Board {
    let c = u32::from(b.cols);
    let at: Vec<(u32, u32)> = bits(cells).map(|i| (i / c, i % c)).collect();
    let (r0, c0) = (
        at.iter().map(|p| p.0).min().unwrap(),
        at.iter().map(|p| p.1).min().unwrap(),
    );
    let h = at.iter().map(|p| p.0).max().unwrap() - r0 + 1;
    let w = at.iter().map(|p| p.1).max().unwrap() - c0 + 1;
    let mut best: Option<Board> = None;
    for (turn, up, across) in (0..8).map(|k| (k & 4 != 0, k & 2 != 0, k & 1 != 0)) {
        let (rows, cols) = if turn { (w, h) } else { (h, w) };
        if rows > cols {
            continue;
        }
        let free = at.iter().fold(0u64, |f, &(r, q)| {
            let (r, q) = (r - r0, q - c0);
            let (r, q) = if turn { (q, r) } else { (r, q) };
            let r = if up { rows - 1 - r } else { r };
            let q = if across { cols - 1 - q } else { q };
            f | 1 << (r * cols + q)
        });
        if best.is_none_or(|b| free < b.free) {
            best = Some(Board {
                rows: rows as u8,
                cols: cols as u8,
                free,
            });
        }
    }
    best.unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// The canonical form (bit tricks: rows found by multiplication, columns gathered by
    /// one, images reversed whole) is the one the definition gives.
    #[test]
    fn canonical_is_the_least_image(rows in 1u8..=8, cols in 1u8..=64, cells in any::<u64>(), thin in any::<u64>()) {
        let cols = cols.min(64 / rows);
        let b = Board::empty(rows, cols);
        // Sparse sets as often as dense ones.
        let cells = b.free & cells & (thin | thin >> 7);
        prop_assume!(cells != 0);
        prop_assert_eq!(b.canonical(cells, true), plain_canonical(&b, cells));
        let tall = Board::empty(cols.min(64), rows);
        let flipped = bits(cells).fold(0u64, |f, i| {
            let (r, q) = (i / u32::from(cols), i % u32::from(cols));
            f | 1 << (q * u32::from(rows) + r)
        });
        prop_assert_eq!(tall.canonical(flipped, true), plain_canonical(&b, cells));
    }
}

#[test]
fn tufts_and_bridges_go() {
    let board = |rows: &[&str]| parse_rows(&Word::from_args(rows), None).unwrap();
    // An anchor with three tufts keeps one; a lone cell goes.
    let star = board(&["#.#", "...", "#.#"]).reduced();
    assert_eq!(star.free.count_ones(), 2);
    let lone = board(&[".#.", "##."]).reduced();
    assert_eq!(lone.free.count_ones(), 2);
    // A U: the bottom of it is a bridge between two anchors, each with its tuft.
    let u = board(&["...", ".#."]).reduced();
    assert_eq!(u.free.count_ones(), 4);
    // A ring has no tuft: nothing goes.
    let ring = board(&["...", ".#.", "..."]);
    assert_eq!(ring.reduced(), ring);
}

/// Every board up to 4x4, empty, against the plain search.
#[test]
fn empty_boards_match_brute_force() {
    let mut brute = Solver::new(BruteForce(CramRules::default()));
    let s = engine(CramRules::default(), 2);
    for r in 1..=4 {
        for c in 1..=4 {
            let b = Board::empty(r, c);
            assert_eq!(s.value(&b), brute.grundy(&b).unwrap(), "{r}x{c}");
        }
    }
}

fn value(words: &[&str]) -> (Outcome, Nimber, usize) {
    let mut sum = build_sum(&Word::from_args(words)).unwrap();
    let a = analyse(&mut sum, 100).unwrap();
    (a.outcome, a.grundy.unwrap(), a.winning_moves_total)
}

/// Gardner's symmetry strategy: even by even is P, odd by even is N; and the values igsolve
/// and the published tables give.
#[test]
fn known_values() {
    for (r, c) in [(2, 2), (2, 4), (4, 4), (2, 6), (4, 6), (2, 8)] {
        assert_eq!(
            value(&["cram", &r.to_string(), &c.to_string()]).0,
            Outcome::P
        );
    }
    for (r, c) in [(1, 2), (3, 2), (3, 4), (5, 2), (5, 4), (3, 6), (4, 5)] {
        let (o, _, moves) = value(&["cram", &r.to_string(), &c.to_string()]);
        assert_eq!(o, Outcome::N, "{r}x{c}");
        assert!(moves > 0);
    }
    for (r, c, g) in [
        (1, 4, 2),
        (2, 3, 1),
        (3, 3, 0),
        (3, 4, 1),
        (3, 5, 1),
        (4, 5, 2),
        (5, 5, 0),
        (3, 7, 1),
    ] {
        assert_eq!(
            value(&["cram", &r.to_string(), &c.to_string()]).1,
            Nimber(g),
            "{r}x{c}"
        );
    }
    // A row of the most cells a board may have, with a hole: two rows of Dawson's Kayles.
    for hole in [0, 1, 30, 63] {
        let row: String = (0..64).map(|i| if i == hole { '#' } else { '.' }).collect();
        let g = value(&["cram", &row]).1;
        assert_eq!(g, dawson(hole) + dawson(63 - hole), "hole at {hole}");
    }
    // A row of n cells is Dawson's Kayles at n.
    for n in 0..=30u32 {
        let g = value(&["cram", "1", &n.to_string()]).1;
        let mut sum = build_sum(&Word::from_args(&["0.07".to_string(), n.to_string()])).unwrap();
        assert_eq!(Some(g), analyse(&mut sum, 0).unwrap().grundy, "row of {n}");
    }
}

#[test]
fn words_and_errors() {
    let mut sum = build_sum(&Word::from_args(&["cram", "..#", "..."])).unwrap();
    assert_eq!(sum[0].position(), serde_json::json!(["..#", "..."]));
    let a = analyse(&mut sum, 10).unwrap();
    assert_eq!(a.winning_moves_total, a.winning_moves.len());
    let err = |words: &[&str]| {
        build_sum(&Word::from_args(words))
            .err()
            .unwrap()
            .to_string()
    };
    assert!(err(&["cram"]).contains("give a board"));
    assert!(err(&["cram", "..", "..."]).contains("same length"));
    assert!(err(&["cram", ".x"]).contains("not 'x'"));
    assert!(err(&["cram:9x9"]).contains("more than the 64 cells"));
    assert!(err(&["cram:5"]).contains("cram:RxC"));
    assert!(err(&["cram:2x2", "2", "2"]).contains("size is in the spec"));
    assert!(err(&["cram:2x2", "..."]).contains("2x2"));
    assert!(err(&["cram", "3"]).contains("not '3'"));
}
