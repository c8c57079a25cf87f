use puzzlebook::book::imprint::*;

#[test]
fn isbns_are_checked_by_their_check_digit() {
    assert_eq!(check_isbn("978-0-306-40615-7"), Ok(()));
    assert_eq!(check_isbn("9780306406157"), Ok(()));
    assert_eq!(check_isbn("0-306-40615-2"), Ok(()));
    assert_eq!(check_isbn("0-8044-2957-X"), Ok(()));
    assert_eq!(
        check_isbn("978-0-306-40615-8"),
        Err("has a wrong check digit")
    );
    assert_eq!(check_isbn("0-306-40615-3"), Err("has a wrong check digit"));
    assert_eq!(
        check_isbn("123-0-306-40615-7"),
        Err("does not begin with 978 or 979")
    );
    assert_eq!(
        check_isbn("978-0-306"),
        Err("is neither 13 nor 10 digits long")
    );
    assert_eq!(
        check_isbn("X780306406157"),
        Err("has a character that is not a digit")
    );
}
