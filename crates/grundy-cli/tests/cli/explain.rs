//! `grundy explain`: the working of a game alone (options, values, mex) and of a sum (binary
//! columns, XOR, the move from the highest bit), in words and as JSON of the schema's shape.

use crate::common;

#[test]
fn a_sum_is_worked_in_binary_columns() {
    let out = common::run(&["explain", "nim", "3", "4", "5"], b"");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let want = "\
Position: nim 3 4 5
nim 3 4 5 is a sum of 3 games: by the Sprague–Grundy theorem its value is the XOR of theirs.
  nim 3  011  = 3  (by Bouton's theorem: a heap of n has value n)
  nim 4  100  = 4  (by Bouton's theorem: a heap of n has value n)
  nim 5  101  = 5  (by Bouton's theorem: a heap of n has value n)
  XOR    010  = 2
The XOR is 2, not 0: the player to move wins.
Its highest bit is 2^1: a game whose value has that bit moves to its value XOR 2, which is smaller, and the XOR becomes 0:
  nim 3: 3 XOR 2 = 1: take 2 from heap 1: 3 -> 1
G = 2, not 0: N, the first player wins by moving to a position of value 0.
";
    assert_eq!(text, want);
}

#[test]
fn every_example_explains_as_it_solves_and_fits_the_schema() {
    let schema = common::schema_for("explain");
    let examples = common::success_json_from_root(&["games", "--json"]);
    for g in examples.as_array().unwrap() {
        let words = common::example_words(g["example"].as_str().unwrap());
        for convention in ["normal", "misere", "every"] {
            let flag: Vec<String> = match convention {
                "normal" => vec![],
                c => vec![format!("--{c}")],
            };
            let args: Vec<String> = ["explain", "--json"]
                .iter()
                .map(|s| s.to_string())
                .chain(flag.iter().cloned())
                .chain(words.iter().cloned())
                .collect();
            let out = common::run_from_root(&args, b"");
            let solve: Vec<String> = ["solve", "--json"]
                .iter()
                .map(|s| s.to_string())
                .chain(flag.iter().cloned())
                .chain(words.iter().cloned())
                .collect();
            let solved = common::run_from_root(&solve, b"");
            if !out.status.success() {
                // Refused as solve refuses it (Every-SG of a game that may not end), or a loopy
                // game's value, which is past the mex.
                let err = String::from_utf8_lossy(&out.stderr);
                let as_solve = out.status.code() == solved.status.code()
                    && err == String::from_utf8_lossy(&solved.stderr);
                let loopy = out.status.code() == Some(2) && err.contains("loopy");
                assert!(as_solve || loopy, "{convention} {words:?}: {err}");
                continue;
            }
            let solved: serde_json::Value = serde_json::from_slice(&solved.stdout)
                .unwrap_or_else(|e| panic!("{convention} {words:?}: {e}"));
            let e: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            assert!(schema.is_valid(&e), "{convention} {words:?}: {e}");
            assert_eq!(e["convention"], convention);
            assert_eq!(e["outcome"], solved["outcome"], "{convention} {words:?}");
            if convention == "normal" {
                assert_eq!(e["value"], solved["grundy"], "{words:?}");
            }
        }
    }
}

#[test]
fn a_bad_position_is_refused_with_where() {
    let out = common::run(&["explain", "nim", "x"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("argument 2 ('x')"));
}

#[test]
fn a_tree_to_a_depth_is_drawn_in_text_and_as_a_picture() {
    let dir = common::scratch_dir("explain-tree");
    let svg = dir.join("tree.svg");
    let out = common::run(
        &[
            "explain",
            "--json",
            "nim",
            "1",
            "2",
            "--depth",
            "2",
            "--svg",
            svg.to_str().unwrap(),
        ],
        b"",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let e: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(common::schema_for("explain").is_valid(&e), "{e}");
    let root = &e["tree"];
    assert_eq!(root["position"], "nim 1 2");
    let children = root["children"].as_array().unwrap();
    assert_eq!(children.len(), 3);
    // Each class is the value's: the move to 1 1 is the one to a P-position.
    for c in children {
        assert_eq!(c["outcome"] == "P", c["value"] == 0, "{c}");
    }
    assert!(children
        .iter()
        .any(|c| c["position"] == "nim 1 1" && c["outcome"] == "P"));
    let picture = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&picture).expect("well-formed SVG");
    let boxes = doc.descendants().filter(|n| n.has_tag_name("rect")).count();
    assert_eq!(boxes, 1 + 3 + 5, "the root, its 3 options, and theirs");
    let text = common::run(&["explain", "nim", "1", "2", "--depth", "1"], b"");
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.contains("└─ take 1 from heap 2: 2 -> 1  →  nim 1 1  (G = 0, P)"),
        "{text}"
    );
    let bad = common::run(&["explain", "nim", "1", "--depth", "5"], b"");
    assert_eq!(bad.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}
