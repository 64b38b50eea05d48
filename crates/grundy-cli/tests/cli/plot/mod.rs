//! `grundy plot`: the files it writes are valid SVG / PNG of the requested size.

mod formula;

use std::path::PathBuf;
use std::process::Command;

fn out_file(name: &str) -> PathBuf {
    crate::common::scratch_dir("plot").join(name)
}

fn plot(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .arg("plot")
        .args(args)
        .output()
        .expect("grundy runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn svg_size(path: &PathBuf) -> (String, (u32, u32)) {
    let text = std::fs::read_to_string(path).expect("svg written");
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    let dim = |a: &str| {
        root.attribute(a)
            .and_then(|v| v.parse().ok())
            .expect("size")
    };
    let size = (dim("width"), dim("height"));
    (text, size)
}

fn png_size(path: &PathBuf) -> (u32, u32) {
    let decoder = png::Decoder::new(std::fs::File::open(path).expect("png written"));
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).expect("PNG pixels decode");
    // Not a blank picture: some pixels are dark (axes, text, points).
    assert!(buf.chunks(3).any(|p| p.iter().all(|&c| c < 60)));
    (info.width, info.height)
}

#[test]
fn kayles_scatter_is_valid_svg_with_the_period_marked() {
    let path = out_file("kayles.svg");
    let p = path.to_str().unwrap();
    let (code, out, err) = plot(&[
        "0.77", "--upto", "120", "-o", p, "--size", "640x400", "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(report["period"]["period"], 12);
    let (text, size) = svg_size(&path);
    assert_eq!(size, (640, 400));
    assert!(text.contains("0.77: Grundy value G(n)"), "title");
    assert!(text.contains("n (heap size)"), "x label");
    assert!(
        text.contains("end of preperiod: n0 = 71"),
        "preperiod marked"
    );
    assert!(text.contains("one period: p = 12"), "period marked");
}

#[test]
fn pngs_have_the_requested_size() {
    let path = out_file("sub.png");
    let p = path.to_str().unwrap();
    let (code, _, err) = plot(&["sub:1,3,4", "--upto", "60", "-o", p, "--size", "500x300"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(png_size(&path), (500, 300));
    let path = out_file("knights.png");
    let p = path.to_str().unwrap();
    let (code, _, err) = plot(&[
        "hyper-knights",
        "--upto",
        "10",
        "-o",
        p,
        "--size",
        "320x330",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(png_size(&path), (320, 330));
}

#[test]
fn two_heap_games_are_heat_maps() {
    let path = out_file("wythoff.svg");
    let p = path.to_str().unwrap();
    let (code, _, err) = plot(&["wythoff", "--upto", "8", "-o", p]);
    assert_eq!(code, 0, "{err}");
    let (text, size) = svg_size(&path);
    assert_eq!(size, (900, 560));
    assert!(text.contains("heaps (a, b)"), "title names the variables");
    assert!(text.matches("<rect").count() >= 81, "one cell per position");
}

#[test]
fn bad_output_names_and_sizes_are_input_errors() {
    let (code, _, err) = plot(&["0.77", "-o", "x.gif"]);
    assert_eq!(code, 2);
    assert!(err.contains("--output"), "{err}");
    let (code, _, err) = plot(&["0.77", "-o", "x.png", "--size", "20000x10"]);
    assert_eq!(code, 2);
    assert!(err.contains("--size"), "{err}");
}
