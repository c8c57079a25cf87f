use puzzlebook::cli::preview::*;

#[test]
fn page_lists() {
    let list = |ranges: &[(Option<usize>, Option<usize>)]| Ok(PageList(ranges.to_vec()));
    assert_eq!("3..6".parse(), list(&[(Some(3), Some(6))]));
    assert_eq!("4".parse(), list(&[(Some(4), Some(4))]));
    assert_eq!("2..".parse(), list(&[(Some(2), None)]));
    assert_eq!("..5".parse(), list(&[(None, Some(5))]));
    assert_eq!("..".parse(), list(&[(None, None)]));
    assert_eq!(
        "4, 6..7".parse(),
        list(&[(Some(4), Some(4)), (Some(6), Some(7))])
    );
    for bad in ["0..3", "6..3", "a", "", "1..b", "-1", "3,", ",3"] {
        assert!(bad.parse::<PageList>().is_err(), "{bad}");
    }
    assert_eq!(page_list(&[1, 2, 3, 7, 9, 10]), "1-3, 7, 9-10");
    assert_eq!(page_list(&[4]), "4");
    let pages: PageList = "2,5..,..2".parse().unwrap();
    assert_eq!(pages.resolve(6), Ok(vec![2, 5, 6, 1, 2]));
    assert_eq!(pages.resolve(4), Err(5));
}
