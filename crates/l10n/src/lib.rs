//! hamle's two languages: the message catalogs in Project Fluent's format (`locales/en.ftl`,
//! `locales/tr.ftl`, one file per language, the one source of the words of the web pages, the server's error
//! details and the terminal) and their rendering in Rust with the `fluent-bundle` crate. The browser renders the
//! same files with Fluent's JavaScript library (`web/l10n.js`), served at `/locales/{lang}.ftl`.
//!
//! It does not hold which language a person reads (the server reads `Accept-Language`, the terminal `LANG`), nor
//! the messages' shape ([`hamle_core::Msg`]).
//!
//! ```
//! use hamle_core::Msg;
//! use hamle_l10n::{Lang, render};
//!
//! let line = Msg::new("log-throws").arg("who", Msg::new("side-white")).arg("dice", "5-3");
//! assert_eq!(render(Lang::Tr, &line), "Beyaz 5-3 attı.");
//! assert_eq!(render(Lang::En, &line), "White throws 5-3.");
//! ```
#![deny(missing_docs)]

use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::types::FluentNumber;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use hamle_core::{Arg, Msg};
use unic_langid::LanguageIdentifier;

/// A language hamle speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English, the default.
    En,
    /// Turkish, the language of the seeds.
    Tr,
}

impl Lang {
    /// Every language, the default first.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Tr];

    /// The language's tag (`en`, `tr`).
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Tr => "tr",
        }
    }

    /// The language a tag names: `tr`, `tr-TR`, `TR`, or a locale as `LANG` writes it (`tr_TR.UTF-8`).
    pub fn parse(tag: &str) -> Option<Lang> {
        let primary = tag.trim().split(['-', '_', '.', '@']).next().unwrap_or_default();
        Lang::ALL.into_iter().find(|lang| lang.tag().eq_ignore_ascii_case(primary))
    }

    /// The first language of an `Accept-Language` header hamle speaks, by its weights; English when none.
    pub fn from_accept_language(header: &str) -> Lang {
        // RFC 9110 §12.5.4: tags with weights (`q`, 1 when none), the heaviest first; weight 0 means "not this".
        let mut asked: Vec<(f32, &str)> = header
            .split(',')
            .filter_map(|item| {
                let mut parts = item.split(';');
                let tag = parts.next()?.trim();
                let weight = parts
                    .filter_map(|p| p.trim().strip_prefix("q="))
                    .find_map(|q| q.trim().parse::<f32>().ok())
                    .unwrap_or(1.0);
                (weight > 0.0 && !tag.is_empty()).then_some((weight, tag))
            })
            .collect();
        asked.sort_by(|a, b| b.0.total_cmp(&a.0));
        asked.iter().find_map(|(_, tag)| Lang::parse(tag)).unwrap_or(Lang::En)
    }

    /// The language of the terminal as POSIX reads it: `LC_ALL`, then `LC_MESSAGES`, then `LANG`, the first that
    /// is set and not empty; English when it names none of hamle's (`C`, `POSIX`, `de_DE`).
    pub fn from_env(var: impl Fn(&str) -> Option<String>) -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .filter_map(|name| var(name).filter(|value| !value.is_empty()))
            .next()
            .and_then(|value| Lang::parse(&value))
            .unwrap_or(Lang::En)
    }

    /// The language's catalog as written (Fluent's syntax).
    pub fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../locales/en.ftl"),
            Lang::Tr => include_str!("../locales/tr.ftl"),
        }
    }
}

fn bundle(lang: Lang) -> &'static FluentBundle<FluentResource> {
    static BUNDLES: [OnceLock<FluentBundle<FluentResource>>; 2] = [OnceLock::new(), OnceLock::new()];
    BUNDLES[lang as usize].get_or_init(|| {
        let id: LanguageIdentifier = lang.tag().parse().unwrap_or_default();
        let mut bundle = FluentBundle::new_concurrent(vec![id]);
        // Isolation marks would reach terminals and JSON as invisible characters; both languages run left to right.
        bundle.set_use_isolating(false);
        bundle.set_formatter(Some(match lang {
            Lang::En => format_en,
            Lang::Tr => format_tr,
        }));
        // The catalogs are checked by this crate's tests; a syntax error there would fail them, so what parses is
        // used and a faulty entry is left out rather than taking every message with it.
        let resource = FluentResource::try_new(lang.source().to_owned()).unwrap_or_else(|(partial, _)| partial);
        let _ = bundle.add_resource(resource);
        bundle
    })
}

fn format_en(value: &FluentValue, _: &intl_memoizer::concurrent::IntlLangMemoizer) -> Option<String> {
    number(value, ',', '.')
}

fn format_tr(value: &FluentValue, _: &intl_memoizer::concurrent::IntlLangMemoizer) -> Option<String> {
    number(value, '.', ',')
}

/// A number as the language writes it: thousands grouped (`12,345` in English, `12.345` in Turkish) and the
/// fraction after the language's mark (`0.5`, `0,5`), as the browser's `Intl.NumberFormat` writes them.
fn number(value: &FluentValue, group: char, point: char) -> Option<String> {
    let FluentValue::Number(FluentNumber { value, options }) = value else { return None };
    if !value.is_finite() {
        return None;
    }
    let digits = options.maximum_fraction_digits.unwrap_or(3);
    let written = format!("{:.*}", digits, value.abs());
    let (whole, fraction) = written.split_once('.').unwrap_or((&written, ""));
    let fraction = fraction.trim_end_matches('0');
    let mut out = String::new();
    if *value < 0.0 && (whole != "0" || !fraction.is_empty()) {
        out.push('-');
    }
    for (i, c) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 {
            out.push(group);
        }
        out.push(c);
    }
    if !fraction.is_empty() {
        out.push(point);
        out.push_str(fraction);
    }
    Some(out)
}

/// `msg` in `lang`. A message missing from the catalog is shown as its id, which the catalogs' tests forbid.
pub fn render(lang: Lang, msg: &Msg) -> String {
    let bundle = bundle(lang);
    let Some(pattern) = bundle.get_message(&msg.id).and_then(|m| m.value()) else { return msg.id.clone() };
    let mut args = FluentArgs::new();
    for (name, arg) in &msg.args {
        let value = match arg {
            Arg::Int(n) => FluentValue::from(*n),
            Arg::Num(x) => FluentValue::from(*x),
            Arg::Verbatim(text) => FluentValue::from(text.clone()),
            Arg::Msg(inner) => FluentValue::from(render(lang, inner)),
        };
        args.set(name.clone(), value);
    }
    let mut errors = Vec::new();
    bundle.format_pattern(pattern, Some(&args), &mut errors).into_owned()
}

/// `msg` in `lang` as a sentence's start: its first letter a capital, as the language writes it (Turkish `i` is
/// `İ`).
pub fn sentence(lang: Lang, msg: &Msg) -> String {
    let text = render(lang, msg);
    let mut chars = text.chars();
    let Some(first) = chars.next() else { return text };
    let capital: String = match (lang, first) {
        (Lang::Tr, 'i') => "İ".to_owned(),
        _ => first.to_uppercase().collect(),
    };
    capital + chars.as_str()
}

/// `x` with `digits` digits after the language's decimal mark (`0.125`, `0,125`), and its sign when `sign`
/// (`+0.125`), for figures a terminal aligns.
pub fn decimal(lang: Lang, x: f64, digits: usize, sign: bool) -> String {
    // Adding zero turns −0 into 0.
    let x = x + 0.0;
    let written = if sign { format!("{x:+.digits$}") } else { format!("{x:.digits$}") };
    match lang {
        Lang::En => written,
        Lang::Tr => written.replace('.', ","),
    }
}

/// The ids of a catalog's messages, in the file's order (its terms, `-name`, are not messages).
pub fn ids(lang: Lang) -> Vec<String> {
    let resource = FluentResource::try_new(lang.source().to_owned()).unwrap_or_else(|(partial, _)| partial);
    resource
        .entries()
        .filter_map(|entry| match entry {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_owned()),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tag_names_its_language_however_it_is_written() {
        for tag in ["tr", "TR", "tr-TR", "tr_TR.UTF-8", "tr_TR@euro", " tr "] {
            assert_eq!(Lang::parse(tag), Some(Lang::Tr), "{tag}");
        }
        assert_eq!(Lang::parse("en-GB"), Some(Lang::En));
        assert_eq!(Lang::parse("de"), None);
        assert_eq!(Lang::parse("trk"), None, "a tag is not read by its first letters");
        assert_eq!(Lang::parse(""), None);
    }

    #[test]
    fn accept_language_gives_the_first_language_hamle_speaks_by_weight() {
        assert_eq!(Lang::from_accept_language("tr-TR,tr;q=0.9,en;q=0.8"), Lang::Tr);
        assert_eq!(Lang::from_accept_language("de-DE,tr;q=0.7,en;q=0.3"), Lang::Tr, "German is passed over");
        assert_eq!(Lang::from_accept_language("en;q=0.5,tr;q=0.9"), Lang::Tr, "the heavier weight first");
        assert_eq!(Lang::from_accept_language("fr"), Lang::En);
        assert_eq!(Lang::from_accept_language("tr;q=0, en;q=0.1"), Lang::En, "weight 0 refuses a language");
        assert_eq!(Lang::from_accept_language("tr;q=0"), Lang::En, "even the only one named");
        assert_eq!(Lang::from_accept_language(";q=0.9, tr;q=0.5"), Lang::Tr, "an empty tag is passed over");
        assert_eq!(Lang::from_accept_language("*"), Lang::En);
        assert_eq!(Lang::from_accept_language(""), Lang::En);
    }

    #[test]
    fn the_terminal_reads_lc_all_then_lc_messages_then_lang() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| pairs.iter().find(|(n, _)| *n == name).map(|(_, v)| (*v).to_owned())
        };
        assert_eq!(Lang::from_env(env(&[("LANG", "tr_TR.UTF-8")])), Lang::Tr);
        assert_eq!(Lang::from_env(env(&[("LANG", "tr_TR.UTF-8"), ("LC_MESSAGES", "en_US.UTF-8")])), Lang::En);
        assert_eq!(Lang::from_env(env(&[("LC_MESSAGES", "en_US"), ("LC_ALL", "tr_TR")])), Lang::Tr);
        assert_eq!(Lang::from_env(env(&[("LC_ALL", ""), ("LANG", "tr_TR")])), Lang::Tr, "an empty one is unset");
        assert_eq!(Lang::from_env(env(&[("LANG", "C")])), Lang::En);
        assert_eq!(Lang::from_env(env(&[])), Lang::En);
    }

    #[test]
    fn numbers_are_written_as_each_language_writes_them() {
        let points = |n: f64| Msg::new("ending-solo").arg("points", n);
        assert_eq!(render(Lang::En, &points(12345.0)), "Game over with 12,345 points.");
        assert_eq!(render(Lang::Tr, &points(12345.0)), "Oyun bitti: 12.345 puan.");
        assert_eq!(render(Lang::En, &points(1.5)), "Game over with 1.5 points.");
        assert_eq!(render(Lang::Tr, &points(1.5)), "Oyun bitti: 1,5 puan.");
        assert_eq!(render(Lang::En, &points(-1234.25)), "Game over with -1,234.25 points.");
        assert_eq!(render(Lang::En, &points(999.0)), "Game over with 999 points.");
        assert_eq!(render(Lang::En, &points(-0.5)), "Game over with -0.5 points.");
        assert_eq!(render(Lang::Tr, &points(-0.0001)), "Oyun bitti: 0 puan.", "no minus before a zero");
    }

    #[test]
    fn plurals_are_the_library_s() {
        let takes = |n: i64| Msg::new("log-takes-back").arg("who", Msg::new("side-white")).arg("n", n);
        assert_eq!(render(Lang::En, &takes(1)), "White takes back 1 move.");
        assert_eq!(render(Lang::En, &takes(2)), "White takes back 2 moves.");
        assert_eq!(render(Lang::Tr, &takes(2)), "Beyaz 2 hamleyi geri aldı.");
    }

    #[test]
    fn a_double_is_named_as_the_thesis_names_it_in_both_languages() {
        let throw = |a: i64, b: i64| {
            Msg::new("hapis-throw").arg("high", a).arg("low", b).arg("double", if a == b { a } else { 0 })
        };
        let names = ["hepyek", "dubara", "düse", "dörtcihar", "dübeş", "düşeş"];
        for (die, name) in (1..=6).zip(names) {
            for lang in Lang::ALL {
                assert_eq!(render(lang, &throw(die, die)), format!("{die}-{die} ({name})"));
            }
        }
        assert_eq!(render(Lang::En, &throw(5, 3)), "5-3", "a throw that is not a double has no name");
    }

    #[test]
    fn a_message_from_outside_the_catalogs_or_missing_from_them_shows_as_it_is() {
        assert_eq!(render(Lang::Tr, &Msg::verbatim("engine died")), "engine died");
        assert_eq!(render(Lang::Tr, &Msg::new(String::from("no-such-message"))), "no-such-message");
    }

    #[test]
    fn a_sentence_begins_with_the_language_s_capital() {
        assert_eq!(sentence(Lang::Tr, &Msg::new("refusal-game-over")), "Bu oyun bitti");
        assert_eq!(sentence(Lang::Tr, &Msg::new("hapis-blocked-door").arg("point", 5)).chars().next(), Some('5'));
        assert_eq!(sentence(Lang::Tr, &Msg::verbatim("ipucu")), "İpucu", "Turkish i takes its dot up");
        assert_eq!(sentence(Lang::En, &Msg::verbatim("it is")), "It is");
        assert_eq!(sentence(Lang::En, &Msg::verbatim("")), "");
    }

    #[test]
    fn a_decimal_keeps_its_digits_and_takes_the_language_s_mark() {
        assert_eq!(decimal(Lang::En, -0.12, 3, true), "-0.120");
        assert_eq!(decimal(Lang::Tr, -0.12, 3, true), "-0,120");
        assert_eq!(decimal(Lang::Tr, 0.5, 1, true), "+0,5");
        assert_eq!(decimal(Lang::En, 47.4, 0, false), "47");
        assert_eq!(decimal(Lang::En, -0.0, 1, true), "+0.0", "no negative zero");
    }

    #[test]
    fn every_id_of_the_catalogs_is_listed() {
        let en = ids(Lang::En);
        assert!(en.iter().any(|id| id == "log-throws"));
        assert!(!en.iter().any(|id| id.starts_with('-')), "terms are not messages");
        assert_eq!(en.len(), ids(Lang::Tr).len());
    }
}
