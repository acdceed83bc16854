//! A part file of any kind of sharded run, as `hamle merge` reads it: the kind's tag (`"kind": "match"`) beside
//! the fields of that kind's part. The one module that knows every kind; each kind's module owns its part and
//! its merge, and none of them imports this one.

use serde::{Deserialize, Serialize};

use crate::g2048::BenchPart;
use crate::items::ItemsPart;
use crate::matches::MatchPart;
use crate::tournament::TournamentPart;
use crate::tune::TunePart;

/// A part of a sharded run, as the shard writes it: which kind of run it belongs to, and its games. A `kind`
/// hamle does not know is refused when read, naming the kinds it knows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Part {
    /// A shard of `hamle match`.
    Match(MatchPart),
    /// A shard of `hamle bench 2048`.
    Bench(BenchPart),
    /// A shard of `hamle tournament`.
    Tournament(TournamentPart),
    /// A shard of a run of numbered items that do not depend on each other: a solver's table
    /// (`hamle solve domineering --table N`), training's self-play games (`hamle train chess`).
    Items(ItemsPart),
    /// A shard of one batch of a tuning run (`hamle tune --shard`).
    Tune(TunePart),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shard::Shard;

    /// A part file as hamle wrote it before each kind's part moved to its own module: it still reads, and is
    /// written back the same; an unknown kind is refused by name.
    #[test]
    fn a_part_file_reads_by_its_kind_and_an_unknown_kind_is_refused() {
        let text = r#"{"kind":"items","shard":{"index":1,"count":2},"run":"domineering table","params":{"n":2},"items":4,"seconds":0.5,"entries":[[1,"H"],[3,"V"]]}"#;
        let part: Part = serde_json::from_str(text).expect("a part");
        let Part::Items(items) = &part else { panic!("an items part: {part:?}") };
        assert_eq!(
            (items.shard, items.run.as_str(), items.items),
            (Shard { index: 1, count: 2 }, "domineering table", 4)
        );
        assert_eq!(serde_json::to_string(&part).expect("written"), text);
        let refused = serde_json::from_str::<Part>(r#"{"kind":"league","shard":{"index":0,"count":1}}"#)
            .expect_err("an unknown kind")
            .to_string();
        assert!(refused.contains("unknown variant `league`") && refused.contains("`tournament`"), "{refused}");
    }
}
