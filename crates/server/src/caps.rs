//! What the server allows of game and bot parameters where the command line allows more: a value that costs
//! memory one client should not be able to ask for (a table allocated for every thought, a cache kept between
//! moves) or that the server never grants (a program to run, a file to read). `docs/budgets.md` (*On the
//! server*) gives each cap's measurements.
//!
//! Each game's crate declares its caps in its definition ([`hamle_core::GameDef::caps`]), since it knows what
//! its bots cost; [`check`] refuses a value outside them, naming the parameter, the value, the
//! server's limit and what the command line takes. A parameter not in the table, an omitted one, and a value
//! that is not a number of a numeric cap's kind (`auto`, `16.5` for a whole number) are left to the game's own
//! validation, which runs after and gives its own message.
//!
//! ```
//! use hamle_core::Spec;
//! use hamle_server::caps;
//! let chess = Spec::named("chess");
//! let engine: Spec = "engine(hash=256)".parse()?;
//! let refused = caps::check(&chess, &[&engine]).unwrap_err();
//! assert_eq!(
//!     refused.to_string(),
//!     "engine: hash=256 is more than this server allows (1..=16 MiB; the command line takes 1..=256 or auto)"
//! );
//! assert!(caps::check(&chess, &[&"engine(hash=16)".parse()?]).is_ok());
//! assert_eq!(caps::ranges("chess", Some("engine"), "hash").as_deref(), Some("1..=16 or auto"));
//! # Ok::<(), hamle_core::SpecError>(())
//! ```

use std::fmt;

use hamle_core::{ParamDoc, Spec};

pub use hamle_core::{Allowed, Cap};

/// How a value falls outside a cap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outside {
    /// A number above the server's most.
    Above,
    /// A number below the server's least.
    Below,
    /// A word the server does not take.
    Word,
}

/// A parameter's value that the server does not allow, though the command line may.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub struct CapError {
    /// The game or bot whose parameter it is.
    pub owner: String,
    /// The parameter's key.
    pub key: String,
    /// The value given.
    pub value: String,
    /// How it falls outside.
    pub outside: Outside,
    /// What the command line takes, from the parameter's documentation.
    pub cli: &'static str,
    /// The cap it falls outside, with the reason for it.
    pub cap: &'static Cap,
}

impl CapError {
    /// What the server takes, as the message says it (`1..=16 MiB`).
    pub fn server(&self) -> String {
        limit_text(self.cap)
    }
}

impl fmt::Display for CapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let how = match self.outside {
            Outside::Above => "is more than this server allows",
            Outside::Below => "is less than this server allows",
            Outside::Word => "is not allowed on this server",
        };
        write!(
            f,
            "{}: {}={} {how} ({}; the command line takes {})",
            self.owner,
            self.key,
            self.value,
            self.server(),
            self.cli
        )
    }
}

/// Whether `value` is allowed by `cap`; a value that is not a number of a numeric cap's kind is left to the game.
fn test(cap: &Cap, value: &str) -> Result<(), Outside> {
    match cap.allowed {
        Allowed::Whole { min, max, or, .. } => {
            if or.contains(&value) {
                return Ok(());
            }
            let (negative, digits) = value.strip_prefix('-').map_or((false, value), |rest| (true, rest));
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Ok(());
            }
            // Digits too many for an i64 are past any range.
            let number = value.parse::<i64>().map_err(|_| if negative { Outside::Below } else { Outside::Above })?;
            if number > max {
                Err(Outside::Above)
            } else if number < min {
                Err(Outside::Below)
            } else {
                Ok(())
            }
        }
        Allowed::Decimal { min, max } => match value.parse::<f64>() {
            Ok(number) if number.is_finite() && number > max => Err(Outside::Above),
            Ok(number) if number.is_finite() && number < min => Err(Outside::Below),
            _ => Ok(()),
        },
        Allowed::Words(words) => {
            if words.contains(&value) {
                Ok(())
            } else {
                Err(Outside::Word)
            }
        }
    }
}

/// What the server takes, as an error message says it: the range with its unit, or the words.
fn limit_text(cap: &Cap) -> String {
    match cap.allowed {
        Allowed::Whole { min, max, unit, .. } if !unit.is_empty() => format!("{min}..={max} {unit}"),
        Allowed::Whole { min, max, .. } => format!("{min}..={max}"),
        Allowed::Decimal { min, max } => format!("{min}..={max}"),
        Allowed::Words([]) => "none: the command line's only".to_owned(),
        Allowed::Words(words) => words.join("|"),
    }
}

/// What the server takes, as the catalog lists it beside the parameter's values.
fn range_text(cap: &Cap) -> String {
    match cap.allowed {
        Allowed::Whole { min, max, or, .. } => {
            let mut text = format!("{min}..={max}");
            for word in or {
                text.push_str(" or ");
                text.push_str(word);
            }
            text
        }
        Allowed::Decimal { min, max } => format!("{min}..={max}"),
        Allowed::Words([]) => "none".to_owned(),
        Allowed::Words(words) => words.join("|"),
    }
}

/// The cap on `key` of `bot` (`None`: of the game itself) in `game`, if the server has one.
pub fn cap(game: &str, bot: Option<&str>, key: &str) -> Option<&'static Cap> {
    find(caps_of(game), bot, key)
}

/// The caps the game `game` declares; none for a game the registry does not know.
fn caps_of(game: &str) -> &'static [Cap] {
    hamle_arena::games::registry().game(game).map_or(&[], |kind| kind.caps())
}

fn find(caps: &'static [Cap], bot: Option<&str>, key: &str) -> Option<&'static Cap> {
    caps.iter().find(|c| c.bot == bot && c.key == key)
}

/// The server's values of `key` of `bot` (`None`: of the game) in `game` as text (`1..=16 or auto`), for the
/// catalog; `None` when the server takes what the command line takes.
pub fn ranges(game: &str, bot: Option<&str>, key: &str) -> Option<String> {
    cap(game, bot, key).map(range_text)
}

/// Refuses the first parameter of the game `game` or of its bots `bots` (opponent, helper) whose value lies
/// outside the server's caps; everything else is left to the game's own validation.
///
/// # Errors
/// A [`CapError`] naming the parameter, its value, the server's limit and what the command line takes.
pub fn check(game: &Spec, bots: &[&Spec]) -> Result<(), CapError> {
    check_with(caps_of(&game.name), game, bots)
}

fn check_with(caps: &'static [Cap], game: &Spec, bots: &[&Spec]) -> Result<(), CapError> {
    let owners = std::iter::once((None, game)).chain(bots.iter().map(|&b| (Some(b.name.as_str()), b)));
    for (bot, spec) in owners {
        for (key, value) in &spec.params {
            let Some(cap) = find(caps, bot, key) else { continue };
            test(cap, value).map_err(|outside| CapError {
                owner: spec.name.clone(),
                key: key.clone(),
                value: value.clone(),
                outside,
                cli: doc(&game.name, cap.bot, cap.key).map_or("more", |d| d.values),
                cap,
            })?;
        }
    }
    Ok(())
}

/// The registry's documentation of `key` of `bot` (`None`: of the game) in `game`.
fn doc(game: &str, bot: Option<&str>, key: &str) -> Option<ParamDoc> {
    let kind = hamle_arena::games::registry().game(game).ok()?;
    let params = match bot {
        None => kind.listing().params,
        Some(name) => kind.bots().into_iter().find(|b| b.name == name)?.params,
    };
    params.iter().find(|p| p.key == key).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(text: &str) -> Spec {
        text.parse().expect("a spec")
    }

    fn refused(game: &str, bots: &[&str]) -> CapError {
        let bots: Vec<Spec> = bots.iter().map(|b| spec(b)).collect();
        let bots: Vec<&Spec> = bots.iter().collect();
        check(&spec(game), &bots).expect_err("refused")
    }

    fn passes(game: &str, bots: &[&str]) -> bool {
        let bots: Vec<Spec> = bots.iter().map(|b| spec(b)).collect();
        let bots: Vec<&Spec> = bots.iter().collect();
        check(&spec(game), &bots).is_ok()
    }

    #[test]
    fn a_chess_engine_with_a_large_table_is_refused_naming_the_limit() {
        let error = refused("chess", &["random", "engine(hash=256)"]);
        assert_eq!(
            error.to_string(),
            "engine: hash=256 is more than this server allows (1..=16 MiB; the command line takes 1..=256 or auto)"
        );
        assert_eq!((error.outside, error.key.as_str(), error.value.as_str()), (Outside::Above, "hash", "256"));
        assert!(error.cap.why.contains("every thought"), "{}", error.cap.why);
        assert_eq!(refused("chess", &["engine(level=8,hash=17)"]).value, "17");
        assert_eq!(refused("chess", &["engine(hash=0)"]).outside, Outside::Below);
    }

    #[test]
    fn the_engine_within_the_cap_or_without_a_table_size_passes() {
        for engine in ["engine(hash=16)", "engine(hash=1)", "engine", "engine(hash=auto)", "engine(level=3,eval=hand)"]
        {
            assert!(passes("chess", &[engine]), "{engine}");
        }
        assert!(passes("chess", &[]), "no bots");
    }

    #[test]
    fn values_that_are_not_numbers_of_the_caps_kind_are_left_to_the_game() {
        for engine in ["engine(hash=lots)", "engine(hash=16.5)", "engine(hash=1e9)", "engine(hash=-)"] {
            assert!(passes("chess", &[engine]), "{engine}: the engine's own validation refuses it");
        }
        for expectimax in ["expectimax(prob=NaN)", "expectimax(prob=inf)", "expectimax(prob=some)"] {
            assert!(passes("2048", &[expectimax]), "{expectimax}");
        }
        // A whole number too long for any integer is still a number, past the range.
        assert_eq!(refused("chess", &["engine(hash=99999999999999999999999)"]).outside, Outside::Above);
        assert_eq!(refused("chess", &["engine(hash=-99999999999999999999999)"]).outside, Outside::Below);
        assert_eq!(refused("2048", &["expectimax(prob=1e-5)"]).outside, Outside::Below);
    }

    #[test]
    fn a_decimal_cap_refuses_below_its_least() {
        let error = refused("2048", &["expectimax(depth=8,prob=0)"]);
        assert_eq!(
            error.to_string(),
            "expectimax: prob=0 is less than this server allows (0.0001..=0.1; the command line takes 0..=0.1)"
        );
        assert!(passes("2048", &["expectimax(prob=0.0001)", "expectimax(depth=8)"]));
    }

    #[test]
    fn words_outside_the_servers_are_refused_and_programs_never_named() {
        let error = refused("2048", &["ntuple(weights=my.net)"]);
        assert_eq!(
            error.to_string(),
            "ntuple: weights=my.net is not allowed on this server (shipped; the command line takes shipped|a file \
             (terminal only))"
        );
        let error = refused("chess", &["uci(cmd=/usr/games/stockfish,elo=1500)"]);
        assert_eq!((error.outside, error.server().as_str()), (Outside::Word, "none: the command line's only"));
        assert!(passes("hapis", &["expert(weights=shipped)", "neural(level=casual)"]));
        assert!(passes("2048", &["expectimax(weights=published)"]));
    }

    #[test]
    fn a_cap_belongs_to_its_game_and_owner_alone() {
        // The engine's cap is chess's; a game parameter of the same key is not a bot's.
        assert!(passes("2048", &["engine(hash=256)"]));
        assert!(passes("chess(hash=256)", &["random"]));
        assert!(passes("chess", &["thesis(hash=256)"]));
    }

    #[test]
    fn a_capped_game_parameter_is_refused() {
        // The server caps no game parameter today: a table with one shows the game's own are read too.
        const TABLE: &[Cap] = &[Cap {
            bot: None,
            key: "rows",
            allowed: Allowed::Whole { min: 1, max: 8, unit: "", or: &[] },
            why: "a test",
        }];
        let game = spec("domineering(rows=9,cols=4)");
        let error = check_with(TABLE, &game, &[&spec("solver")]).expect_err("refused");
        assert_eq!(
            error.to_string(),
            "domineering: rows=9 is more than this server allows (1..=8; the command line takes 1..=16)"
        );
        assert!(check_with(TABLE, &spec("domineering(rows=8)"), &[&spec("solver(rows=9)")]).is_ok());
    }

    /// Values at both ends of each cap pass and one past either end is refused; each word passes, another not.
    /// Every game's caps, each with its game's name.
    fn every_cap() -> Vec<(&'static str, &'static Cap)> {
        let games = hamle_arena::games::registry().games();
        games.flat_map(|kind| kind.caps().iter().map(move |cap| (kind.listing().name, cap))).collect()
    }

    #[test]
    fn every_cap_takes_its_ends_and_refuses_one_past_them() {
        for (game, cap) in every_cap() {
            let name = cap.bot.unwrap_or(game);
            let with = |value: &str| spec(&format!("{name}({}={value})", cap.key));
            let outcome = |value: &str| {
                let owner = with(value);
                match cap.bot {
                    None => check(&owner, &[]),
                    Some(_) => check(&Spec::named(game), &[&owner]),
                }
                .map_err(|e| e.outside)
            };
            match cap.allowed {
                Allowed::Whole { min, max, or, .. } => {
                    assert_eq!(outcome(&min.to_string()), Ok(()), "{cap:?}");
                    assert_eq!(outcome(&max.to_string()), Ok(()), "{cap:?}");
                    assert_eq!(outcome(&(min - 1).to_string()), Err(Outside::Below), "{cap:?}");
                    assert_eq!(outcome(&(max + 1).to_string()), Err(Outside::Above), "{cap:?}");
                    for word in or {
                        assert_eq!(outcome(word), Ok(()), "{cap:?}");
                    }
                }
                Allowed::Decimal { min, max } => {
                    let step = (max - min) * 1e-6;
                    assert_eq!(outcome(&min.to_string()), Ok(()), "{cap:?}");
                    assert_eq!(outcome(&max.to_string()), Ok(()), "{cap:?}");
                    assert_eq!(outcome(&(min - step).to_string()), Err(Outside::Below), "{cap:?}");
                    assert_eq!(outcome(&(max + step).to_string()), Err(Outside::Above), "{cap:?}");
                }
                Allowed::Words(words) => {
                    for word in words {
                        assert_eq!(outcome(word), Ok(()), "{cap:?}");
                    }
                    assert_eq!(outcome("elsewhere"), Err(Outside::Word), "{cap:?}");
                }
            }
        }
    }

    /// A renamed game, bot or parameter breaks this test: every cap must name one the registry lists, once,
    /// and the parameter's default (when it has one) must pass.
    #[test]
    fn every_cap_names_a_real_parameter_whose_default_passes() {
        let caps = every_cap();
        // chess's engine and uci, 2048's expectimax (two) and ntuple, Hapis's expert and neural.
        assert_eq!(caps.len(), 7, "the caps the games declare");
        for (i, &(game, cap)) in caps.iter().enumerate() {
            let doc = doc(game, cap.bot, cap.key)
                .unwrap_or_else(|| panic!("{game} {:?} has no parameter {}", cap.bot, cap.key));
            assert!(
                !caps[..i].iter().any(|&(g, c)| (g, c.bot, c.key) == (game, cap.bot, cap.key)),
                "{cap:?} is in the table twice"
            );
            if !doc.default.is_empty() {
                assert_eq!(test(cap, doc.default), Ok(()), "{cap:?}: the default {} is refused", doc.default);
            }
            assert!(!cap.why.is_empty(), "{cap:?} says why");
        }
        assert!(doc("chess", Some("engine"), "hashes").is_none(), "the look-up fails for a key that is not one");
        assert!(doc("chess", Some("engines"), "hash").is_none());
        assert!(doc("chesss", Some("engine"), "hash").is_none());
        assert!(doc("chess", None, "fen").is_some());
    }

    #[test]
    fn the_catalog_gets_the_servers_values_as_text() {
        assert_eq!(ranges("chess", Some("engine"), "hash").as_deref(), Some("1..=16 or auto"));
        assert_eq!(ranges("2048", Some("expectimax"), "prob").as_deref(), Some("0.0001..=0.1"));
        assert_eq!(ranges("2048", Some("expectimax"), "weights").as_deref(), Some("auto|tuned|published|shipped"));
        assert_eq!(ranges("chess", Some("uci"), "cmd").as_deref(), Some("none"));
        assert_eq!(ranges("chess", Some("engine"), "level"), None);
        assert_eq!(ranges("chess", None, "hash"), None, "the engine's cap is not the game's");
    }
}
