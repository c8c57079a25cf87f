use puzzlebook::layout::techniques::*;

fn entry(height: f64) -> Entry {
    Entry {
        cell: 10.0,
        figure: (90.0, 90.0),
        about: vec![],
        example: vec![],
        height,
        stacked: false,
    }
}

#[test]
fn entries_fill_pages_in_order_without_splitting() {
    let entries: Vec<Entry> = [100.0, 150.0, 100.0, 250.0, 40.0]
        .into_iter()
        .map(entry)
        .collect();
    let pages = flow(&entries, 300.0);
    assert_eq!(
        pages,
        vec![
            vec![(0, 0.0), (1, 100.0)],
            vec![(2, 0.0)],
            vec![(3, 0.0), (4, 250.0)]
        ]
    );
    assert_eq!(flow(&[], 300.0), vec![Vec::new()]);
}
