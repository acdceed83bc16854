//! `hamle merge` refusing parts it cannot put together: a kind of part or a run of items it does not know.

mod run;

use run::{hamle, text};

/// Writes `part` to a file of its own and merges it alone, giving the error `hamle merge` prints.
fn merge_alone(name: &str, part: &str) -> String {
    let path = std::env::temp_dir().join(format!("hamle-merge-{name}-{}.json", std::process::id()));
    std::fs::write(&path, part).expect("part written");
    let out = hamle(&["merge", &path.display().to_string()]);
    std::fs::remove_file(&path).expect("part removed");
    assert!(!out.status.success(), "{}", text(&out.stdout));
    text(&out.stderr)
}

#[test]
fn a_part_of_a_run_of_items_hamle_does_not_know_is_refused_naming_those_it_knows() {
    let part = r#"{"kind":"items","shard":{"index":0,"count":1},"run":"hex table","params":{},"items":1,"seconds":0.1,"entries":[[0,"x"]]}"#;
    assert_eq!(
        merge_alone("items", part),
        "hamle: parts of a run hamle does not know: hex table (it knows domineering table, chess self-play)\n"
    );
}

#[test]
fn a_part_of_a_kind_hamle_does_not_know_is_refused_naming_the_kind() {
    let err = merge_alone("kind", r#"{"kind":"league","shard":{"index":0,"count":1}}"#);
    assert!(err.contains("is not a part written by `hamle match --shard`"), "{err}");
    assert!(
        err.contains("unknown variant `league`, expected one of `match`, `bench`, `tournament`, `items`, `tune`"),
        "{err}"
    );
}
