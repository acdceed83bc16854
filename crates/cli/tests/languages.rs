//! The terminal in Turkish: `hamle play` follows `LANG` (and `LC_MESSAGES`, `LC_ALL`, `--lang`), and what programs
//! read — JSON, notation — never changes with it. Expected words come from the catalogs.

mod run;

use hamle_core::Msg;
use hamle_l10n::{Lang, render};
use hamle_testkit::languages::english_in;
use run::{hamle_in, hamle_in_with_input, text};

const TURKISH: [(&str, &str); 1] = [("LANG", "tr_TR.UTF-8")];

/// Hapis's start, as JSON.
const START: &str = r#"{"turn":"white","points":["w15","","","","","","","","","","","","","","","","","","","","","","","b15"],"off":{"white":0,"black":0}}"#;

#[test]
fn a_hapis_match_in_the_terminal_speaks_turkish_under_lang_tr() {
    let out = hamle_in_with_input(
        &TURKISH,
        &["play", "hapis", "--seed", "3", "--bot", "random"],
        "hint\n#1\nlog\nxyz\n#99\nquit\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    let start = Msg::new("hplay-start").arg("n", 5).arg("side", Msg::new("side-white"));
    assert!(shown.starts_with(&render(Lang::Tr, &start)), "{shown}");
    assert!(shown.contains(&render(Lang::Tr, &Msg::new("hplay-help"))), "{shown}");
    let off = Msg::new("hapis-board-off").arg("white", 0).arg("black", 0);
    assert!(shown.contains(&render(Lang::Tr, &off)), "the board's words: {shown}");
    assert!(shown.contains(&render(Lang::Tr, &Msg::new("hplay-not-play").arg("text", "xyz"))), "{shown}");
    assert!(shown.contains(&render(Lang::Tr, &Msg::new("hplay-no-play-number").arg("n", 99))), "{shown}");
    assert!(shown.contains(" attı."), "the throws: {shown}");
    // The hint's figures with Turkish decimal commas.
    assert!(shown.contains("değer -0,") || shown.contains("değer +0,"), "{shown}");
    // Only the commands a person types (moves, hint, …) and the notation stay as they are.
    let english = english_in(&shown, &["random"]);
    assert!(english.is_empty(), "English in the Turkish terminal: {english:?}\n{shown}");
}

/// A case of the locale: the environment, the flags, and the words the terminal says.
type Case<'a> = (&'a [(&'a str, &'a str)], &'a [&'a str], &'a str);

#[test]
fn lang_flag_and_lc_variables_come_before_lang() {
    let english = render(Lang::En, &Msg::new("play-bye"));
    let turkish = render(Lang::Tr, &Msg::new("play-bye"));
    let cases: [Case; 5] = [
        (&TURKISH, &[], &turkish),
        (&TURKISH, &["--lang", "en"], &english),
        (&[("LANG", "C")], &["--lang=tr"], &turkish),
        (&[("LANG", "tr_TR.UTF-8"), ("LC_MESSAGES", "en_US.UTF-8")], &[], &english),
        (&[("LANG", "en_US.UTF-8"), ("LC_ALL", "tr_TR.UTF-8")], &[], &turkish),
    ];
    for (env, flags, want) in cases {
        let mut args = vec!["play", "tictactoe"];
        args.extend_from_slice(flags);
        let out = hamle_in_with_input(env, &args, "quit\n");
        assert!(out.status.success(), "{env:?} {flags:?}: {}", text(&out.stderr));
        assert!(text(&out.stdout).contains(want), "{env:?} {flags:?}: {}", text(&out.stdout));
    }
}

#[test]
fn a_language_hamle_does_not_speak_is_refused_by_name() {
    let out = hamle_in(&[], &["play", "tictactoe", "--lang", "de"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("--lang: hamle speaks en and tr, not 'de'"), "{}", text(&out.stderr));
    let out = hamle_in(&[], &["games", "--lang"]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("--lang needs a language"), "{}", text(&out.stderr));
}

#[test]
fn json_and_notation_are_the_same_in_every_language() {
    let commands: [&[&str]; 3] = [
        &["solve", "tictactoe", "--json"],
        &["hapis", "legal", "--position", START, "--dice", "3,5"],
        &["play", "chess", "--bot", "random"],
    ];
    for args in commands {
        let (english, turkish) = if args[0] == "play" {
            let input = "e4\npgn\nquit\n";
            (hamle_in_with_input(&[("LANG", "C")], args, input), hamle_in_with_input(&TURKISH, args, input))
        } else {
            (hamle_in(&[("LANG", "C")], args), hamle_in(&TURKISH, args))
        };
        assert!(english.status.success() && turkish.status.success(), "{args:?}: {}", text(&turkish.stderr));
        if args[0] == "play" {
            // The game's PGN, between its first tag and its result, is the same text.
            let pgn = |out: &str| {
                let from = out.find("[Event").expect("a PGN");
                let to = from + out[from..].find(" *\n").expect("the PGN's result");
                out[from..to].to_owned()
            };
            assert_eq!(pgn(&text(&english.stdout)), pgn(&text(&turkish.stdout)), "{args:?}");
        } else {
            // The same answer, but for the time it took.
            let answer = |out: &[u8]| {
                let mut value: serde_json::Value = serde_json::from_slice(out).expect("JSON");
                if let Some(map) = value.as_object_mut() {
                    map.remove("seconds");
                }
                value
            };
            assert_eq!(answer(&english.stdout), answer(&turkish.stdout), "{args:?}");
        }
    }
}

#[test]
fn every_game_s_board_and_prompt_in_the_terminal_are_turkish_under_lang_tr() {
    let games = ["tictactoe", "domineering", "grundy", "sim", "dots", "knights-tour", "queens", "chess", "2048"];
    for game in games {
        let out = hamle_in_with_input(&TURKISH, &["play", game], "moves\nquit\n");
        assert!(out.status.success(), "{game}: {}", text(&out.stderr));
        let shown = text(&out.stdout);
        assert!(shown.contains(&render(Lang::Tr, &Msg::new("play-prompt"))), "{game}: {shown}");
        // 2048's moves are its notation, as SAN is chess's: shown as they are.
        let notation: &[&str] = if game == "2048" { &["up", "right", "down", "left"] } else { &[] };
        let english = english_in(&shown, notation);
        assert!(english.is_empty(), "{game}: English in the Turkish terminal: {english:?}\n{shown}");
    }
}
