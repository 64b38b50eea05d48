//! Published Grundy values (OEIS) reproduced exactly, and the known periods found and proved.

use grundy_games::heap::grundys_game;
use grundy_games::heap::sparse::{known_values, naive_table, Engine, Method};
use grundy_games::heap::take_and_break::{TakeAndBreak, TakeBreakRules};

fn truth(text: &str) -> Vec<u32> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .enumerate()
        .map(|(i, l)| {
            let mut it = l.split_whitespace();
            let n: usize = it.next().unwrap().parse().unwrap();
            assert_eq!(n, i, "the data lists every heap in order");
            it.next().unwrap().parse().unwrap()
        })
        .collect()
}

fn table(rules: &TakeBreakRules, method: Method, last: usize) -> Vec<u32> {
    let mut e = Engine::new(rules.clone(), method);
    e.extend_to(last, &mut |_| true).unwrap();
    e.values().to_vec()
}

fn check(rules: TakeBreakRules, data: &str) {
    let want = truth(data);
    let last = want.len() - 1;
    assert_eq!(table(&rules, Method::Sparse, last), want);
    assert_eq!(table(&rules, Method::Naive, last), want);
    assert_eq!(naive_table(&TakeAndBreak::new(rules), last as u64), want);
}

#[test]
fn kayles() {
    check(
        TakeBreakRules::from_code("0.77").unwrap(),
        include_str!("data/kayles_0.77.txt"),
    );
}

#[test]
fn dawsons_chess() {
    check(
        TakeBreakRules::from_code("0.137").unwrap(),
        include_str!("data/dawsons_chess_0.137.txt"),
    );
}

#[test]
fn grundys_game() {
    check(grundys_game::rules(), include_str!("data/grundys_game.txt"));
}

#[test]
fn kayles_and_dawsons_kayles_periods_are_proved() {
    for (code, pre, per) in [("0.77", 71, 12), ("0.07", 53, 34), ("0.137", 52, 34)] {
        let known = known_values(
            &TakeBreakRules::from_code(code).unwrap(),
            u64::MAX,
            1 << 16,
            None,
        );
        let p = known.period().copied().unwrap();
        assert!(p.proved, "{code}");
        assert_eq!((p.preperiod, p.period, p.saltus), (pre, per, 0), "{code}");
    }
}
