//! Each parameter's range is written once, in its `ParamDoc`: for every registered game and bot, the constructor
//! takes the declared bounds and refuses one step past each, naming the parameter. A range written a second time
//! in a constructor, and drifted from the description, fails here.

use hamle_arena::{ArenaError, games};
use hamle_core::{ParamDoc, Spec, SpecError};

/// How a spec fared: made, or refused naming this parameter (`Some(key)`), or refused otherwise.
fn refused_key(result: Result<(), ArenaError>) -> Result<(), Option<String>> {
    match result {
        Ok(()) => Ok(()),
        Err(ArenaError::Spec(SpecError::BadParam { key, .. })) => Err(Some(key)),
        Err(_) => Err(None),
    }
}

/// What a spec with every value in range gives: made, except the `uci` bot, which reads its numbers first and
/// then refuses its program, since these tests never allow programs.
fn accepted(bot: Option<&str>) -> Result<(), Option<String>> {
    if bot == Some("uci") { Err(Some("cmd".to_owned())) } else { Ok(()) }
}

/// The values one step inside and outside a bound as written: whole numbers step by 1, decimals by a millionth.
fn step(bound: &str, by: i8) -> String {
    match bound.parse::<i128>() {
        Ok(n) => (n + i128::from(by)).to_string(),
        Err(_) => {
            let x: f64 = bound.parse().expect("a bound reads as a number");
            (x + f64::from(by) * 1e-6).to_string()
        }
    }
}

/// The bounds of `doc` as its values write them, `(least, most)`.
fn written(doc: &ParamDoc) -> (String, Option<String>) {
    let range = doc.values.split('|').find(|a| a.contains("..")).expect("a range");
    let range = range.trim().split([' ', ',']).next().expect("a range");
    let (least, most) = range.split_once("..").expect("a range");
    (least.to_owned(), most.strip_prefix('=').map(str::to_owned))
}

#[test]
fn every_declared_range_is_the_one_its_constructor_enforces() {
    let mut checked = 0;
    for kind in games::registry().games() {
        let game = kind.listing();
        let mut owners = vec![(None, game.params)];
        owners.extend(kind.bots().into_iter().map(|b| (Some(b.name), b.params)));
        for (bot, docs) in owners {
            let base = |key: &str, value: &str| {
                let mut spec = Spec::named(bot.unwrap_or(game.name));
                if bot == Some("uci") && key != "cmd" {
                    spec = spec.with("cmd", "/bin/true");
                }
                if !key.is_empty() {
                    spec = spec.with(key, value);
                }
                spec
            };
            let make = |spec: &Spec| match bot {
                None => kind.check(spec, None),
                Some(_) => kind.check(&Spec::named(game.name), Some(spec)),
            };
            let owner = format!("{}{}", game.name, bot.map(|b| format!(" {b}")).unwrap_or_default());
            assert_eq!(refused_key(make(&base("", ""))), accepted(bot), "{owner} with its defaults");
            for doc in docs.iter().filter(|d| d.values.contains("..")) {
                assert!(
                    doc.range::<f64>().is_some(),
                    "{owner}: {}'s values '{}' declare no range",
                    doc.key,
                    doc.values
                );
                let (least, most) = written(doc);
                let mut inside = vec![least.clone()];
                let mut outside = vec![step(&least, -1)];
                if let Some(most) = most {
                    outside.push(step(&most, 1));
                    inside.push(most);
                }
                for value in inside {
                    let made = refused_key(make(&base(doc.key, &value)));
                    assert_eq!(made, accepted(bot), "{owner}: {}={value} lies in {}", doc.key, doc.values);
                }
                for value in outside {
                    let made = refused_key(make(&base(doc.key, &value)));
                    assert_eq!(
                        made,
                        Err(Some(doc.key.to_owned())),
                        "{owner}: {}={value} lies outside {}",
                        doc.key,
                        doc.values
                    );
                }
                checked += 1;
            }
        }
    }
    // The ranges written in the games' sources, listed apart from the registry by
    // `grep -rnoE 'values: "[^"]*\.\.[^"]*"' crates/*/src | grep -v core/src | grep -v tune/src` (the tuning
    // methods' parameters are no game's or bot's): a parameter the check missed lowers it.
    assert_eq!(checked, 40);
}

#[test]
fn a_range_is_read_from_any_alternative_and_words_beside_it_are_left_alone() {
    let doc = |values| ParamDoc { key: "k", values, default: "", about: "" };
    assert_eq!(doc("1..=9").range::<u8>(), Some((1, Some(9))));
    assert_eq!(doc("auto|1..=8").range::<u8>(), Some((1, Some(8))));
    assert_eq!(doc("1..|off").range::<u64>(), Some((1, None)));
    assert_eq!(doc("0..=0.1").range::<f32>(), Some((0.0, Some(0.1))));
    assert_eq!(doc("5..=16, even for a closed tour").range::<usize>(), Some((5, Some(16))));
    assert_eq!(doc("-100..=100").range::<i32>(), Some((-100, Some(100))));
    assert_eq!(doc("1..9").range::<u8>(), None, "an exclusive end is not a declared form");
    assert_eq!(doc("on|off").range::<u8>(), None);
    assert_eq!(doc("1..=300").range::<u8>(), None, "a bound that does not fit the type");
}
