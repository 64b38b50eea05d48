//! Pictures of a game's values, drawn with `plotters`: one-variable games as a scatter of G(n)
//! against n with the detected preperiod and one period marked; two-variable games (boards, two
//! heaps) as a heat map. The command's `plot`, and Python's `Table.plot()`, draw through here.
//!
//! Text is rendered with the DejaVu Sans font compiled in (the `dejavu` crate, via plotters'
//! `ab_glyph` feature), so a machine without system fonts draws the same picture.

use grundy_core::{Outcome, Value};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::{register_font, FontStyle, HSLColor};

use crate::period::Period;

/// One position's value and class; `None` where the game has no such position.
pub type Sample = Option<(Value, Outcome)>;

/// Values over a range.
pub enum GameValues {
    /// `cells[n]` for `0 <= n <= upto`.
    Line {
        /// The game, as typed.
        game: String,
        /// The value and class of each position `n`.
        cells: Vec<Sample>,
        /// The period seen, if any (marked on the picture).
        period: Option<Period>,
    },
    /// `rows[j][i]` for `0 <= i <= upto.0`, `0 <= j <= upto.1`; `vars` names `i` and `j`.
    Grid {
        /// The game, as typed.
        game: String,
        /// The names of the two variables.
        vars: [&'static str; 2],
        /// The largest `i` and `j`.
        upto: (u64, u64),
        /// The value and class of each position, a row per `j`.
        rows: Vec<Vec<Sample>>,
    },
}

impl GameValues {
    /// The variables a formula for these values uses.
    pub fn variables(&self) -> Vec<&'static str> {
        match self {
            GameValues::Line { .. } => vec!["n"],
            GameValues::Grid { vars, .. } => vars.to_vec(),
        }
    }

    /// The game, as typed.
    pub fn game(&self) -> &str {
        match self {
            GameValues::Line { game, .. } | GameValues::Grid { game, .. } => game,
        }
    }
}

/// Makes the embedded font the one plotters' "sans-serif" names.
pub fn register_fonts() {
    // Registering twice only replaces the entry, so no once-guard is needed; the font is valid.
    let _ = register_font("sans-serif", FontStyle::Normal, dejavu::sans::regular());
    let _ = register_font("sans-serif", FontStyle::Bold, dejavu::sans::bold());
}

/// The sides a picture may have, in pixels.
pub const SIDES: std::ops::RangeInclusive<u32> = 100..=10_000;

/// The picture of `values` as an SVG document of `width` x `height` pixels (each in [`SIDES`]).
pub fn svg(values: &GameValues, width: u32, height: u32) -> Result<String, String> {
    if !SIDES.contains(&width) || !SIDES.contains(&height) {
        return Err(format!(
            "a picture's width and height are pixels, each from {} to {}, not {width}x{height}",
            SIDES.start(),
            SIDES.end()
        ));
    }
    register_fonts();
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
        draw(&root, values)?;
    }
    Ok(svg)
}

/// Draws `values` on `root` (any plotters backend: SVG, or pixels for PNG).
pub fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    values: &GameValues,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    match values {
        GameValues::Line {
            game,
            cells,
            period,
        } => scatter(root, game, cells, period.as_ref()),
        GameValues::Grid {
            game,
            vars,
            upto,
            rows,
        } => heat_map(root, game, *vars, *upto, rows),
    }
    .map_err(|e| e.to_string())?;
    root.present().map_err(|e| e.to_string())
}

type DrawResult<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

fn scatter<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    game: &str,
    cells: &[Sample],
    period: Option<&Period>,
) -> DrawResult<DB> {
    let last = cells.len().saturating_sub(1) as f64;
    let points: Vec<(f64, f64)> = cells
        .iter()
        .enumerate()
        .filter_map(|(n, c)| match c {
            Some((Value::Finite(g), _)) => Some((n as f64, g.0 as f64)),
            _ => None,
        })
        .collect();
    let top = points.iter().map(|p| p.1).fold(0.0, f64::max) + 1.0;
    let caption = format!("{game}: Grundy value G(n) of a heap of n, n = 0..{last}");
    let mut chart = ChartBuilder::on(root)
        .caption(caption, ("sans-serif", 22))
        .margin(16)
        .x_label_area_size(46)
        .y_label_area_size(56)
        .build_cartesian_2d(-0.5..last + 0.5, 0.0..top)?;
    chart
        .configure_mesh()
        .x_desc("n (heap size)")
        .y_desc("G(n)")
        .x_label_formatter(&|v| format!("{v:.0}"))
        .y_label_formatter(&|v| format!("{v:.0}"))
        .label_style(("sans-serif", 14))
        .axis_desc_style(("sans-serif", 16))
        .draw()?;
    if let Some(p) = period {
        let start = p.preperiod as f64 - 0.5;
        let end = (p.preperiod + p.period) as f64 - 0.5;
        let proof = if p.proved { "proved" } else { "observed" };
        let saltus = if p.saltus > 0 {
            format!(", saltus {}", p.saltus)
        } else {
            String::new()
        };
        chart
            .draw_series(std::iter::once(Rectangle::new(
                [(start, 0.0), (end.min(last + 0.5), top)],
                RGBColor(255, 200, 120).mix(0.35).filled(),
            )))?
            .label(format!("one period: p = {}{saltus} ({proof})", p.period))
            .legend(|(x, y)| {
                Rectangle::new(
                    [(x, y - 5), (x + 18, y + 5)],
                    RGBColor(255, 200, 120).filled(),
                )
            });
        chart
            .draw_series(LineSeries::new(
                [(start, 0.0), (start, top)],
                RED.stroke_width(2),
            ))?
            .label(format!("end of preperiod: n0 = {}", p.preperiod))
            .legend(|(x, y)| PathElement::new([(x, y), (x + 18, y)], RED.stroke_width(2)));
    }
    let radius = if points.len() > 2000 { 1 } else { 3 };
    chart
        .draw_series(
            points
                .iter()
                .map(|&p| Circle::new(p, radius, BLUE.mix(0.8).filled())),
        )?
        .label("G(n)")
        .legend(|(x, y)| Circle::new((x + 9, y), 4, BLUE.filled()));
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .label_font(("sans-serif", 14))
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()?;
    Ok(())
}

/// The colour of a value: P-positions (value 0) black, positive values by hue, infinite values
/// (loopy games) grey.
fn colour(cell: &Sample, max: u64) -> RGBColor {
    match cell {
        None => WHITE,
        Some((Value::Finite(g), _)) if g.0 == 0 => BLACK,
        Some((Value::Finite(g), _)) => {
            let hsl = HSLColor(0.75 * (g.0 - 1) as f64 / max.max(1) as f64, 0.75, 0.55);
            let (r, gr, b) = hsl.rgb();
            RGBColor(r, gr, b)
        }
        Some((Value::Infinite(_), Outcome::D)) => RGBColor(150, 150, 150),
        Some((Value::Infinite(_), _)) => RGBColor(205, 205, 205),
    }
}

fn heat_map<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    game: &str,
    vars: [&str; 2],
    (mi, mj): (u64, u64),
    rows: &[Vec<Sample>],
) -> DrawResult<DB> {
    let max = rows
        .iter()
        .flatten()
        .filter_map(|c| match c {
            Some((Value::Finite(g), _)) => Some(g.0),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    let what = if vars[0] == "x" {
        "a token on (x, y)"
    } else {
        "heaps (a, b)"
    };
    let caption = format!(
        "{game}: Grundy values of {what}, {} <= {mi}, {} <= {mj}",
        vars[0], vars[1]
    );
    let mut chart = ChartBuilder::on(root)
        .caption(caption, ("sans-serif", 20))
        .margin(16)
        .x_label_area_size(62)
        .y_label_area_size(46)
        .build_cartesian_2d(0.0..(mi + 1) as f64, 0.0..(mj + 1) as f64)?;
    chart
        .configure_mesh()
        .disable_mesh()
        .x_desc(format!(
            "{}   (black: value 0, a P-position; hue: value 1..{max}, red to violet; grey: infinite)",
            vars[0]
        ))
        .y_desc(vars[1])
        .x_label_formatter(&|v| format!("{v:.0}"))
        .y_label_formatter(&|v| format!("{v:.0}"))
        .label_style(("sans-serif", 14))
        .axis_desc_style(("sans-serif", 14))
        .draw()?;
    chart.draw_series(rows.iter().enumerate().flat_map(|(j, row)| {
        row.iter().enumerate().map(move |(i, c)| {
            Rectangle::new(
                [(i as f64, j as f64), ((i + 1) as f64, (j + 1) as f64)],
                colour(c, max).filled(),
            )
        })
    }))?;
    // Values written in the cells when they are big enough to read.
    let (w, h) = chart.plotting_area().dim_in_pixel();
    let cell = (w as f64 / (mi + 1) as f64).min(h as f64 / (mj + 1) as f64);
    if cell >= 18.0 {
        let size = (cell * 0.45).min(16.0);
        let style = ("sans-serif", size)
            .into_font()
            .color(&WHITE)
            .pos(Pos::new(HPos::Center, VPos::Center));
        chart.draw_series(rows.iter().enumerate().flat_map(|(j, row)| {
            let style = style.clone();
            row.iter().enumerate().filter_map(move |(i, c)| {
                let text = match c {
                    Some((Value::Finite(g), _)) => g.0.to_string(),
                    Some((Value::Infinite(_), Outcome::D)) => "D".into(),
                    Some((Value::Infinite(_), _)) => "∞".into(),
                    None => return None,
                };
                Some(Text::new(
                    text,
                    (i as f64 + 0.5, j as f64 + 0.5),
                    style.clone(),
                ))
            })
        }))?;
    }
    Ok(())
}
