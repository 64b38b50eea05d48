//! Pictures of a game's values, drawn with `plotters`: one-variable games as a scatter of G(n)
//! against n with the detected preperiod and one period marked; two-variable games (boards, two
//! heaps) as a heat map. The command's `plot`, and Python's `Table.plot()`, draw through here.
//!
//! A formula (`grundy plot --formula`) is drawn over the values as an [`Overlay`]: its numbers as
//! a line, and every position where it fails marked in red.
//!
//! Text is rendered with the DejaVu Sans font compiled in (the `dejavu` crate, via plotters'
//! `ab_glyph` feature), so a machine without system fonts draws the same picture.

use grundy_core::setting::Setting;
use grundy_core::{Outcome, Value};
use grundy_pattern::formula::{Answer, Formula};
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::HSLColor;
#[cfg(not(target_arch = "wasm32"))]
use plotters::style::{register_font, FontStyle};

use grundy_registry::period::Period;

/// One position's value and class; `None` where the game has no such position.
pub use grundy_registry::tabulate::Sample;

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
        /// The theorem that proves `period`, when it is proved.
        theorem: Option<&'static str>,
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

/// Makes the embedded font the one plotters' "sans-serif" names. (In a browser plotters measures
/// text with the page's own fonts: there is nothing to register.)
pub fn register_fonts() {
    #[cfg(not(target_arch = "wasm32"))]
    register_dejavu();
}

#[cfg(not(target_arch = "wasm32"))]
fn register_dejavu() {
    // Registering twice only replaces the entry, so no once-guard is needed; the font is valid.
    let _ = register_font("sans-serif", FontStyle::Normal, dejavu::sans::regular());
    let _ = register_font("sans-serif", FontStyle::Bold, dejavu::sans::bold());
}

/// The sides a picture may have, in pixels.
pub const SIDES: std::ops::RangeInclusive<u32> = 100..=10_000;

/// The picture of `values` as an SVG document of `width` x `height` pixels (each in [`SIDES`]).
pub fn svg(values: &GameValues, width: u32, height: u32) -> Result<String, String> {
    svg_with(values, None, width, height)
}

/// [`svg`], with a formula drawn over the values when `overlay` is given.
pub fn svg_with(
    values: &GameValues,
    overlay: Option<&Overlay>,
    width: u32,
    height: u32,
) -> Result<String, String> {
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
        draw_with(&root, values, overlay)?;
    }
    Ok(svg)
}

/// Draws `values` on `root` (any plotters backend: SVG, or pixels for PNG).
pub fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    values: &GameValues,
) -> Result<(), String> {
    draw_with(root, values, None)
}

/// [`draw`], with a formula drawn over the values when `overlay` is given (an overlay computed
/// by [`Overlay::compute`] for these `values`).
pub fn draw_with<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    values: &GameValues,
    overlay: Option<&Overlay>,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    match values {
        GameValues::Line {
            game,
            cells,
            period,
            ..
        } => scatter(root, game, cells, period.as_ref(), overlay),
        GameValues::Grid {
            game,
            vars,
            upto,
            rows,
        } => match overlay {
            None => heat_map(root, game, *vars, *upto, rows, None).map(|_| ()),
            Some(o) => {
                // The formula and its verdict go in a strip under the map (a legend box on
                // the map would hide cells).
                let height = root.dim_in_pixel().1;
                let strip = (height / 4).min(52);
                let (map, below) = root.split_vertically(height - strip);
                heat_map(&map, game, *vars, *upto, rows, Some(o))
                    .and_then(|cell| grid_legend(&below, o, cell))
            }
        },
    }
    .map_err(|e| e.to_string())?;
    root.present().map_err(|e| e.to_string())
}

/// The most characters of a formula a legend shows (a longer one is cut, ending in `…`).
pub const LABEL_CHARS: usize = 60;

/// A formula drawn over a game's values: what it gives and where it fails.
#[derive(Clone, Debug)]
pub struct Overlay {
    /// The formula as typed.
    pub formula: String,
    /// Whether the formula's answers are booleans, "this is a P-position", compared with the
    /// positions' class rather than their value.
    pub outcome: bool,
    /// On a line, the formula's answer at each `n` (`None` where there is no position or the
    /// formula has no answer); empty for a grid, whose picture shows only where it fails.
    pub answers: Vec<Option<Answer>>,
    /// Whether the formula fails at each position, in the shape of the values: one row (`[0][n]`)
    /// for a line, `[j][i]` for a grid. It fails where its answer differs from the game's, and
    /// where it has no answer (an overflow, a division by zero, ...).
    pub failed: Vec<Vec<bool>>,
    /// How many positions it is compared at (those the game has).
    pub positions: usize,
    /// How many positions it fails at.
    pub failures: usize,
    /// The first position it fails at, its variables named (`[("n", 12)]`, `[("a", 1), ("b",
    /// 2)]`): the smallest `n`; on a grid the smallest `i + j`, then `i` (as `grundy check`).
    pub first_failure: Option<Vec<(&'static str, u64)>>,
    /// The first position (in the same order) where the formula has no answer, and why.
    pub first_error: Option<(Vec<(&'static str, u64)>, String)>,
}

impl Overlay {
    /// Compares `formula` (over [`GameValues::variables`]) with `values` at every position.
    /// An integer answer is compared with the value; a boolean one with the class (true: a
    /// P-position). With `outcome` the formula must answer booleans: an integer is an error, as
    /// is an answer of the wrong kind (an error's words name the position).
    pub fn compute(
        values: &GameValues,
        formula: &Formula,
        outcome: bool,
    ) -> Result<Overlay, String> {
        let mut overlay = Overlay {
            formula: formula.text().to_string(),
            outcome,
            answers: Vec::new(),
            failed: Vec::new(),
            positions: 0,
            failures: 0,
            first_failure: None,
            first_error: None,
        };
        let mut evaluator = formula.evaluator();
        // The variables as the formula orders them, from the values' own order.
        let vars = values.variables();
        let order: Vec<usize> = formula
            .variables()
            .iter()
            .map(|v| vars.iter().position(|w| w == v).unwrap_or(0))
            .collect();
        let mut first_key = None;
        let mut first_error_key = None;
        let mut booleans = false;
        let mut visit = |overlay: &mut Overlay,
                         at: [u64; 2],
                         key: (u64, u64),
                         cell: &Sample|
         -> Result<(bool, Option<Answer>), String> {
            let Some((value, class)) = cell else {
                return Ok((false, None));
            };
            let named = || -> Vec<(&'static str, u64)> {
                vars.iter().zip(at).map(|(&v, x)| (v, x)).collect()
            };
            let args: Vec<i128> = order.iter().map(|&k| i128::from(at[k])).collect();
            overlay.positions += 1;
            let answer = match evaluator.eval(&args) {
                Ok(answer) => Some(answer),
                Err(e) => {
                    if first_error_key.is_none_or(|k| key < k) {
                        first_error_key = Some(key);
                        overlay.first_error = Some((named(), e.to_string()));
                    }
                    None
                }
            };
            booleans |= matches!(answer, Some(Answer::Bool(_)));
            let agrees = match answer {
                None => false,
                Some(Answer::Bool(b)) => b == (*class == Outcome::P),
                Some(Answer::Int(i)) if !outcome => {
                    matches!(value, Value::Finite(g) if u64::try_from(i) == Ok(g.0))
                }
                Some(Answer::Int(_)) => {
                    return Err(format!(
                    "{} at {}: with {} the formula must be true or false (is this a P-position?)",
                    Setting::Formula,
                    place(&named()),
                    Setting::Outcome
                ))
                }
            };
            if !agrees {
                overlay.failures += 1;
                if first_key.is_none_or(|k| key < k) {
                    first_key = Some(key);
                    overlay.first_failure = Some(named());
                }
            }
            Ok((!agrees, answer))
        };
        match values {
            GameValues::Line { cells, .. } => {
                let mut failed = Vec::with_capacity(cells.len());
                let mut answers = Vec::with_capacity(cells.len());
                for (n, cell) in cells.iter().enumerate() {
                    let n = n as u64;
                    let (fails, answer) = visit(&mut overlay, [n, 0], (n, 0), cell)?;
                    failed.push(fails);
                    answers.push(answer);
                }
                overlay.failed = vec![failed];
                overlay.answers = answers;
            }
            GameValues::Grid { rows, .. } => {
                let mut failed = Vec::with_capacity(rows.len());
                for (j, row) in rows.iter().enumerate() {
                    let mut line = Vec::with_capacity(row.len());
                    for (i, cell) in row.iter().enumerate() {
                        let (i, j) = (i as u64, j as u64);
                        line.push(visit(&mut overlay, [i, j], (i + j, i), cell)?.0);
                    }
                    failed.push(line);
                }
                overlay.failed = failed;
            }
        }
        overlay.outcome |= booleans;
        Ok(overlay)
    }

    /// The legend's name of the formula: `formula: F`, or `formula (P-positions): F` for a
    /// boolean one, cut past [`LABEL_CHARS`] characters.
    pub fn label(&self) -> String {
        let what = if self.outcome {
            "formula (P-positions)"
        } else {
            "formula"
        };
        format!("{what}: {}", shorten(&self.formula, LABEL_CHARS))
    }

    /// The verdict in words: `holds on all 101 positions`, or `fails at 3 positions (first n =
    /// 1)`.
    pub fn verdict(&self) -> String {
        match &self.first_failure {
            Some(at) if self.failures > 0 => format!(
                "fails at {} position{} (first {})",
                self.failures,
                if self.failures == 1 { "" } else { "s" },
                place(at)
            ),
            _ => format!(
                "holds on all {} position{}",
                self.positions,
                if self.positions == 1 { "" } else { "s" }
            ),
        }
    }
}

/// `n = 12`, or `a = 1, b = 2`.
fn place(at: &[(&str, u64)]) -> String {
    at.iter()
        .map(|(k, v)| format!("{k} = {v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `text` cut to at most `max` characters, its end replaced by `…` when cut.
pub fn shorten(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(max.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

type DrawResult<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

fn scatter<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    game: &str,
    cells: &[Sample],
    period: Option<&Period>,
    overlay: Option<&Overlay>,
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
    let values_top = points.iter().map(|p| p.1).fold(0.0, f64::max) + 1.0;
    // The formula's numbers widen the range, but at most to twice the values' own (down to
    // minus theirs): a formula far off is drawn cut at the edge, its failures marked anyway.
    let numbers = overlay.map_or(&[][..], |o| &o.answers[..]);
    let (low, high) = numbers
        .iter()
        .filter_map(|a| match a {
            Some(Answer::Int(i)) => Some(*i as f64),
            _ => None,
        })
        .fold((0.0f64, values_top), |(lo, hi), v| {
            (lo.min(v), hi.max(v + 1.0))
        });
    let top = high.min(2.0 * values_top);
    let bottom = if low < 0.0 {
        (low - 0.5).max(-values_top)
    } else {
        0.0
    };
    let caption = format!("{game}: Grundy value G(n) of a heap of n, n = 0..{last}");
    let mut chart = ChartBuilder::on(root)
        .caption(caption, ("sans-serif", 22))
        .margin(16)
        .x_label_area_size(46)
        .y_label_area_size(56)
        .build_cartesian_2d(-0.5..last + 0.5, bottom..top)?;
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
                [(start, bottom), (end.min(last + 0.5), top)],
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
                [(start, bottom), (start, top)],
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
    if let Some(o) = overlay {
        draw_formula_line(&mut chart, o, cells, (bottom, top))?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .label_font(("sans-serif", 14))
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()?;
    Ok(())
}

/// The colour of a formula's line and markers.
const FORMULA: RGBColor = RGBColor(0, 150, 70);

/// A formula over a scatter: its numbers as a line (hollow markers where it says "P-position"
/// for a boolean formula), and a red cross at each `n` where it fails, with their legends.
fn draw_formula_line<DB: DrawingBackend>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>,
    o: &Overlay,
    cells: &[Sample],
    (bottom, top): (f64, f64),
) -> DrawResult<DB> {
    // The line is broken where the formula gives no number, or one beyond the axis (the
    // legend counts those).
    let mut runs: Vec<Vec<(f64, f64)>> = vec![Vec::new()];
    let mut beyond = 0usize;
    for (n, a) in o.answers.iter().enumerate() {
        let point = match a {
            Some(Answer::Int(i)) => {
                let y = *i as f64;
                let inside = (bottom..=top).contains(&y);
                beyond += usize::from(!inside);
                inside.then_some((n as f64, y))
            }
            _ => None,
        };
        match point {
            Some(p) => runs.last_mut().expect("a run").push(p),
            None if runs.last().is_some_and(|r| !r.is_empty()) => runs.push(Vec::new()),
            None => {}
        }
    }
    let label = if beyond > 0 {
        format!("{} (beyond the axis at {beyond} positions)", o.label())
    } else {
        o.label()
    };
    let few = o.answers.len() <= 150;
    let style = FORMULA.stroke_width(2);
    if o.outcome {
        let marks: Vec<(f64, f64)> = o
            .answers
            .iter()
            .enumerate()
            .filter(|(_, a)| matches!(a, Some(Answer::Bool(true))))
            .map(|(n, _)| (n as f64, 0.0f64.clamp(bottom, top)))
            .collect();
        chart
            .draw_series(marks.into_iter().map(|p| Circle::new(p, 6, style)))?
            .label(o.label())
            .legend(move |(x, y)| Circle::new((x + 9, y), 5, style));
    } else {
        chart
            .draw_series(
                runs.iter()
                    .filter(|r| !r.is_empty())
                    .map(|r| PathElement::new(r.clone(), style)),
            )?
            .label(label)
            .legend(move |(x, y)| PathElement::new([(x, y), (x + 18, y)], style));
        if few {
            chart.draw_series(
                runs.iter()
                    .flatten()
                    .map(|&p| Circle::new(p, 4, FORMULA.stroke_width(1))),
            )?;
        }
    }
    let cross = RED.stroke_width(2);
    let failed = o.failed.first().map_or(&[][..], |r| &r[..]);
    let crosses: Vec<(f64, f64)> = failed
        .iter()
        .enumerate()
        .filter(|(_, &f)| f)
        .map(|(n, _)| {
            let y = match (cells.get(n), o.answers.get(n)) {
                (Some(Some((Value::Finite(g), _))), _) => g.0 as f64,
                (_, Some(Some(Answer::Int(i)))) => *i as f64,
                _ => 0.0,
            };
            (n as f64, y.clamp(bottom, top))
        })
        .collect();
    let size = if crosses.len() > 2000 { 4 } else { 7 };
    let series = chart.draw_series(crosses.into_iter().map(|p| Cross::new(p, size, cross)))?;
    if o.failures > 0 {
        series
            .label(o.verdict())
            .legend(move |(x, y)| Cross::new((x + 9, y), 6, cross));
    } else {
        series.label(o.verdict()).legend(move |(x, y)| {
            PathElement::new([(x + 3, y), (x + 8, y + 5), (x + 16, y - 6)], style)
        });
    }
    Ok(())
}

/// The strip under a heat map with a formula: the formula, and a red outline (the mark of a
/// failing cell) beside the verdict.
/// `cell` is a cell's side in pixels (a failing cell of a few pixels is filled red, not
/// outlined).
fn grid_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    o: &Overlay,
    cell: f64,
) -> DrawResult<DB> {
    let (_, h) = area.dim_in_pixel();
    let size = (h as f64 * 0.3).clamp(8.0, 15.0);
    let line = (size * 1.4) as i32;
    let font = ("sans-serif", size).into_font().color(&BLACK);
    let x = 16;
    area.draw(&Text::new(o.label(), (x, 2), font.clone()))?;
    let y = 2 + line;
    let side = size as i32;
    if o.failures > 0 {
        let mark = if cell < TINY_CELL {
            RED.filled()
        } else {
            RED.stroke_width(2)
        };
        area.draw(&Rectangle::new([(x, y + 1), (x + side, y + side)], mark))?;
    } else {
        area.draw(&PathElement::new(
            [
                (x, y + side / 2),
                (x + side / 3, y + side),
                (x + side, y + 1),
            ],
            FORMULA.stroke_width(2),
        ))?;
    }
    area.draw(&Text::new(o.verdict(), (x + side + 8, y), font))
}

/// A cell's side in pixels below which a failing cell is filled red rather than outlined.
const TINY_CELL: f64 = 6.0;

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

/// Draws the heat map (with the failing cells of `overlay` marked); answers a cell's side in
/// pixels.
fn heat_map<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    game: &str,
    vars: [&str; 2],
    (mi, mj): (u64, u64),
    rows: &[Vec<Sample>],
    overlay: Option<&Overlay>,
) -> Result<f64, DrawingAreaErrorKind<DB::ErrorType>> {
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
    if let Some(o) = overlay {
        // Each cell where the formula fails: a red outline inside a white one (so it shows on
        // every hue, red included), or the whole cell red when cells are a few pixels.
        let cells = o.failed.iter().enumerate().flat_map(|(j, row)| {
            row.iter()
                .enumerate()
                .filter(|(_, &f)| f)
                .map(move |(i, _)| (i as f64, j as f64))
        });
        if cell < TINY_CELL {
            chart.draw_series(
                cells.map(|(i, j)| Rectangle::new([(i, j), (i + 1.0, j + 1.0)], RED.filled())),
            )?;
        } else {
            let width = ((cell / 10.0) as u32).clamp(2, 4);
            let inset = |d: f64| d * width as f64 / cell;
            chart.draw_series(cells.flat_map(|(i, j)| {
                let (outer, inner) = (inset(0.5), inset(1.5));
                [
                    Rectangle::new(
                        [(i + outer, j + outer), (i + 1.0 - outer, j + 1.0 - outer)],
                        WHITE.stroke_width(width),
                    ),
                    Rectangle::new(
                        [(i + inner, j + inner), (i + 1.0 - inner, j + 1.0 - inner)],
                        RED.stroke_width(width),
                    ),
                ]
            }))?;
        }
    }
    Ok(cell)
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_core::Nimber;

    fn line(values: &[u64]) -> GameValues {
        GameValues::Line {
            game: "test".into(),
            cells: values
                .iter()
                .map(|&g| {
                    let class = if g == 0 { Outcome::P } else { Outcome::N };
                    Some((Value::Finite(Nimber(g)), class))
                })
                .chain([None])
                .collect(),
            period: None,
            theorem: None,
        }
    }

    fn overlay(values: &GameValues, text: &str, outcome: bool) -> Result<Overlay, String> {
        let formula = Formula::parse(text, &values.variables()).expect("a formula");
        Overlay::compute(values, &formula, outcome)
    }

    #[test]
    fn failures_are_wrong_answers_and_missing_ones() {
        let values = line(&[0, 1, 2, 0, 1, 2]);
        let o = overlay(&values, "n % 3", false).unwrap();
        assert_eq!(
            (o.positions, o.failures),
            (6, 0),
            "the missing cell is not compared"
        );
        assert_eq!(o.verdict(), "holds on all 6 positions");
        let o = overlay(&values, "6 / n", false).unwrap();
        // n = 0: no value; 6, 3, 2, 1, 1 against 1, 2, 0, 1, 2: right at 4 only.
        assert_eq!(o.failed[0], [true, true, true, true, false, true, false]);
        assert_eq!(o.failures, 5);
        assert_eq!(o.first_failure, Some(vec![("n", 0)]));
        assert!(o
            .first_error
            .as_ref()
            .unwrap()
            .1
            .contains("division by zero"));
        assert_eq!(o.verdict(), "fails at 5 positions (first n = 0)");
        let o = overlay(&values, "n % 3 == 0", false).unwrap();
        assert!(o.outcome, "booleans are P-positions");
        assert_eq!(o.failures, 0);
        assert!(o.label().starts_with("formula (P-positions): "));
        assert!(overlay(&values, "n", true)
            .unwrap_err()
            .contains("true or false"));
    }

    #[test]
    fn the_first_failure_on_a_grid_is_the_nearest_the_origin() {
        // G = 0 everywhere on a 3 x 3 grid; `a == 2 || b == 1` fails first at (0, 1).
        let cell = Some((Value::Finite(Nimber(0)), Outcome::P));
        let values = GameValues::Grid {
            game: "zero".into(),
            vars: ["a", "b"],
            upto: (2, 2),
            rows: vec![vec![cell; 3]; 3],
        };
        let o = overlay(&values, "if(a == 2 || b == 1, 1, 0)", false).unwrap();
        assert_eq!(o.failures, 5);
        assert_eq!(o.first_failure, Some(vec![("a", 0), ("b", 1)]));
        assert_eq!(o.failed[1], [true, true, true]);
        let svg = svg_with(&values, Some(&o), 400, 300).unwrap();
        assert!(svg.contains("fails at 5 positions (first a = 0, b = 1)"));
    }

    #[test]
    fn long_formulas_are_cut() {
        assert_eq!(shorten("n % 3", 60), "n % 3");
        let cut = shorten(&"x".repeat(100), 60);
        assert_eq!(cut.chars().count(), 60);
        assert!(cut.ends_with('…'));
    }
}
