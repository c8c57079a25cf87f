use puzzlebook::sudoku::grade::links::*;

#[test]
fn quick_perm_visits_every_order_once() {
    let orders = quick_perm_orders(3);
    assert_eq!(orders.len(), 6);
    assert_eq!(orders[0], vec![0, 1, 2]);
    assert_eq!(orders[1], vec![1, 0, 2]);
    let mut sorted = orders.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), 6);
    assert_eq!(quick_perm_orders(4).len(), 24);
}

#[test]
fn type_sequences_are_non_decreasing() {
    let two = type_sequences(2, &[0, 1, 2]);
    assert_eq!(two.len(), 6);
    assert!(two.iter().all(|s| s[0] <= s[1]));
    assert_eq!(type_sequences(3, &[0, 1, 2]).len(), 10);
    assert_eq!(type_sequences(4, &[0, 1, 2]).len(), 15);
}

#[test]
fn line_names_ignore_orientation() {
    assert_eq!(line_name(&[1, 1]), "11");
    assert_eq!(line_name(&[2, 2]), "11");
    assert_eq!(line_name(&[1, 2]), "12");
    assert_eq!(line_name(&[0, 1]), "01");
    assert_eq!(line_name(&[0, 2]), "01");
    assert_eq!(line_name(&[1, 0, 2]), "102");
}
