//! The catalogs kept complete: both parse, hold the same messages with the same attributes and variables, and
//! hold every message the code and the pages name.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use fluent_syntax::parser;
use hamle_l10n::{Lang, ids};

/// Each message's attributes and the variables its value and attributes use.
type Shape = BTreeMap<String, (BTreeSet<String>, BTreeSet<String>)>;

fn variables(pattern: &Pattern<&str>, out: &mut BTreeSet<String>) {
    fn inline(expr: &InlineExpression<&str>, out: &mut BTreeSet<String>) {
        match expr {
            InlineExpression::VariableReference { id } => {
                out.insert(id.name.to_owned());
            }
            InlineExpression::Placeable { expression } => expression_vars(expression, out),
            InlineExpression::FunctionReference { arguments, .. } => {
                for arg in &arguments.positional {
                    inline(arg, out);
                }
            }
            _ => {}
        }
    }
    fn expression_vars(expr: &Expression<&str>, out: &mut BTreeSet<String>) {
        match expr {
            Expression::Inline(e) => inline(e, out),
            Expression::Select { selector, variants } => {
                inline(selector, out);
                for v in variants {
                    variables(&v.value, out);
                }
            }
        }
    }
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_vars(expression, out);
        }
    }
}

fn shape(lang: Lang) -> Shape {
    let resource = parser::parse(lang.source()).unwrap_or_else(|(_, errors)| panic!("{}.ftl: {errors:?}", lang.tag()));
    let mut out = Shape::new();
    for entry in resource.body {
        if let Entry::Message(m) = entry {
            let mut vars = BTreeSet::new();
            if let Some(value) = &m.value {
                variables(value, &mut vars);
            }
            let mut attributes = BTreeSet::new();
            for a in &m.attributes {
                attributes.insert(a.id.name.to_owned());
                variables(&a.value, &mut vars);
            }
            let fresh = out.insert(m.id.name.to_owned(), (attributes, vars)).is_none();
            assert!(fresh, "{}.ftl holds {} twice", lang.tag(), m.id.name);
        }
    }
    out
}

#[test]
fn both_catalogs_parse_without_an_error() {
    for lang in Lang::ALL {
        if let Err((_, errors)) = parser::parse(lang.source()) {
            panic!("{}.ftl does not parse: {errors:?}", lang.tag());
        }
    }
}

#[test]
fn every_message_is_in_both_languages_with_the_same_attributes_and_variables_or_fewer() {
    let en = shape(Lang::En);
    let tr = shape(Lang::Tr);
    let only_en: Vec<&String> = en.keys().filter(|id| !tr.contains_key(*id)).collect();
    let only_tr: Vec<&String> = tr.keys().filter(|id| !en.contains_key(*id)).collect();
    assert!(only_en.is_empty(), "in English but not in Turkish: {only_en:?}");
    assert!(only_tr.is_empty(), "in Turkish but not in English: {only_tr:?}");
    for (id, (attributes, vars)) in &en {
        let (tr_attributes, tr_vars) = &tr[id];
        assert_eq!(attributes, tr_attributes, "{id}: the attributes differ");
        // Turkish may leave out what it need not say (the notation's English reason), and uses more only where
        // listed: an unreadable move is named by its text, as English's reason (in English) already names it.
        const TURKISH_MORE: [(&str, &str); 1] = [("refusal-unreadable-move", "move")];
        let extra: Vec<&String> =
            tr_vars.difference(vars).filter(|v| !TURKISH_MORE.contains(&(id.as_str(), v.as_str()))).collect();
        assert!(extra.is_empty(), "{id}: Turkish uses variables English does not: {extra:?}");
    }
    assert!(en.len() > 300, "the catalogs hold only {} messages", en.len());
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn files(dir: &Path, ext: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n != "target" && n != "tests") {
                files(&path, ext, out);
            }
        } else if path.extension().and_then(|e| e.to_str()).is_some_and(|e| ext.contains(&e)) {
            out.push(path);
        }
    }
}

/// The quoted words after each of `openers` in `text`, up to the closing quote.
fn named_after(text: &str, openers: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for opener in openers {
        let mut rest = text;
        while let Some(at) = rest.find(opener) {
            rest = &rest[at + opener.len()..];
            let end = rest.find(['"', '\'', '`']).unwrap_or(0);
            let id = &rest[..end];
            if !id.is_empty() && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
                out.push(id.to_owned());
            }
        }
    }
    out
}

/// The string literals of Rust code shaped as the code's message ids (`"tour-closed"`, `"rate-streams"`): words
/// joined by hyphens, beginning with a group the code's messages use.
fn literals(text: &str) -> Vec<String> {
    const GROUPS: [&str; 15] = [
        "log", "ending", "refusal", "analysis", "error", "rate", "help", "hapis", "chess", "dots", "sim", "g2048",
        "tour", "queens", "seat",
    ];
    text.split('"')
        .skip(1)
        .step_by(2)
        .filter(|word| {
            word.split_once('-').is_some_and(|(group, rest)| {
                GROUPS.contains(&group)
                    && !rest.is_empty()
                    && rest.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            })
        })
        .map(str::to_owned)
        .collect()
}

#[test]
fn every_message_the_code_names_is_in_the_catalogs() {
    let known: BTreeSet<String> = ids(Lang::En).into_iter().collect();
    let mut sources = Vec::new();
    files(&workspace().join("crates"), &["rs"], &mut sources);
    files(&workspace().join("python/src"), &["rs"], &mut sources);
    let mut named = 0;
    let mut missing = Vec::new();
    for path in sources {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        for id in named_after(&text, &["Msg::new(\""]).into_iter().chain(literals(&text)) {
            named += 1;
            if !known.contains(&id) {
                missing.push(format!("{}: {id}", path.display()));
            }
        }
    }
    assert!(named > 100, "only {named} messages named in the code");
    assert!(missing.is_empty(), "named in the code but in no catalog: {missing:#?}");
}

#[test]
fn every_message_the_pages_name_is_in_the_catalogs() {
    let known: BTreeSet<String> = ids(Lang::En).into_iter().collect();
    let mut pages = Vec::new();
    files(&workspace().join("web"), &["js", "html"], &mut pages);
    let mut named = 0;
    let mut missing = Vec::new();
    for path in pages {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        for id in named_after(&text, &["data-l10n-id=\"", " t(\"", "(t(\"", "[t(\"", "say({ id: \""]) {
            named += 1;
            if !known.contains(&id) {
                missing.push(format!("{}: {id}", path.display()));
            }
        }
    }
    assert!(named > 100, "only {named} messages named by the pages");
    assert!(missing.is_empty(), "named by a page but in no catalog: {missing:#?}");
}
