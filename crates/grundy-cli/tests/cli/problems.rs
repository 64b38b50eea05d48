//! Every sample in the problem folders, through the binary, byte for byte; and malformed inputs.

use std::path::Path;

use crate::common::run as grundy;

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
    // Each says whose limits and output format it follows.
    for p in v.as_array().unwrap() {
        let judge = p["judge"].as_str().unwrap();
        assert!(judge.contains("prints"), "{p}");
    }
    let take = v
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == "take-or-merge")
        .unwrap();
    assert!(take["judge"].as_str().unwrap().contains("HDU 4111"));
}

#[test]
fn the_largest_limits_of_the_judges_are_accepted() {
    // HDU 4111: 4000 cases of 50 heaps of 1000.
    let mut input = String::from("4000\n");
    for case in 0..4000 {
        input.push_str("50\n");
        let heaps: Vec<String> = (0..50)
            .map(|i| (1 + (case * 7 + i * 13) % 1000).to_string())
            .collect();
        input.push_str(&heaps.join(" "));
        input.push('\n');
    }
    let out = grundy(&["problem", "take-or-merge"], input.as_bytes());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 4000);
    let out = grundy(&["problem", "take-or-merge"], b"4001\n1\n1\n");
    assert_eq!(out.status.code(), Some(2));
    // zjoi2009: more cases than the judges' 10.
    let mut input = String::from("50\n");
    for _ in 0..50 {
        input.push_str("3\n1 2 3\n");
    }
    let out = grundy(&["problem", "zjoi2009"], input.as_bytes());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 50);
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
