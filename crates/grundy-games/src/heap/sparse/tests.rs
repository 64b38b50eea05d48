//! The engine's tests: the sparse method against the naive one and the options, tables extended in
//! steps, truncated, and widened.

use super::*;
use crate::heap::take_and_break::TakeAndBreak;
use proptest::prelude::*;

fn code() -> impl Strategy<Value = String> {
    (
        prop_oneof![Just(0u32), Just(4)],
        proptest::collection::vec(0u32..8, 1..5),
    )
        .prop_map(|(d0, ds)| {
            let tail: String = ds
                .iter()
                .map(|d| char::from_digit(*d, 8).unwrap())
                .collect();
            format!("{d0}.{tail}")
        })
}

fn engine_table(rules: &TakeBreakRules, method: Method, last: usize) -> Vec<u32> {
    marks_table(rules, method, last, true)
}

/// [`engine_table`], with values below 64 computed on one word of bits (`one_word`) or on the
/// byte stamps every larger value uses.
fn marks_table(rules: &TakeBreakRules, method: Method, last: usize, one_word: bool) -> Vec<u32> {
    let mut e = Engine::new(rules.clone(), method);
    e.ctx.one_word = one_word;
    // Force early and frequent mask reviews so the sparse path is exercised on small tables.
    e.ctx.next_review = 16;
    e.extend_to(last, &mut |_| true).unwrap();
    e.values().to_vec()
}

/// A pool of `threads` threads, for tables computed on one thread and on two.
fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a thread pool")
}

/// [`engine_table`] by the sparse method in a pool of `threads`, every rare pass split between
/// the threads when there are two (however short), and extended in the given steps.
fn split_table(rules: &TakeBreakRules, threads: usize, steps: &[usize]) -> Engine {
    pool(threads).install(|| {
        let mut e = Engine::new(rules.clone(), Method::Sparse);
        e.ctx.next_review = 16;
        e.ctx.split_marks = 0;
        for &last in steps {
            e.extend_to(last, &mut |_| true).unwrap();
        }
        e
    })
}

/// [`engine_table`] by the sparse method on two threads, the far rare pass of every segment
/// marked ahead by the second (however few far rare heaps), extended in the given steps.
fn ahead_table(rules: &TakeBreakRules, steps: &[usize], one_word: bool) -> Engine {
    pool(2).install(|| {
        let mut e = Engine::new(rules.clone(), Method::Sparse);
        e.ctx.one_word = one_word;
        e.ctx.next_review = 16;
        e.ctx.pipeline_far = 0;
        e.ctx.ahead_wait = true;
        for &last in steps {
            e.extend_to(last, &mut |_| true).unwrap();
        }
        e
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn rare_passes_marked_ahead_equal_naive(code in code(), last in 0usize..700, one_word: bool) {
        let rules = TakeBreakRules::from_code(&code).unwrap();
        let oracle = naive_table(&TakeAndBreak::new(rules.clone()), last as u64);
        let e = ahead_table(&rules, &[last / 3, last], one_word);
        prop_assert_eq!(&e.values().to_vec(), &oracle);
    }

    #[test]
    fn sparse_equals_naive_equals_options(code in code(), last in 0usize..400) {
        let rules = TakeBreakRules::from_code(&code).unwrap();
        let oracle = naive_table(&TakeAndBreak::new(rules.clone()), last as u64);
        prop_assert_eq!(&engine_table(&rules, Method::Naive, last), &oracle);
        prop_assert_eq!(&marks_table(&rules, Method::Sparse, last, true), &oracle);
        prop_assert_eq!(&marks_table(&rules, Method::Sparse, last, false), &oracle);
    }

    /// The one-word kernels, with AVX2 where this CPU has it, against their definitions.
    #[test]
    fn one_word_kernels_equal_their_definitions(
        table in proptest::collection::vec(0u8..64, 8..300),
        picks in proptest::collection::vec(any::<bool>(), 300),
        values in proptest::collection::vec(0u32..64, 300),
        gap in 1usize..7,
        (first, len) in (1usize..40, 0usize..70),
        k1 in 0usize..2,
    ) {
        let avx2 = Ctx::new(false, true).avx2;
        // A remainder is at most the heap computed, one past the table (a removal of 0).
        let r1 = table.len() - k1;
        let r2 = r1 - gap.min(r1 - 1);
        let heaps: Vec<u32> = (1..r2).filter(|&a| picks[a]).map(|a| a as u32).collect();
        let values = &values[..heaps.len()];
        let bit = |v: u32| 1u64 << v;
        let want = heaps.iter().zip(values).fold(0, |w, (&a, &va)| {
            w | bit(va ^ table[r1 - a as usize] as u32) | bit(va ^ table[r2 - a as usize] as u32)
        });
        let wide: Vec<u16> = table.iter().map(|&x| u16::from(x)).collect();
        for fast in [false, avx2] {
            prop_assert_eq!(kernels::reach_rare_twice(&table, (r1, r2), &heaps, values, fast), want);
            prop_assert_eq!(kernels::reach_rare_twice(&wide, (r1, r2), &heaps, values, fast), want);
        }
        let once = heaps.iter().zip(values).fold(0, |w, (&a, &va)| w | bit(va ^ table[r1 - a as usize] as u32));
        prop_assert_eq!(kernels::reach_rare(&table, r1, &heaps, values), once);
        // Pairs (a, r1 - a) for a in first..first + len, within the table.
        let hi = (first + len).min(r1 / 2 + 1).max(first.min(r1 / 2 + 1));
        let lo = first.min(hi);
        let pairs = (lo..hi).fold(0, |w, a| w | bit(u32::from(table[a] ^ table[r1 - a])));
        let (low, high) = (&table[lo..hi], &table[r1 + 1 - hi..r1 + 1 - lo]);
        for fast in [false, avx2] {
            prop_assert_eq!(kernels::reach_pairs(low, high, fast), pairs);
        }
        let (wlow, whigh) = (&wide[lo..hi], &wide[r1 + 1 - hi..r1 + 1 - lo]);
        prop_assert_eq!(kernels::reach_pairs(wlow, whigh, avx2), pairs);
    }

    #[test]
    fn scan_steps_find_the_needed_values_their_pairs_reach(
        table in proptest::collection::vec(0u16..1024, 8..400),
        wide: bool,
        needed in proptest::collection::btree_set(0u32..1024, 1..24),
        sets2 in proptest::collection::btree_set(0usize..5, 1..4),
        distinct: bool,
        ranges in proptest::collection::vec((1usize..150, 0usize..120), 1..4),
        k1 in 0usize..2,
    ) {
        // Two-byte values, or the same table cut to bytes: both widths have their own kernel.
        let (table, top): (Vec<u16>, u32) = if wide {
            (table, 1024)
        } else {
            (table.iter().map(|&x| x % 256).collect(), 256)
        };
        let needed: Vec<u32> = needed.into_iter().map(|v| v % top).collect();
        let sets2: Vec<usize> = sets2.into_iter().collect();
        let n = table.len() - k1;
        // What the pairs (a, r - a), a in each range, of each removal reach.
        let reached = |v: u32| {
            ranges.iter().any(|&(first, len)| {
                sets2.iter().filter(|&&k| k + 2 <= n).any(|&k| {
                    let r = n - k;
                    (first..first + len)
                        .take_while(|&a| a < kernels::pair_top(r, distinct))
                        .any(|a| u32::from(table[a] ^ table[r - a]) == v)
                })
            })
        };
        let mut spans = Vec::new();
        for &range in &ranges {
            kernels::for_pair_spans(&sets2, n, distinct, range, |span| spans.push(span));
        }
        let bytes: Vec<u8> = table.iter().map(|&x| x as u8).collect();
        let avx2 = Ctx::new(false, true).avx2;
        for fast in [false, avx2] {
            let mut seen = vec![0u8; top as usize];
            let scanned = if wide {
                kernels::scan_spans(&mut seen, 1, &needed, &table, &spans, fast)
            } else {
                kernels::scan_spans(&mut seen, 1, &needed, &bytes, &spans, fast)
            };
            let mut kept = needed.clone();
            match scanned {
                kernels::Scanned::Found(found) => {
                    prop_assert!(needed.len() <= 16);
                    prop_assert!(seen.iter().all(|&s| s == 0), "found values are not marked");
                    kernels::drop_found(&mut kept, found);
                }
                kernels::Scanned::Marked => kernels::keep_unseen(&mut kept, &seen, 1),
            }
            let unreached: Vec<u32> = needed.iter().copied().filter(|&v| !reached(v)).collect();
            prop_assert_eq!(kept, unreached, "AVX2 {}", fast);
        }
    }

    #[test]
    fn packed_marks_are_the_marks_with_the_stamp(marks in proptest::collection::vec(0u8..4, 64), stamp in 0u8..4) {
        let want = marks.iter().enumerate().fold(0u64, |w, (i, &s)| w | u64::from(s == stamp) << i);
        prop_assert_eq!(kernels::pack_word(&marks, stamp), want);
    }

    #[test]
    fn split_rare_passes_equal_naive(code in code(), last in 0usize..400, threads in 1usize..=2) {
        let rules = TakeBreakRules::from_code(&code).unwrap();
        let oracle = naive_table(&TakeAndBreak::new(rules.clone()), last as u64);
        let e = split_table(&rules, threads, &[last / 3, last]);
        prop_assert_eq!(e.ctx.threads, threads);
        prop_assert_eq!(&e.values().to_vec(), &oracle);
    }

    #[test]
    fn hexadecimal_codes_match_the_options(d in 8u32..16, e in 0u32..16, last in 0usize..60) {
        let code = format!("0.{}{}", char::from_digit(d, 16).unwrap(), char::from_digit(e, 16).unwrap());
        let rules = TakeBreakRules::from_code(&code).unwrap();
        let oracle = naive_table(&TakeAndBreak::new(rules.clone()), last as u64);
        prop_assert_eq!(&engine_table(&rules, Method::Sparse, last), &oracle);
    }
}

#[test]
fn extending_in_steps_equals_one_run() {
    // Each extension reserves the table anew; truncating drops rare heaps past the end.
    for code in ["0.07", "0.6", "4.07", "0.007"] {
        let rules = TakeBreakRules::from_code(code).unwrap();
        let whole = engine_table(&rules, Method::Sparse, 700);
        let mut e = Engine::new(rules, Method::Sparse);
        e.ctx.next_review = 16;
        for last in [0, 1, 5, 40, 41, 300] {
            e.extend_to(last, &mut |_| true).unwrap();
        }
        e.truncate(250);
        e.extend_to(700, &mut |_| true).unwrap();
        assert_eq!(e.values().to_vec(), whole, "{code}");
    }
}

#[test]
fn long_tables_match_the_naive_method() {
    // Long enough that the pair scan probes spread blocks and then reads the rest in order
    // (heaps past 2·(96 + 32·128)), where G(n) is rare.
    let codes = [
        crate::heap::grundys_game::rules(),
        TakeBreakRules::from_code("0.6").unwrap(),
    ];
    for rules in codes {
        let naive = engine_table(&rules, Method::Naive, 12_000);
        let sparse = engine_table(&rules, Method::Sparse, 12_000);
        assert_eq!(sparse, naive);
    }
    // Two removals leaving two heaps: each step reads a span of each. Its values stay below 64:
    // on byte stamps, not the word.
    let rules = TakeBreakRules::from_code("0.167").unwrap();
    let naive = engine_table(&rules, Method::Naive, 12_000);
    assert_eq!(marks_table(&rules, Method::Sparse, 12_000, false), naive);
}

#[test]
fn tables_widen_when_values_grow() {
    // 4.0 (split into two heaps) has values growing without bound.
    let mut rules = TakeBreakRules::from_code("0.6").unwrap();
    rules.by_parts[1] = crate::heap::take_and_break::Amounts::All;
    let oracle = naive_table(&TakeAndBreak::new(rules.clone()), 600);
    let got = engine_table(&rules, Method::Sparse, 600);
    assert_eq!(got, oracle);
    let mut e = Engine::new(rules, Method::Sparse);
    e.extend_to(600, &mut |_| true).unwrap();
    assert!(e.values().width() >= 2);
    // In steps, so that the table widens in the middle of an extension and between two.
    let wide = oracle.iter().position(|&v| v > 255).unwrap();
    let first = wide - 10;
    let end = 2 * (first + 1) - 1;
    assert!(end < oracle.len());
    let mut e = Engine::new(e.rules().clone(), Method::Sparse);
    e.ctx.next_review = 16;
    for last in [first, first + 5, end] {
        e.extend_to(last, &mut |_| true).unwrap();
    }
    assert_eq!(e.values().to_vec(), oracle[..=end]);
}

#[test]
fn a_table_ticks_between_small_first_blocks() {
    // The cost of a value is not known at first: a game that splits a heap in three pays a square
    // per value, so the first blocks are small and `tick` (progress, Ctrl-C) is called early.
    let rules = TakeBreakRules::from_code("0.3F").unwrap();
    let mut e = Engine::new(rules, Method::Sparse);
    let mut seen = Vec::new();
    e.extend_to(1500, &mut |e| {
        seen.push(e.values().len());
        true
    })
    .unwrap();
    assert!(seen.len() >= 3, "{seen:?}");
    assert_eq!(seen.first(), Some(&BLOCK_FIRST));
    assert_eq!(seen.last(), Some(&1501));
    assert!(seen.windows(2).all(|w| w[0] < w[1]), "{seen:?}");
}

#[test]
fn a_stopped_tick_keeps_the_values_of_its_blocks() {
    let rules = TakeBreakRules::from_code("0.77").unwrap();
    let mut e = Engine::new(rules.clone(), Method::Sparse);
    assert_eq!(e.extend_to(100_000, &mut |_| false), Err(Interrupted));
    let kept = e.values().len();
    assert!((1..100_001).contains(&kept), "{kept}");
    let whole = engine_table(&rules, Method::Naive, kept - 1);
    assert_eq!(e.values().to_vec(), whole);
}

#[test]
fn a_budget_reaches_what_its_estimate_allows() {
    let rules = TakeBreakRules::from_code("0.6").unwrap();
    let mut e = Engine::new(rules.clone(), Method::Sparse);
    e.extend_to(5000, &mut |_| true).unwrap();
    let lasts = [0u64, 5000, 100_000, 1 << 24, u32::MAX as u64 - 1];
    for pair in lasts.windows(2) {
        assert!(
            e.estimated_bytes(pair[0]) <= e.estimated_bytes(pair[1]),
            "{pair:?}"
        );
    }
    for last in lasts {
        let bytes = e.estimated_bytes(last);
        // The values alone: 0.6's largest by 5000 is past 170, so that a larger table is
        // forecast at two bytes a value (they pass 255 at 10344).
        assert!(bytes >= 2 * (last + 1), "{last}: {bytes}");
        assert!(e.reach(bytes) >= last, "{last}");
        assert!(e.reach(bytes) < u32::MAX as u64);
        if last > 0 {
            assert!(e.reach(bytes - 1) < last, "{last}");
        }
    }
    assert_eq!(e.reach(0), 0);
    // From a prefix computed by the free function: the same forecast as from an engine that far.
    let mut prefix = Engine::new(rules.clone(), Method::Sparse);
    prefix.extend_to(32767, &mut |_| true).unwrap();
    assert_eq!(
        estimated_bytes(&rules, 1 << 30),
        prefix.estimated_bytes(1 << 30)
    );
}

#[test]
fn a_value_past_255_widens_the_table_mid_extension_on_both_thread_counts() {
    // 0.6's first value past 255 is G(10344) = 256: the table turns from bytes to u16 in the
    // middle of an extension, and again at the start of one.
    let rules = TakeBreakRules::from_code("0.6").unwrap();
    let oracle = naive_table(&TakeAndBreak::new(rules.clone()), 10_600);
    let first_wide = oracle.iter().position(|&v| v > 255).unwrap();
    assert_eq!((first_wide, oracle[first_wide]), (10_344, 256));
    for threads in [1, 2] {
        for steps in [[10_000, 10_600], [10_343, 10_600]] {
            let e = split_table(&rules, threads, &steps[..1]);
            assert_eq!(e.values().width(), 1, "{threads} thread(s), {steps:?}");
            let e = split_table(&rules, threads, &steps);
            assert_eq!(e.values().width(), 2);
            assert_eq!(
                e.values().to_vec(),
                oracle,
                "{threads} thread(s), {steps:?}"
            );
        }
    }
}

#[test]
fn a_table_writes_its_values_in_its_own_width_and_reads_them_back() {
    for (values, width) in [
        (vec![], 1),
        (vec![7], 1),
        (vec![0, 1, 2], 1),
        (vec![3, 300, 5, 9], 2),
        (vec![1, 70_000], 4),
    ] {
        let table = Values::from_u32(&values);
        let mut written = Vec::new();
        table.write_le(&mut written).unwrap();
        assert_eq!(written.len(), width * values.len(), "{values:?}");
        let mut read = Values::with_width(width, 0).unwrap();
        read.extend_from_le(&written);
        assert_eq!(read, table, "{values:?}");
        assert_eq!(table.max(), values.iter().copied().max().unwrap_or(0));
    }
    // Past one block of the writer, in two bytes a value.
    let long: Vec<u32> = (0..40_001).map(|n| n % 251 + 256 * (n % 2)).collect();
    let mut written = Vec::new();
    Values::from_u32(&long).write_le(&mut written).unwrap();
    assert_eq!(written.len(), 2 * long.len());
    assert_eq!(written[2 * 40_000..], (40_000u16 % 251).to_le_bytes());
}

#[test]
fn grundys_game_marked_ahead_equals_one_thread() {
    let rules = crate::heap::grundys_game::rules();
    let last = 1 << 16;
    let one = pool(1).install(|| engine_table(&rules, Method::Sparse, last));
    let e = ahead_table(&rules, &[last / 2, last], true);
    assert_eq!(e.values().to_vec(), one);
    // Not a test that passes with the second thread idle: it marked heaps.
    assert!(e.ahead_heaps() > 0, "no heap was marked ahead");
}

#[test]
fn values_outgrowing_the_marks_or_the_storage_end_a_segment_marked_ahead() {
    // 0.6's values pass 64, 128 (longer marks) and 255 (G(10344) = 256: a wider table) while
    // segments are marked ahead; in steps, so that a segment also starts on the widened table.
    let rules = TakeBreakRules::from_code("0.6").unwrap();
    let oracle = naive_table(&TakeAndBreak::new(rules.clone()), 10_600);
    for steps in [[10_000, 10_600], [10_343, 10_600]] {
        let e = ahead_table(&rules, &steps, true);
        assert_eq!(e.values().width(), 2);
        assert_eq!(e.values().to_vec(), oracle, "{steps:?}");
        assert!(e.ahead_heaps() > 0);
    }
}
