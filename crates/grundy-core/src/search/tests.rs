//! The search against the plain mex search on sums of subtraction heaps, values past what a set
//! of candidates holds, and checkpoints saved, resumed and refused.

use std::time::Duration;

use proptest::prelude::*;

use super::checkpoint;
use super::table::EXACT;
use super::{Search, SearchRules};
use crate::{BruteForce, Nimber, Ruleset, Solver};

/// Heaps of a subtraction game, each heap a part of its own.
#[derive(Clone)]
struct Heaps(Vec<u16>);

impl Ruleset for Heaps {
    type Position = Vec<u16>;
    fn options(&self, p: &Vec<u16>, out: &mut Vec<Vec<u16>>) {
        for (i, &h) in p.iter().enumerate() {
            for &s in self.0.iter().filter(|&&s| s <= h) {
                let mut q = p.clone();
                q[i] = h - s;
                out.push(q);
            }
        }
    }
}

impl SearchRules for Heaps {
    fn parts(&self, p: &Vec<u16>, out: &mut Vec<Vec<u16>>) {
        out.extend(p.iter().filter(|&&h| h > 0).map(|&h| vec![h]));
    }
    fn code(&self, part: &Vec<u16>) -> Option<u64> {
        (part.len() == 1).then(|| u64::from(part[0]))
    }
    fn size(&self, part: &Vec<u16>) -> u32 {
        part.iter().map(|&h| u32::from(h)).sum()
    }
    fn decode(&self, code: u64) -> Option<Vec<u16>> {
        Some(vec![u16::try_from(code).ok()?])
    }
    fn decodes(&self) -> bool {
        true
    }
}

proptest! {
    /// Values and the options of each value against the plain mex search, with a table
    /// too small to keep everything, on one thread and two.
    #[test]
    fn sums_of_heaps_match_the_plain_search(
        mut set in proptest::collection::vec(1u16..9, 1..4),
        heaps in proptest::collection::vec(0u16..30, 1..4),
    ) {
        set.sort_unstable();
        set.dedup();
        let mut brute = Solver::new(BruteForce(Heaps(set.clone())));
        let want = brute.grundy(&heaps).unwrap();
        for (bytes, threads) in [(1 << 20, 1), (1 << 7, 1), (1 << 20, 2)] {
            let search = Search::new(Heaps(set.clone()), bytes, threads);
            prop_assert_eq!(search.value(&heaps), want);
            let mut options = Vec::new();
            Heaps(set.clone()).options(&heaps, &mut options);
            for k in 0..=want.0 + 1 {
                let got = search.those_equal(options.clone(), Nimber(k));
                prop_assert_eq!(got, brute.moves_to(&heaps, Nimber(k)).unwrap());
            }
        }
    }
}

/// A checkpoint saved and resumed: the resumed search knows the value without a node; a
/// file damaged, cut, of other rules, or with an entry the rules contradict is refused; the
/// file goes when the search finishes.
#[test]
fn checkpoints_resume_and_bad_ones_are_refused() {
    use checkpoint::Checkpointing;
    let dir = std::env::temp_dir().join(format!("grundy-search-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("heaps.ckpt");
    let rules = Heaps(vec![1, 3, 4]);
    let key = crate::seal::Key::from_bytes([1; 32]);
    let config = |resume| Checkpointing {
        path: path.clone(),
        resume,
        every: Duration::from_secs(3600),
        trust: crate::seal::Trust::new(key.clone()),
    };
    let importing = Checkpointing {
        trust: crate::seal::Trust::new(key.clone()).importing(true),
        ..config(true)
    };
    // 256 entries: each is in the sample a resumed search checks.
    let search = || Search::new(rules.clone(), 1 << 12, 1);
    let writing = config(false);
    // A file already there that this search neither read nor wrote stays.
    std::fs::write(&path, b"someone else's").unwrap();
    let other = search().checkpointed("heaps", Some(&writing)).unwrap();
    other.value(&vec![90]);
    drop(other);
    assert!(path.exists());
    let first = search().checkpointed("heaps", Some(&writing)).unwrap();
    let want = first.value(&vec![90]);
    checkpoint::save(&first.table, &path, "heaps", &key).unwrap();
    let good = std::fs::read(&path).unwrap();
    // Only the entries that hold something are written: a table allocated whole and filling
    // slowly (Cram 5×9: 512 MiB) is not written whole when it is interrupted early.
    let filled = first
        .table
        .words()
        .chunks_exact(2)
        .filter(|p| p[1].load(std::sync::atomic::Ordering::Relaxed) != 0)
        .count();
    let header = good.len() - 16 * filled;
    assert!(
        filled > 0 && header < 160,
        "{} bytes, {filled} entries",
        good.len()
    );
    assert!(good.len() < 8 * first.table.words().len());
    // A file of version 1 (every word of the table, empty entries too, and a checksum anyone
    // can make) is not sealed: refused, and imported with every entry searched again.
    let words: Vec<u64> = first
        .table
        .words()
        .iter()
        .map(|w| w.load(std::sync::atomic::Ordering::Relaxed))
        .collect();
    let mut sum = crate::checksum::Checksum::new(words.len() as u64 * 8);
    words.iter().for_each(|&w| sum.word(w));
    let mut old = format!(
        "grundy-search-checkpoint 1\nrules heaps\nwords {}\nchecksum {:016x}\n",
        words.len(),
        sum.finish(&[])
    )
    .into_bytes();
    words.iter().for_each(|w| old.extend(w.to_le_bytes()));
    std::fs::write(&path, &old).unwrap();
    let refusal = search()
        .checkpointed("heaps", Some(&config(true)))
        .err()
        .unwrap()
        .to_string();
    assert!(refusal.contains("not sealed"), "{refusal}");
    let resumed = search().checkpointed("heaps", Some(&importing)).unwrap();
    assert_eq!(resumed.value(&vec![90]), want);
    assert_eq!(resumed.nodes(), 0, "known from the version 1 checkpoint");
    drop(resumed);
    std::fs::write(&path, &good).unwrap();

    let resuming = config(true);
    let resumed = search().checkpointed("heaps", Some(&resuming)).unwrap();
    assert_eq!(resumed.value(&vec![90]), want);
    assert_eq!(resumed.nodes(), 0, "known from the checkpoint");
    drop(resumed);
    assert!(!path.exists(), "a finished search removes its checkpoint");

    let refused = |bytes: &[u8], rules: &str| {
        std::fs::write(&path, bytes).unwrap();
        search()
            .checkpointed(rules, Some(&resuming))
            .err()
            .unwrap()
            .to_string()
    };
    let mut damaged = good.clone();
    *damaged.last_mut().unwrap() ^= 1;
    assert!(refused(&damaged, "heaps").contains("not sealed"));
    assert!(refused(&good[..good.len() - 8], "heaps").contains("cut short"));
    assert!(refused(&[&good[..], &[0]].concat(), "heaps").contains("longer"));
    assert!(refused(&good, "other").contains("not of 'other'"));
    assert!(refused(b"hello\n", "heaps").contains("not a grundy search checkpoint"));
    // A whole file whose entry is wrong: G(10) of {1, 3, 4} (1) stored as 7.
    let liar = search();
    liar.table.put(10, EXACT | 7);
    checkpoint::save(&liar.table, &path, "heaps", &key).unwrap();
    let lie = std::fs::read(&path).unwrap();
    assert!(refused(&lie, "heaps").contains("disagrees"));
    // And one whose code is no heap.
    let forger = search();
    forger.table.put(1 << 40, EXACT);
    checkpoint::save(&forger.table, &path, "heaps", &key).unwrap();
    let forged = std::fs::read(&path).unwrap();
    assert!(refused(&forged, "heaps").contains("no position"));
    // A lie among many true entries, sealed with another key: refused as unsealed, and imported,
    // every entry is searched again (a sample of 256 spread over the file could miss it).
    let other = crate::seal::Key::from_bytes([2; 32]);
    let liar = Search::new(rules.clone(), 1 << 16, 1);
    liar.value(&vec![3000]);
    let entries = liar
        .table
        .words()
        .chunks_exact(2)
        .filter(|p| p[1].load(std::sync::atomic::Ordering::Relaxed) != 0)
        .count();
    assert!(entries > 1000, "{entries} entries");
    liar.table.put(11, EXACT | 7);
    checkpoint::save(&liar.table, &path, "heaps", &other).unwrap();
    let lie = std::fs::read(&path).unwrap();
    assert!(refused(&lie, "heaps").contains("not sealed"));
    let imported = search()
        .checkpointed("heaps", Some(&importing))
        .err()
        .unwrap()
        .to_string();
    assert!(imported.contains("disagrees"), "{imported}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Values at and past what a set of candidates holds (256): a heap of `n` that may lose
/// any number of tokens has the value `n`.
#[test]
fn many_options_and_high_values() {
    let any = Heaps((1..=300).collect());
    for (n, threads) in [(255u16, 1), (255, 2), (300, 1), (300, 2)] {
        // Each question on a search of its own, so that none is answered by the table.
        let search = || Search::new(any.clone(), 1 << 20, threads);
        assert_eq!(search().value(&vec![n]), Nimber(u64::from(n)));
        assert!(search().equals(&vec![n], Nimber(u64::from(n))));
        assert!(!search().equals(&vec![n], Nimber(7)));
        let options: Vec<Vec<u16>> = (0..n).map(|m| vec![m]).collect();
        let hits = search().those_equal(options, Nimber(270));
        assert_eq!(hits, if n > 270 { vec![vec![270]] } else { vec![] });
    }
}
