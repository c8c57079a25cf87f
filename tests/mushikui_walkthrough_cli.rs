//! `mushikui grade --walkthrough`: text and JSON Lines, both languages.

use crate::common;

use common::{run_binary, stderr, stdout};

#[test]
fn json_walkthroughs_find_every_hidden_digit_once() {
    let line = "div:1*,49,6**,49,19*,1*6,0";
    let output = run_binary(
        &["mushikui", "grade", "--walkthrough", "--format", "json"],
        line,
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let record: serde_json::Value = serde_json::from_str(stdout(&output).trim()).unwrap();
    let solution = ["14", "49", "686", "49", "196", "196", "0"];
    let puzzle: Vec<&str> = line[4..].split(',').collect();
    let mut found: Vec<(usize, usize)> = Vec::new();
    for step in record["walkthrough"].as_array().unwrap() {
        assert!(!step["text"].as_str().unwrap().is_empty());
        assert!(!step["rule"].as_str().unwrap().is_empty());
        for digit in step["found"].as_array().unwrap() {
            let [row, index, value] = [0, 1, 2].map(|k| digit[k].as_u64().unwrap() as usize);
            assert_eq!(solution[row].as_bytes()[index] - b'0', value as u8);
            found.push((row, index));
        }
    }
    let mut hidden: Vec<(usize, usize)> = Vec::new();
    for (row, text) in puzzle.iter().enumerate() {
        for (index, byte) in text.bytes().enumerate() {
            if byte == b'*' {
                hidden.push((row, index));
            }
        }
    }
    found.sort();
    assert_eq!(found, hidden);
    // Without the flag the record has no walkthrough.
    let plain = run_binary(&["mushikui", "grade", "--format", "json"], line);
    assert!(!stdout(&plain).contains("walkthrough"));
}

#[test]
fn text_walkthroughs_are_numbered_steps_in_either_language() {
    let line = "mul:**,16,13*,*2,35*";
    for (language, word) in [("en", "column"), ("ja", "の位")] {
        let output = run_binary(
            &["mushikui", "grade", "--walkthrough", "--language", language],
            line,
        );
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        let text = stdout(&output);
        assert!(text.starts_with(line), "{text}");
        assert!(text.contains("  step 1. "), "{text}");
        assert!(text.contains(word), "{text}");
    }
    // --language needs --walkthrough.
    let output = run_binary(&["mushikui", "grade", "--language", "ja"], line);
    assert_eq!(output.status.code(), Some(2));
}
