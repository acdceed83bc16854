//! Names with parameters, as games and bots are spelled: `tictactoe(variant=two-phase)`, `thesis(depth=3)`.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

/// What is wrong with a name-with-parameters, or with the game, bot or parameter it names.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// A name-with-parameters could not be read.
    #[error("cannot read '{text}': {why}")]
    BadSpec {
        /// The text given.
        text: String,
        /// What is wrong with it.
        why: String,
    },
    /// No game has this name.
    #[error("no game is called '{name}' (known: {known})")]
    UnknownGame {
        /// The name given.
        name: String,
        /// The names that exist.
        known: String,
    },
    /// The game has no bot of this name.
    #[error("{game} has no bot called '{name}' (known: {known})")]
    UnknownBot {
        /// The game.
        game: String,
        /// The name given.
        name: String,
        /// The bots that exist.
        known: String,
    },
    /// A parameter that the game or bot does not take.
    #[error("{owner} takes no parameter '{key}' (it takes: {known})")]
    UnknownParam {
        /// The game or bot.
        owner: String,
        /// The key given.
        key: String,
        /// The keys it takes.
        known: String,
    },
    /// A parameter value out of range.
    #[error("{owner}: '{value}' is not a value of {key} (expected {values})")]
    BadParam {
        /// The game or bot.
        owner: String,
        /// The key.
        key: String,
        /// The value given.
        value: String,
        /// The values allowed.
        values: String,
    },
}

/// A name with `key=value` parameters.
///
/// ```
/// use hamle_core::Spec;
/// let spec: Spec = "tictactoe(variant=two-phase)".parse()?;
/// assert_eq!(spec.name, "tictactoe");
/// assert_eq!(spec.to_string(), "tictactoe(variant=two-phase)");
/// # Ok::<(), hamle_core::SpecError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Spec {
    /// The short name.
    pub name: String,
    /// The parameters, sorted by key.
    pub params: BTreeMap<String, String>,
}

impl Spec {
    /// A spec with no parameters.
    pub fn named(name: &str) -> Self {
        Spec { name: name.to_owned(), params: BTreeMap::new() }
    }

    /// Adds or replaces a parameter.
    pub fn with(mut self, key: &str, value: &str) -> Self {
        self.params.insert(key.to_owned(), value.to_owned());
        self
    }
}

fn is_name(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// A value may also hold `/` and `:`, so that it can be a path (`uci(cmd=/usr/games/stockfish)`); names and
/// keys may not, so that a spec still reads as a name with `key=value` pairs.
fn is_value(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '/' | ':'))
}

impl FromStr for Spec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<Self, SpecError> {
        let bad = |why: &str| SpecError::BadSpec { text: text.to_owned(), why: why.to_owned() };
        let text_trim = text.trim();
        let (name, rest) = match text_trim.find('(') {
            Some(open) => {
                let inner = text_trim[open + 1..].strip_suffix(')').ok_or_else(|| bad("missing ')' at the end"))?;
                (&text_trim[..open], Some(inner))
            }
            None => (text_trim, None),
        };
        let name = name.trim();
        if !is_name(name) {
            return Err(bad("a name is letters, digits, '-' or '_'"));
        }
        let mut params = BTreeMap::new();
        for pair in rest.into_iter().flat_map(|r| r.split(',')).map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = pair.split_once('=').ok_or_else(|| bad("parameters are written key=value"))?;
            let (key, value) = (key.trim(), value.trim());
            if !is_name(key) || !is_value(value) {
                return Err(bad(
                    "parameters are written key=value, with letters, digits, '-', '_' or '.' (and in values '/' and ':')",
                ));
            }
            if params.insert(key.to_owned(), value.to_owned()).is_some() {
                return Err(bad("a parameter is given twice"));
            }
        }
        Ok(Spec { name: name.to_owned(), params })
    }
}

impl fmt::Display for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        if !self.params.is_empty() {
            let pairs: Vec<String> = self.params.iter().map(|(k, v)| format!("{k}={v}")).collect();
            write!(f, "({})", pairs.join(","))?;
        }
        Ok(())
    }
}

/// A parameter a game or bot accepts, for `hamle bots` and error messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParamDoc {
    /// The key; a key ending in `.*` (`option.*`) stands for every key with that prefix (`option.Hash`), which
    /// the constructor reads with [`Params::prefixed`].
    pub key: &'static str,
    /// The values it takes, e.g. `classic|two-phase` or `1..=9`. A range written here (`LO..=HI` or `LO..`, as
    /// one of the `|` alternatives) is the one [`Params::number`] enforces: the bounds are declared once.
    pub values: &'static str,
    /// The value when it is not given.
    pub default: &'static str,
    /// What it does.
    pub about: &'static str,
}

impl ParamDoc {
    /// The range of numbers its `values` declare, read as `T`: the first `|` alternative that begins with
    /// `LO..=HI` or `LO..` (words beside it, such as `auto` or `off`, are the constructor's to read).
    /// `None` when no alternative is a range, or its bounds do not read as `T`.
    ///
    /// ```
    /// use hamle_core::ParamDoc;
    /// let hash = ParamDoc { key: "hash", values: "1..=256 or auto", default: "auto", about: "MiB" };
    /// assert_eq!(hash.range::<u32>(), Some((1, Some(256))));
    /// let nodes = ParamDoc { key: "nodes", values: "off|1..", default: "off", about: "nodes a move" };
    /// assert_eq!(nodes.range::<u64>(), Some((1, None)));
    /// ```
    pub fn range<T: FromStr>(&self) -> Option<(T, Option<T>)> {
        self.values.split('|').find_map(|alternative| {
            let written = alternative.trim().split([' ', ',']).next()?;
            let (least, most) = written.split_once("..")?;
            let least = least.parse().ok()?;
            match most {
                "" => Some((least, None)),
                most => Some((least, Some(most.strip_prefix('=')?.parse().ok()?))),
            }
        })
    }

    /// Whether `key` is this parameter: the key itself, or any key with the prefix of a `prefix.*` key.
    fn takes(&self, key: &str) -> bool {
        match self.key.strip_suffix('*') {
            Some(prefix) => key.len() > prefix.len() && key.starts_with(prefix),
            None => self.key == key,
        }
    }
}

/// The parameters of one spec as a constructor reads them: each key taken once, unknown keys refused.
#[derive(Debug)]
pub struct Params<'a> {
    owner: &'a str,
    docs: &'a [ParamDoc],
    left: BTreeMap<String, String>,
}

impl<'a> Params<'a> {
    /// The parameters of `spec`, which accepts those in `docs`.
    ///
    /// # Errors
    /// [`SpecError::UnknownParam`] for a key not in `docs`.
    pub fn new(spec: &'a Spec, docs: &'a [ParamDoc]) -> Result<Self, SpecError> {
        if let Some(key) = spec.params.keys().find(|k| !docs.iter().any(|d| d.takes(k))) {
            return Err(SpecError::UnknownParam {
                owner: spec.name.clone(),
                key: key.clone(),
                known: docs.iter().map(|d| d.key).collect::<Vec<_>>().join(", "),
            });
        }
        Ok(Params { owner: &spec.name, docs, left: spec.params.clone() })
    }

    /// Whether the spec gives `key` itself (and it has not been read yet): a named set of values (`weights=tuned`)
    /// can then fill in only the keys the spec leaves out.
    ///
    /// ```
    /// use hamle_core::{ParamDoc, Params, Spec};
    /// const DOCS: &[ParamDoc] = &[ParamDoc { key: "k1", values: "0..=9", default: "1", about: "a weight" }];
    /// let spec: Spec = "seed(k1=4)".parse()?;
    /// let mut params = Params::new(&spec, DOCS)?;
    /// assert!(params.given("k1") && !params.given("k2"));
    /// assert_eq!(params.number::<u8>("k1")?, 4);
    /// assert!(!params.given("k1"), "once read, it is taken");
    /// # Ok::<(), hamle_core::SpecError>(())
    /// ```
    pub fn given(&self, key: &str) -> bool {
        self.left.contains_key(key)
    }

    /// The value of `key`, or its documented default.
    pub fn text(&mut self, key: &str) -> String {
        self.left
            .remove(key)
            .or_else(|| self.docs.iter().find(|d| d.key == key).map(|d| d.default.to_owned()))
            .unwrap_or_default()
    }

    /// Every parameter whose key starts with `prefix` (documented as `prefix*`, e.g. `option.*`), taken out in
    /// key order, each as the rest of its key and its value: `option.Hash=16` gives `("Hash", "16")`.
    pub fn prefixed(&mut self, prefix: &str) -> Vec<(String, String)> {
        let keys: Vec<String> = self.left.keys().filter(|k| k.starts_with(prefix)).cloned().collect();
        keys.into_iter().filter_map(|k| self.left.remove(&k).map(|v| (k[prefix.len()..].to_owned(), v))).collect()
    }

    /// The value of `key` read as `T`, or its documented default.
    ///
    /// # Errors
    /// [`SpecError::BadParam`] when the value does not read as `T`.
    pub fn parse<T: FromStr>(&mut self, key: &str) -> Result<T, SpecError> {
        let value = self.text(key);
        value.parse().map_err(|_| self.bad(key, &value))
    }

    /// The value of `key` read as `T` and checked against the range its [`ParamDoc`] declares, or its documented
    /// default.
    ///
    /// # Errors
    /// [`SpecError::BadParam`] when the value does not read as `T`, lies outside the declared range, or the
    /// parameter declares no range.
    pub fn number<T: FromStr + PartialOrd>(&mut self, key: &str) -> Result<T, SpecError> {
        let text = self.text(key);
        self.within(key, &text)
    }

    /// As [`Params::number`], but `None` when the value is the word `word` (`auto`, `off`), which the
    /// parameter takes beside its numbers.
    ///
    /// # Errors
    /// As [`Params::number`], for a value that is not `word`.
    pub fn number_or<T: FromStr + PartialOrd>(&mut self, key: &str, word: &str) -> Result<Option<T>, SpecError> {
        let text = self.text(key);
        if text == word { Ok(None) } else { self.within(key, &text).map(Some) }
    }

    fn within<T: FromStr + PartialOrd>(&self, key: &str, text: &str) -> Result<T, SpecError> {
        let range = self.docs.iter().find(|d| d.key == key).and_then(ParamDoc::range::<T>);
        match (text.parse::<T>(), range) {
            (Ok(value), Some((least, most))) if value >= least && most.as_ref().is_none_or(|most| value <= *most) => {
                Ok(value)
            }
            _ => Err(self.bad(key, text)),
        }
    }

    /// The error for a value of `key` that is not allowed.
    pub fn bad(&self, key: &str, value: &str) -> SpecError {
        let values = self.docs.iter().find(|d| d.key == key).map_or("", |d| d.values);
        SpecError::BadParam {
            owner: self.owner.to_owned(),
            key: key.to_owned(),
            value: value.to_owned(),
            values: values.to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOCS: &[ParamDoc] = &[ParamDoc { key: "depth", values: "1..=9", default: "2", about: "plies" }];

    #[test]
    fn specs_round_trip() {
        for text in ["perfect", "thesis(depth=3)", "tictactoe(variant=two-phase)", "x(a=1,b=2)"] {
            let spec: Spec = text.parse().expect("reads");
            assert_eq!(spec.to_string(), text);
        }
        let spaced: Spec = " thesis ( depth = 3 ) ".parse().expect("spaces are fine");
        assert_eq!(spaced.to_string(), "thesis(depth=3)");
    }

    #[test]
    fn malformed_specs_are_refused() {
        for text in ["", "a b", "thesis(depth=3", "thesis(depth)", "thesis(depth=3,depth=4)", "t(=3)", "t(a=)"] {
            assert!(text.parse::<Spec>().is_err(), "{text:?} should be refused");
        }
    }

    #[test]
    fn values_may_be_paths_but_names_and_keys_may_not() {
        let spec: Spec = "uci(cmd=/usr/games/stockfish,book=C:/books/a.bin)".parse().expect("paths are values");
        assert_eq!(spec.params["cmd"], "/usr/games/stockfish");
        assert_eq!(spec.params["book"], "C:/books/a.bin");
        assert_eq!(spec.to_string(), "uci(book=C:/books/a.bin,cmd=/usr/games/stockfish)");
        for text in ["a/b", "u:ci", "uci(c/md=x)", "uci(c:md=x)", "uci(cmd=a b)", "uci(cmd=a\\b)"] {
            assert!(text.parse::<Spec>().is_err(), "{text:?} should be refused");
        }
    }

    #[test]
    fn a_prefix_key_takes_every_key_with_the_prefix() {
        const DOCS: &[ParamDoc] = &[
            ParamDoc { key: "depth", values: "1..=9", default: "2", about: "plies" },
            ParamDoc { key: "option.*", values: "any", default: "", about: "options" },
        ];
        let spec: Spec = "uci(option.Hash=16,depth=3,option.Skill_Level=5)".parse().expect("reads");
        let mut params = Params::new(&spec, DOCS).expect("option.* takes them");
        assert_eq!(
            params.prefixed("option."),
            [("Hash".to_owned(), "16".to_owned()), ("Skill_Level".to_owned(), "5".to_owned())]
        );
        assert!(params.prefixed("option.").is_empty(), "taken out");
        assert_eq!(params.parse::<u32>("depth"), Ok(3));
        for text in ["uci(option.=1)", "uci(optionX=1)", "uci(opt.Hash=1)"] {
            let spec: Spec = text.parse().expect("reads");
            assert!(matches!(Params::new(&spec, DOCS), Err(SpecError::UnknownParam { .. })), "{text}");
        }
    }

    #[test]
    fn params_use_defaults_and_refuse_unknown_keys_and_bad_values() {
        let spec: Spec = "thesis".parse().expect("reads");
        let mut params = Params::new(&spec, DOCS).expect("no keys");
        assert_eq!(params.parse::<u32>("depth"), Ok(2));
        let spec: Spec = "thesis(deep=3)".parse().expect("reads");
        assert!(matches!(Params::new(&spec, DOCS), Err(SpecError::UnknownParam { .. })));
        let spec: Spec = "thesis(depth=x)".parse().expect("reads");
        let mut params = Params::new(&spec, DOCS).expect("known key");
        assert!(matches!(params.parse::<u32>("depth"), Err(SpecError::BadParam { .. })));
    }
}
