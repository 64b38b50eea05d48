//! Every sample in the problem folders, through the binary, byte for byte; and malformed inputs.

mod common;

use std::path::Path;

use common::run as grundy;

#[test]
fn every_sample_is_reproduced_exactly() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/problems");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let entry = entry.unwrap();
        let id = entry.file_name().into_string().unwrap();
        let input = std::fs::read(entry.path().join("sample.in")).unwrap();
        let expected = std::fs::read(entry.path().join("sample.out")).unwrap();
        let out = grundy(&["problem", &id], &input);
        assert!(
            out.status.success(),
            "{id}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&expected),
            "{id}"
        );
        checked += 1;
    }
    assert_eq!(checked, 15);
}

#[test]
fn the_list_names_every_problem() {
    let out = grundy(&["problem", "list", "--json"], b"");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let ids: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids.len(), 15, "{ids:?}");
}

#[test]
fn malformed_input_names_the_line_and_keeps_earlier_answers() {
    for (id, input, line, earlier) in [
        (
            "hdu1517",
            "162\n17\nx\n",
            "line 3",
            "Stan wins.\nOllie wins.\n",
        ),
        ("acwing891", "3\n1 2\n", "ends", ""),
        ("acwing891", "2\n1 2 3\n", "line 2, column 5", ""),
        ("hdu4764", "1 1\n30 -3\n", "line 2", "Jiang\n"),
        ("hdu1536", "2 2 5\n1\n2 5 12\n", "ends", "L\n"),
        ("zjoi2009", "1\n2\n3 1000000001\n", "line 3", ""),
        ("take-or-merge", "1\n51\n", "line 2", ""),
    ] {
        let out = grundy(&["problem", id], input.as_bytes());
        assert_eq!(out.status.code(), Some(2), "{id}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(line), "{id}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert_eq!(String::from_utf8(out.stdout).unwrap(), earlier, "{id}");
    }
    let out = grundy(&["problem", "nope"], b"");
    assert_eq!(out.status.code(), Some(2));
}
