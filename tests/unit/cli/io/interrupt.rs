use std::time::Duration;

use puzzlebook::cli::io::interrupt::*;

/// An interrupt that arrives while files are moved into place waits for the move:
/// the book is then complete, never half old and half new. Files not yet moved are
/// deleted.
#[test]
fn an_interrupt_during_the_commit_waits_for_it() {
    let dir = std::env::temp_dir().join(format!("puzzlebook-commit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (moving, staying) = (dir.join(".book.pdf.partial"), dir.join(".other.partial"));
    let target = dir.join("book.pdf");
    std::fs::write(&moving, b"the new book").unwrap();
    std::fs::write(&staying, b"half a file").unwrap();
    register(&moving);
    register(&staying);
    let interrupt = deferred(|| {
        let interrupt = std::thread::spawn(|| drop(clean_up()));
        std::thread::sleep(Duration::from_millis(100));
        assert!(!interrupt.is_finished(), "the interrupt did not wait");
        std::fs::rename(&moving, &target).unwrap();
        unregister(&moving);
        interrupt
    });
    interrupt.join().unwrap();
    let moved = std::fs::read(&target);
    let left = staying.exists();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(moved.unwrap(), b"the new book");
    assert!(!left, "the partial file was left behind");
}
