//! Runs of numbered items that do not depend on each other (a solver's table, training's self-play games),
//! split into shards that each take every `N`-th item, and the parts merged back into the whole run in order.

use serde::{Deserialize, Serialize};

use crate::shard::{Shard, ShardError, ShardPart, fit};

/// One shard's items of a run whose items do not depend on each other, as `hamle solve domineering --table N
/// --shard I/N --out PART` (the boards) and `hamle train chess --games N --shard I/N --out PART` (the self-play
/// games) write them. Item `k` belongs to shard `k mod N` ([`Shard::items`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ItemsPart {
    /// Which shard of how many.
    pub shard: Shard,
    /// The run: `domineering table`, `chess self-play`.
    pub run: String,
    /// What the run was asked for (its size, seed, options), the same in every part.
    pub params: serde_json::Value,
    /// Items in the whole run.
    pub items: usize,
    /// Wall time of this shard, in seconds.
    pub seconds: f64,
    /// The shard's items, each with its index in the run.
    pub entries: Vec<(usize, serde_json::Value)>,
}

impl ShardPart for ItemsPart {
    const RUN: &'static str = "run";
    type Key = (String, serde_json::Value, usize, usize);

    fn shard(&self) -> Shard {
        self.shard
    }

    fn key(&self) -> Self::Key {
        (self.run.clone(), self.params.clone(), self.items, self.shard.count)
    }

    fn describe(&self) -> String {
        format!("{} {}", self.run, self.params)
    }

    fn holds_its_share(&self) -> bool {
        self.entries.iter().map(|(k, _)| *k).eq(self.shard.items(self.items))
    }
}

/// Combines the parts of a sharded run of items into the whole run, as one part (shard 0 of 1) holding every item
/// in order, with the shards' wall times summed.
///
/// # Errors
/// When the parts are of different runs, a shard is missing or given twice, or a part does not hold its shard's
/// items.
pub fn merge_items(parts: Vec<ItemsPart>) -> Result<ItemsPart, ShardError> {
    let (first, rest) = fit(parts)?;
    let seconds = first.seconds + rest.iter().map(|p| p.seconds).sum::<f64>();
    let mut entries = first.entries;
    entries.extend(rest.into_iter().flat_map(|p| p.entries));
    entries.sort_by_key(|(k, _)| *k);
    Ok(ItemsPart { shard: Shard { index: 0, count: 1 }, seconds, entries, ..first })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(index: usize, count: usize, run: &str) -> ItemsPart {
        let items = 5;
        ItemsPart {
            shard: Shard { index, count },
            run: run.into(),
            params: serde_json::json!({ "n": 1 }),
            items,
            seconds: 1.5,
            entries: Shard { index, count }.items(items).into_iter().map(|k| (k, serde_json::json!(k * 10))).collect(),
        }
    }

    #[test]
    fn items_merge_in_order_from_parts_in_any_order_and_only_from_one_run() {
        let whole = merge_items(vec![items(1, 2, "a"), items(0, 2, "a")]).expect("merged");
        assert_eq!(whole.shard, Shard { index: 0, count: 1 });
        assert_eq!(whole.seconds, 3.0);
        let values: Vec<(usize, serde_json::Value)> = (0..5).map(|k| (k, serde_json::json!(k * 10))).collect();
        assert_eq!(whole.entries, values);
        let err = merge_items(vec![items(0, 2, "a"), items(1, 2, "b")]).expect_err("two runs").to_string();
        assert!(err.contains("of another run"), "{err}");
        let mut short = items(1, 2, "a");
        short.entries.pop();
        let err = merge_items(vec![items(0, 2, "a"), short]).expect_err("a missing item").to_string();
        assert!(err.contains("does not hold"), "{err}");
    }
}
