//! `--plot FILE.svg`: structured against unstructured total time, log-log, one point per
//! kernel and level (filled: structured; hollow: structurized, where structured predication
//! rejected the kernel), with the diagonal where both take the same time.
//!
//! Only SVG: plotters' bitmap backend builds here, but drawing text into a bitmap needs a
//! font rasterizer and a font (system font libraries, or a font file lockstep would have to
//! find or ship), which the SVG backend does not: it writes text as text.

use std::collections::BTreeMap;
use std::path::Path;

use plotters::prelude::*;

use super::rows::{Mode, Row};
use super::CompareError;

/// Colours of the levels -O0..-O3.
const COLOURS: [RGBColor; 4] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
];

/// The plot must be an SVG file.
pub fn check_extension(path: &Path) -> Result<(), CompareError> {
    match path.extension().and_then(|e| e.to_str()) {
        Some("svg") => Ok(()),
        Some("png") => Err(CompareError::Usage(
            "--plot draws SVG only: PNG would need a font rasterizer and a font file (plotters' bitmap backend draws no text without them); convert the SVG".into(),
        )),
        _ => Err(CompareError::Usage(format!(
            "--plot {}: the file must end in .svg",
            path.display()
        ))),
    }
}

/// One point: unstructured and structured (or structurized) seconds.
struct Point {
    x: f64,
    y: f64,
    level: u8,
    structurized: bool,
}

fn points(rows: &[Row]) -> Vec<Point> {
    let by: BTreeMap<(&str, Mode, u8), &Row> = rows
        .iter()
        .map(|r| ((r.kernel.as_str(), r.mode, r.opt_level), r))
        .collect();
    let mut out = Vec::new();
    for r in rows.iter().filter(|r| r.mode == Mode::Unstructured) {
        if !r.verdict.decided() {
            continue;
        }
        let other = |m| {
            by.get(&(r.kernel.as_str(), m, r.opt_level))
                .filter(|o| o.verdict.decided())
        };
        let (o, structurized) = match (other(Mode::Structured), other(Mode::Structurized)) {
            (Some(o), _) => (o, false),
            (None, Some(o)) => (o, true),
            (None, None) => continue,
        };
        out.push(Point {
            x: r.total_seconds.max(1e-3),
            y: o.total_seconds.max(1e-3),
            level: r.opt_level,
            structurized,
        });
    }
    out
}

/// Draws the plot into `path`.
pub fn draw(path: &Path, rows: &[Row], levels: &[u8]) -> Result<(), CompareError> {
    let fail = |e: &dyn std::fmt::Display| CompareError::Write {
        path: path.to_path_buf(),
        message: e.to_string(),
    };
    let points = points(rows);
    let (lo, hi) = points
        .iter()
        .flat_map(|p| [p.x, p.y])
        .fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let (lo, hi) = if points.is_empty() {
        (0.01, 10.0)
    } else {
        (lo / 1.5, hi * 1.5)
    };
    let root = SVGBackend::new(path, (720, 640)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| fail(&e))?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!(
                "lockstep: structured vs unstructured predication ({} points)",
                points.len()
            ),
            ("sans-serif", 18),
        )
        .margin(16)
        .x_label_area_size(40)
        .y_label_area_size(56)
        .build_cartesian_2d((lo..hi).log_scale(), (lo..hi).log_scale())
        .map_err(|e| fail(&e))?;
    chart
        .configure_mesh()
        .x_desc("unstructured: total seconds")
        .y_desc("structured: total seconds")
        .draw()
        .map_err(|e| fail(&e))?;
    chart
        .draw_series(LineSeries::new([(lo, lo), (hi, hi)], BLACK.mix(0.4)))
        .map_err(|e| fail(&e))?
        .label("same time")
        .legend(|(x, y)| PathElement::new([(x, y), (x + 16, y)], BLACK.mix(0.4)));
    for &level in levels {
        let colour = COLOURS[usize::from(level.min(3))];
        let mine: Vec<&Point> = points.iter().filter(|p| p.level == level).collect();
        chart
            .draw_series(mine.iter().map(|p| {
                let style = if p.structurized {
                    colour.stroke_width(1)
                } else {
                    colour.filled()
                };
                Circle::new((p.x, p.y), 3, style)
            }))
            .map_err(|e| fail(&e))?
            .label(format!("-O{level} (hollow: structurized)"))
            .legend(move |(x, y)| Circle::new((x + 8, y), 3, colour.filled()));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK.mix(0.3))
        .draw()
        .map_err(|e| fail(&e))?;
    root.present().map_err(|e| fail(&e))?;
    Ok(())
}
