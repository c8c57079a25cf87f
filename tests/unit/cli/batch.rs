use puzzlebook::cli::batch::*;

#[test]
fn shards_partition_a_run_in_order() {
    for total in [0, 1, 7, 100, 1001] {
        for count in 1..=9 {
            let mut covered = Vec::new();
            for index in 1..=count {
                covered.extend(Shard { index, count }.range(total));
            }
            assert_eq!(
                covered,
                (0..total).collect::<Vec<_>>(),
                "{total} in {count}"
            );
        }
    }
}

#[test]
fn threads_are_capped_by_the_cpus_and_the_work() {
    assert_eq!(thread_count(None, 2, 1000), 2);
    assert_eq!(thread_count(Some(10000), 2, 3), 3);
    assert_eq!(thread_count(Some(10000), 2, 1000), 8);
    assert_eq!(thread_count(Some(5), 16, 1000), 5);
    assert_eq!(thread_count(None, 8, 0), 1);
    assert_eq!(thread_count(Some(3), 0, usize::MAX), 3);
}

#[test]
fn seconds_are_decimal_and_bounded() {
    assert_eq!(parse_seconds("2.5"), Ok(2.5));
    assert_eq!(parse_seconds(" 600 "), Ok(600.0));
    assert_eq!(parse_seconds("1000000"), Ok(MAX_SECONDS));
    let too_long = parse_seconds("1e7").unwrap_err();
    assert!(too_long.contains("at most 1000000 seconds"), "{too_long}");
    for bad in ["0", "-1", "abc", "NaN", "inf", ""] {
        let error = parse_seconds(bad).unwrap_err();
        assert!(error.contains("from 0.001 to 1000000"), "{bad}: {error}");
    }
}

#[test]
fn shard_syntax() {
    assert_eq!("3/8".parse::<Shard>(), Ok(Shard { index: 3, count: 8 }));
    for bad in ["0/4", "5/4", "1/0", "3", "a/b", "-1/4"] {
        assert!(bad.parse::<Shard>().is_err(), "{bad}");
    }
}
