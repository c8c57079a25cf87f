use puzzlebook::layout::page::Point;
use puzzlebook::layout::page::Segment;
use puzzlebook::layout::shapes::*;

#[test]
fn shapes_stay_inside_their_circle_and_differ() {
    let centre = Point { x: 50.0, y: 50.0 };
    let mut outlines = Vec::new();
    for value in 1..=9 {
        let path = shape(value, centre, 10.0);
        assert_eq!(path.subpaths.len(), 1);
        let subpath = &path.subpaths[0];
        assert!(subpath.closed);
        let mut points = vec![subpath.start];
        for segment in &subpath.segments {
            match *segment {
                Segment::Line(p) => points.push(p),
                Segment::Curve(a, b, p) => points.extend([a, b, p]),
            }
        }
        for point in &points {
            let distance = ((point.x - 50.0).powi(2) + (point.y - 50.0).powi(2)).sqrt();
            // Bézier control points of the heart may stray a little beyond the outline.
            assert!(distance <= 15.0, "shape {value}: {point:?}");
        }
        outlines.push(points.len());
    }
    assert_ne!(shape(2, centre, 10.0), shape(6, centre, 10.0));
    assert!(outlines.iter().all(|&count| count >= 3));
}
