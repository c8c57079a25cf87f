//! Picture symbols for children's sudoku: nine simple shapes drawn as vector paths, each
//! with a different outline (round, square, pointed, starred, notched…) so they stay apart
//! in greyscale and at small sizes.

use super::page::{Path, Point, Segment, Subpath};

/// The shape standing for `value` (1-9) centred on `centre`, fitting a circle of `radius`.
pub fn shape(value: u8, centre: Point, radius: f64) -> Path {
    let at = |x: f64, y: f64| Point {
        x: centre.x + x * radius,
        y: centre.y + y * radius,
    };
    let polygon = |points: &[(f64, f64)]| {
        Path::polygon(&points.iter().map(|&(x, y)| at(x, y)).collect::<Vec<_>>())
    };
    let around = |count: usize, start: f64, radii: &[f64]| -> Vec<(f64, f64)> {
        (0..count)
            .map(|k| {
                let angle = start + k as f64 * std::f64::consts::TAU / count as f64;
                let r = radii[k % radii.len()];
                (r * angle.cos(), r * angle.sin())
            })
            .collect()
    };
    let up = -std::f64::consts::FRAC_PI_2;
    match value {
        1 => Path::circle(centre, radius * 0.85),
        2 => polygon(&[(-0.75, -0.75), (0.75, -0.75), (0.75, 0.75), (-0.75, 0.75)]),
        3 => polygon(&[(0.0, -0.95), (0.95, 0.75), (-0.95, 0.75)]),
        4 => polygon(&around(10, up, &[1.0, 0.42])),
        5 => Path {
            subpaths: vec![Subpath {
                start: at(0.0, 0.9),
                segments: vec![
                    Segment::Curve(at(-1.25, 0.05), at(-0.85, -1.15), at(0.0, -0.45)),
                    Segment::Curve(at(0.85, -1.15), at(1.25, 0.05), at(0.0, 0.9)),
                ],
                closed: true,
            }],
        },
        6 => polygon(&[(0.0, -1.0), (0.72, 0.0), (0.0, 1.0), (-0.72, 0.0)]),
        7 => {
            let (a, b) = (0.3, 0.9);
            polygon(&[
                (-a, -b),
                (a, -b),
                (a, -a),
                (b, -a),
                (b, a),
                (a, a),
                (a, b),
                (-a, b),
                (-a, a),
                (-b, a),
                (-b, -a),
                (-a, -a),
            ])
        }
        8 => polygon(&around(6, 0.0, &[0.92])),
        _ => {
            // A crescent: the left half of a circle, back along the left half of a narrower
            // ellipse through the same top and bottom points.
            let steps = 16;
            let mut points = Vec::with_capacity(2 * steps + 2);
            for k in 0..=steps {
                let angle = up - k as f64 * std::f64::consts::PI / steps as f64;
                points.push((0.25 + 0.95 * angle.cos(), 0.95 * angle.sin()));
            }
            for k in (0..=steps).rev() {
                let angle = up - k as f64 * std::f64::consts::PI / steps as f64;
                points.push((0.25 + 0.4 * angle.cos(), 0.95 * angle.sin()));
            }
            polygon(&points[..points.len() - 1])
        }
    }
}
