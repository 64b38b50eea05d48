//! `grundy plot GAME --upto N -o FILE.svg|FILE.png`: a picture of a game's values, drawn by
//! grundy-games' `plot` module (a scatter of G(n) against n, or a heat map for two-variable
//! games). PNG pixels are drawn into a buffer and encoded by the `png` crate.
//!
//! With `--formula F` the formula is drawn over the values (a line, or the cells where it fails
//! outlined in red) and every position where it fails is marked; the report counts them.

use std::path::Path;

use grundy_front::plot::{draw_with, register_fonts, Overlay, SIDES};
use grundy_registry::period::Period;
use plotters::prelude::*;
use serde::Serialize;
use serde_json::{json, Value as Json};

use crate::commands::formula::Formula;
use crate::commands::game_values::{self, GameValues};
use crate::failure::Failure;
use crate::words;
use grundy_front::session::Session;

#[derive(clap::Args)]
pub struct Args {
    /// How far: `N` (0 <= n <= N), or `XxY` for two-variable games. Default 100 (15x15).
    #[arg(long)]
    upto: Option<String>,
    /// The picture to write: FILE.svg or FILE.png.
    #[arg(short, long, value_name = "FILE")]
    output: String,
    /// Picture size in pixels, WxH.
    #[arg(long, default_value = "900x560", value_name = "WxH")]
    size: String,
    /// Print JSON {game, file, format, width, height, positions, period, formula, failures,
    /// first_failure} after writing.
    #[arg(long)]
    json: bool,
    /// A conjectured formula to draw over the values (the syntax of `grundy check --formula`,
    /// e.g. `n % 3`, `a ^ b`): its values as a line, each position where it fails marked in red.
    /// A boolean formula says which positions are P-positions.
    #[arg(long, allow_hyphen_values = true, value_name = "F")]
    formula: Option<String>,
    /// The formula is a boolean: "this position is a P-position" (a loss for the player to move).
    #[arg(long)]
    outcome: bool,
    /// The game, e.g. `0.77`, `sub:1,3,4`, `hyper-knights`, `wythoff`.
    #[arg(required = true, allow_negative_numbers = true, value_name = "GAME")]
    spec: Vec<String>,
}

#[derive(Serialize)]
struct Report {
    game: String,
    file: String,
    format: &'static str,
    width: u32,
    height: u32,
    /// How many positions were plotted.
    positions: usize,
    period: Option<Period>,
    /// The formula drawn over the values, as typed; null without `--formula`.
    formula: Option<String>,
    /// How many positions the formula fails at (a wrong answer, or none); null without one.
    failures: Option<usize>,
    /// The first of them, its variables by name (`{"n": 12}`, `{"a": 1, "b": 2}`), or null.
    first_failure: Option<Json>,
}

fn parse_size(text: &str) -> Result<(u32, u32), Failure> {
    let bad = || {
        Failure::Input(format!(
            "--size ('{text}'): give WxH in pixels, each from {} to {}, e.g. 900x560",
            SIDES.start(),
            SIDES.end()
        ))
    };
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let side = |t: &str| {
        t.parse::<u32>()
            .ok()
            .filter(|s| SIDES.contains(s))
            .ok_or_else(bad)
    };
    Ok((side(w)?, side(h)?))
}

pub fn run(args: Args, session: &Session) -> Result<(), Failure> {
    let (width, height) = parse_size(&args.size)?;
    let format = match Path::new(&args.output)
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        Some("svg") => "svg",
        Some("png") => "png",
        _ => {
            return Err(Failure::Input(format!(
                "--output ('{}'): the file name must end in .svg or .png",
                args.output
            )))
        }
    };
    // A malformed formula is refused before the values are computed (they can take minutes).
    match &args.formula {
        Some(text) => Formula::check_syntax(text)?,
        None if args.outcome => {
            return Err(Failure::Input(
                "--outcome says the formula is a boolean (is this a P-position?): give one with --formula".into(),
            ))
        }
        None => {}
    }
    let words = words::expand(&args.spec)?;
    let values = game_values::compute(session, &words, args.upto.as_deref())?;
    let overlay = match &args.formula {
        Some(text) => {
            let formula = grundy_pattern::formula::Formula::parse(text, &values.variables())
                .map_err(|e| Failure::Input(format!("--formula, {e}")))?;
            Some(Overlay::compute(&values, &formula, args.outcome).map_err(Failure::Input)?)
        }
        None => None,
    };
    let overlay = overlay.as_ref();
    register_fonts();
    let drawn = |e: String| Failure::Compute(format!("drawing {}: {e}", args.output));
    if format == "svg" {
        let svg = grundy_front::plot::svg_with(&values, overlay, width, height).map_err(drawn)?;
        std::fs::write(&args.output, svg)
            .map_err(|e| Failure::Input(format!("--output ('{}'): {e}", args.output)))?;
    } else {
        let mut pixels = vec![0u8; width as usize * height as usize * 3];
        {
            let root = BitMapBackend::with_buffer(&mut pixels, (width, height)).into_drawing_area();
            draw_with(&root, &values, overlay).map_err(drawn)?;
        }
        write_png(&args.output, width, height, &pixels)?;
    }
    let positions = match &values {
        GameValues::Line { cells, .. } => cells.iter().flatten().count(),
        GameValues::Grid { rows, .. } => rows.iter().flatten().flatten().count(),
    };
    let period = match &values {
        GameValues::Line { period, .. } => *period,
        GameValues::Grid { .. } => None,
    };
    if args.json {
        let report = Report {
            game: values.game().to_string(),
            file: args.output.clone(),
            format,
            width,
            height,
            positions,
            period,
            formula: overlay.map(|o| o.formula.clone()),
            failures: overlay.map(|o| o.failures),
            first_failure: overlay.and_then(|o| {
                o.first_failure.as_ref().map(|at| {
                    Json::Object(at.iter().map(|(k, v)| (k.to_string(), json!(v))).collect())
                })
            }),
        };
        outln!("{}", serde_json::to_string(&report).expect("serializable"));
    } else {
        outln!(
            "wrote {} ({format}, {width}x{height}): {} positions of {}",
            args.output,
            positions,
            values.game()
        );
        if let Some(o) = overlay {
            outln!("{}: {}", o.label(), o.verdict());
        }
    }
    if let Some((at, why)) = overlay.and_then(|o| o.first_error.as_ref()) {
        let at: Vec<String> = at.iter().map(|(k, v)| format!("{k} = {v}")).collect();
        eprintln!(
            "note: the formula has no value at {} ({}); counted as a failure there",
            at.join(", "),
            crate::flags::worded(why)
        );
    }
    Ok(())
}

fn write_png(path: &str, width: u32, height: u32, rgb: &[u8]) -> Result<(), Failure> {
    let file = std::fs::File::create(path)
        .map_err(|e| Failure::Input(format!("--output ('{path}'): {e}")))?;
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let io = |e: png::EncodingError| Failure::Compute(format!("writing {path}: {e}"));
    let mut writer = encoder.write_header().map_err(io)?;
    writer.write_image_data(rgb).map_err(io)?;
    writer.finish().map_err(io)
}
