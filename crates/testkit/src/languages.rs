//! Whether a text a face shows in Turkish holds English: the words of the English catalog that the Turkish one
//! never uses, found in it. The catalogs decide what counts as English, not a list written in a test.

use std::collections::BTreeSet;

use hamle_l10n::Lang;

/// The words of a catalog's messages (letters only, four or more, in lower case): its comments, ids, variables
/// and variant keys left out.
fn catalog_words(source: &str) -> BTreeSet<String> {
    let mut words = BTreeSet::new();
    for line in source.lines() {
        let line = line.trim_start();
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        // A message's first line is `id = value` and an attribute's `.name = value`; the rest continue a value.
        let value = match line.split_once('=') {
            Some((head, rest))
                if head.trim_end().chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')) =>
            {
                rest
            }
            _ => line,
        };
        let mut plain = String::new();
        let (mut braces, mut brackets) = (0u32, 0u32);
        for c in value.chars() {
            match c {
                '{' => braces += 1,
                '}' => braces = braces.saturating_sub(1),
                '[' if braces == 0 => brackets += 1,
                ']' if braces == 0 => brackets = brackets.saturating_sub(1),
                _ if braces == 0 && brackets == 0 => plain.push(c),
                _ => {}
            }
            if matches!(c, '{' | '}' | '[' | ']') {
                plain.push(' ');
            }
        }
        words.extend(words_of(&plain));
    }
    words
}

/// The words of `text` (letters only, four or more), in lower case.
fn words_of(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphabetic()).filter(|w| w.chars().count() >= 4).map(str::to_lowercase)
}

/// The words of the English catalog that the Turkish one never uses.
pub fn english_only_words() -> BTreeSet<String> {
    let turkish = catalog_words(Lang::Tr.source());
    catalog_words(Lang::En.source()).difference(&turkish).cloned().collect()
}

/// The English words `text` holds, once the `verbatim` words (a bot's spec, a seed) are taken out: empty when the
/// text is all Turkish.
pub fn english_in(text: &str, verbatim: &[&str]) -> BTreeSet<String> {
    let mut text = text.to_owned();
    for word in verbatim {
        text = text.replace(word, " ");
    }
    let english = english_only_words();
    words_of(&text).filter(|w| english.contains(w)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_sentences_are_found_and_turkish_ones_are_not() {
        assert!(english_in("Beyaz 5-3 attı. Siyah mars ile kazandı: 2 puan.", &[]).is_empty());
        let found = english_in("Beyaz 5-3 attı. Black wins with mars: 2 points.", &[]);
        assert!(found.contains("wins") && found.contains("points"), "{found:?}");
        assert!(!found.contains("mars"), "a word both languages use is not English's own");
    }

    #[test]
    fn verbatim_words_are_not_counted() {
        assert!(!english_in("Bilgisayar (resigns)", &[]).is_empty(), "resigns is an English word of the catalog");
        assert!(english_in("Bilgisayar (resigns)", &["resigns"]).is_empty());
    }

    #[test]
    fn a_catalog_s_ids_variables_and_keys_are_not_its_words() {
        let words = catalog_words(
            "some-message = { $player ->\n    [winner] Kazanan\n   *[other] Ötekiler\n}\n# Comment words\n",
        );
        assert_eq!(words, BTreeSet::from(["kazanan".to_owned(), "ötekiler".to_owned()]));
    }
}
