use puzzlebook::layout::kind::Frame;
use puzzlebook::layout::kind::Outside;
use puzzlebook::layout::page::Rect;
use puzzlebook::layout::slot::*;

fn frame(columns: f64, rows: f64) -> Frame {
    Frame {
        columns,
        rows,
        min_cell: 12.0,
        min_answer_cell: 8.0,
        min_walk_cell: 16.0,
        min_walk_cell_in_text: 0.0,
        max_cell_in_text: f64::INFINITY,
        digit_scale: 0.6,
        outside: Outside::NONE,
        cells_are: "test",
    }
}

const LIMITS: Limits = Limits {
    text: 10.0,
    max_figure: None,
};

#[test]
fn a_slot_wider_than_its_figure_puts_the_captions_beside_it() {
    let room = CaptionRoom {
        bands: 30.0,
        column: 50.0,
        apart: 0.0,
    };
    // Two killers to a 6 × 9 in page: 375 × 245 pt slots.
    let wide = fit(&frame(9.0, 9.0), 375.0, 245.0, room, LIMITS);
    assert_eq!(wide.captions, Captions::Beside);
    assert!((wide.cell - 245.0 / 9.0).abs() < 1e-9);
    // A square slot keeps them above and below.
    let square = fit(&frame(9.0, 9.0), 245.0, 245.0, room, LIMITS);
    assert_eq!(square.captions, Captions::Above);
    assert!((square.cell - 215.0 / 9.0).abs() < 1e-9);
}

#[test]
fn figures_grow_to_their_slot_up_to_the_cap() {
    let room = CaptionRoom {
        bands: 30.0,
        column: 50.0,
        apart: 0.0,
    };
    let free = fit(&frame(9.0, 9.0), 500.0, 530.0, room, LIMITS);
    assert!((free.cell - 500.0 / 9.0).abs() < 1e-9);
    let capped = Limits {
        max_figure: Some(360.0),
        ..LIMITS
    };
    let fit = fit(&frame(9.0, 9.0), 500.0, 530.0, room, capped);
    assert!((fit.cell - 40.0).abs() < 1e-9);
    // Room outside the cells counts against the slot, not the cap.
    let mut labelled = frame(9.0, 9.0);
    labelled.outside = Outside {
        left: 1.0,
        top: 1.0,
        ..Outside::NONE
    };
    assert!((cell_in(&labelled, 500.0, 500.0, LIMITS) - 50.0).abs() < 1e-9);
}

#[test]
fn the_block_is_centred_down_its_slot() {
    let slot = Rect::new(50.0, 100.0, 400.0, 600.0);
    let fit = Fit {
        cell: 40.0,
        captions: Captions::Above,
    };
    let area = figure_area(slot, &frame(9.0, 9.0), fit, 20.0, 16.0);
    // 20 + 360 + 16 = 396 of 600: 102 above the caption.
    assert!((area.y - (100.0 + 102.0 + 20.0)).abs() < 1e-9);
    let below = slot.bottom() - (area.y + 360.0 + 16.0);
    assert!((below - 102.0).abs() < 1e-9);
}

#[test]
fn answers_share_one_scale_per_kind_and_never_outgrow_their_puzzles() {
    // Sections: 9×9 sudoku, 6×6 jigsaw, 16×16 sudoku, a multiplication.
    let kinds = ["sudoku", "sudoku", "sudoku", "mushikui"];
    let kind_of = |section: usize| kinds[section];
    let runs = [AnswerRun {
        sections: &[0, 1, 2, 3],
        kind_of: &kind_of,
    }];
    let fitted = [14.0, 20.0, 11.0, 16.0];
    let questions = [24.0, 15.0, 18.0, 13.0];
    let minimums = [8.0, 8.0, 10.0, 7.0];
    let cells = answer_cells(&runs, &fitted, &questions, &minimums);
    assert_eq!(cells, vec![11.0, 11.0, 11.0, 13.0]);
    // A kind's minimum lifts only its own section.
    let minimums = [8.0, 8.0, 12.0, 7.0];
    let fitted = [14.0, 20.0, 12.5, 16.0];
    let cells = answer_cells(&runs, &fitted, &[24.0, 10.0, 18.0, 13.0], &minimums);
    assert_eq!(cells, vec![10.0, 10.0, 12.0, 13.0]);
}
