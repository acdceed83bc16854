//! Hapis in the thesis's own words (`000`, section 4.3): the doubles by the names it gives them, and the Turkish
//! catalog's Hapis messages in its terms. The thesis's sentences are quoted here as it writes them; the
//! catalog's words are checked against them.

use hamle_core::Msg;
use hamle_l10n::{Lang, render};

/// Section 4.3: "The doubles are named …".
const DOUBLES: &str = "Çift sayılar hepyek (1-1), dubara (2-2), düse (3-3), dörtcihar (4-4), dübeş (5-5) ve düşeş (6-6) \
                       olarak adlandırılır";

/// Section 4.3, on doors, pins, the throw that cannot be played, mars, checkers and the home board (the OCR's
/// "zan" read as "zarı").
const TERMS: [(&str, &str, &str); 6] = [
    (
        "kapı",
        "hapis-blocked-door",
        "Bir oyuncunun en az iki taşının bir hanede üst üste olması durumuna \"kapı\" denir",
    ),
    ("hapis", "hapis-blocked-pinned", "o pulu \"hapis\" etmiş olur ve hapis edilen pul hareket edemez"),
    ("gele", "log-no-move-dice", "\"Gele\" denen bu durumda, gele atmış olan oyuncu attığı zarı oynayamaz"),
    ("mars", "hapis-won-mars", "rakibini \"mars etmiş\" olur ve iki sayı kazanır"),
    (
        "pul",
        "hapis-blocked-no-checker",
        "Oyunun başında, oyuncular aldıkları 15'er pulu belirli bir düzenle tahtaya dizerler",
    ),
    ("toplanma alan", "hapis-blocked-not-home", "Pullarını kendi toplanma alanlarına taşırlar"),
];

#[test]
fn each_double_has_the_name_the_thesis_gives_it_in_both_languages() {
    let named: Vec<(&str, u8)> = DOUBLES
        .split(", ")
        .flat_map(|part| part.split(" ve "))
        .filter_map(|part| {
            let (name, dice) = part.trim_start_matches("Çift sayılar ").split_once(" (")?;
            let die = dice.split('-').next()?.parse().ok()?;
            Some((name, die))
        })
        .collect();
    assert_eq!(named.len(), 6, "{named:?}");
    for (name, die) in named {
        let throw = Msg::new("hapis-throw").arg("high", die).arg("low", die).arg("double", die);
        for lang in Lang::ALL {
            assert_eq!(render(lang, &throw), format!("{die}-{die} ({name})"), "{lang:?}");
        }
    }
}

#[test]
fn the_turkish_messages_say_the_thesis_s_terms() {
    for (term, id, sentence) in TERMS {
        assert!(sentence.to_lowercase().contains(term), "the thesis says {term}: {sentence}");
        let msg = Msg::new(id).arg("point", 5).arg("who", Msg::new("side-black")).arg("side", Msg::new("side-black"));
        let said = render(Lang::Tr, &msg).to_lowercase();
        assert!(said.contains(term), "{id} says {term}: {said}");
    }
}

/// A game over, or not, from a position's points (24 strings) and its phase.
fn game_at(points: [&str; 24], off: [u8; 2], mother: bool) -> hamle_hapis::Hapis {
    // A side that has borne off all fifteen is not the one to move.
    let turn = if off[0] == 15 { "black" } else { "white" };
    let position = hamle_hapis::Position::from_json(&serde_json::json!({
        "turn": turn,
        "points": points,
        "off": { "white": off[0], "black": off[1] },
    }))
    .expect("a position");
    let phase = if position.winner().is_some() { hamle_hapis::Phase::Over } else { hamle_hapis::Phase::Roll };
    hamle_hapis::Hapis::at(position, phase, hamle_hapis::Settings { mother, ..Default::default() })
}

#[test]
fn the_endings_are_said_by_their_messages() {
    let def = hamle_hapis::definition();
    let ending = |game: &hamle_hapis::Hapis| (def.face.ending)(game);
    let mut points = [""; 24];
    points[0] = "b15";
    // White has borne off all fifteen; Black none: a mars.
    let mars = ending(&game_at(points, [15, 0], false));
    assert_eq!(render(Lang::Tr, &mars), "Beyaz mars ile kazandı: 2 puan.");
    assert_eq!(render(Lang::En, &mars), "White wins with mars: 2 points.");
    points[0] = "b14";
    let single = ending(&game_at(points, [15, 1], false));
    assert_eq!(render(Lang::Tr, &single), "Beyaz kazandı: 1 puan.");
    let mut going = [""; 24];
    going[0] = "w15";
    going[23] = "b15";
    assert_eq!(ending(&game_at(going, [0, 0], false)).id, "ending-goes-on");
}

#[test]
fn a_throw_is_said_with_a_double_s_name_and_the_opening_throw_side_by_side() {
    let def = hamle_hapis::definition();
    let say = def.face.chance_msg.expect("Hapis names its throws");
    assert_eq!(render(Lang::En, &say("6-6")), "6-6 (düşeş)");
    assert_eq!(render(Lang::Tr, &say("1-1")), "1-1 (hepyek)");
    assert_eq!(render(Lang::En, &say("5-3")), "5-3");
    assert_eq!(render(Lang::Tr, &say("white 5, black 3")), "beyaz 5, siyah 3");
    assert_eq!(render(Lang::En, &say("white 5, black 3")), "white 5, black 3");
    // Words that are not a throw are shown as they are.
    assert_eq!(render(Lang::Tr, &say("7-1")), "7-1");
    assert_eq!(render(Lang::Tr, &say("dice")), "dice");
}

#[test]
fn the_terminal_board_says_its_words_in_the_language_asked() {
    let mut points = [""; 24];
    points[0] = "w15";
    points[23] = "b15";
    let game = game_at(points, [0, 0], false);
    let turkish = game.board_text(Lang::Tr);
    assert!(turkish.starts_with("beyaz    13"), "{turkish}");
    assert!(turkish.contains("\nsiyah    12"), "{turkish}");
    assert!(turkish.contains("toplanan: beyaz 0, siyah 0"), "{turkish}");
    assert!(turkish.ends_with("zar atma sırası: beyaz"), "{turkish}");
    assert_eq!(game.board_text(Lang::En), game.to_string(), "English is the board's plain text");
    let drawn = hamle_hapis::definition().face.text.expect("the terminal draws Hapis in its language");
    assert_eq!(drawn(&game, 1, "tr"), turkish, "the face draws the board in the language asked");
    assert_eq!(drawn(&game, 0, "xx"), game.to_string(), "and in English when it does not speak it");
    assert!(game.to_string().ends_with("white to throw"));
}

#[test]
fn a_refused_step_says_why_in_turkish() {
    use hamle_hapis::{Blocked, EntryError};
    let door = EntryError::NoDie { from: 1, to: Some(6), why: Blocked::Door(6) };
    assert_eq!(render(Lang::En, &door.msg()), door.to_string(), "English is the error's own text");
    assert_eq!(
        render(Lang::Tr, &door.msg()),
        "1/6 oynanamaz: 6. hane rakibin kapısı: orada iki ya da daha çok rakip pul, ya da hapis bir pulun üstünde rakip pul var"
    );
    let cases = [
        EntryError::NoPlay,
        EntryError::Complete,
        EntryError::NoDie { from: 3, to: None, why: Blocked::NotHome },
        EntryError::NoDie { from: 3, to: Some(4), why: Blocked::NoChecker(3) },
        EntryError::NoDie { from: 3, to: Some(4), why: Blocked::Pinned(3) },
        EntryError::NoDie { from: 3, to: Some(2), why: Blocked::Backwards },
        EntryError::NoDie { from: 3, to: Some(9), why: Blocked::NoSuchDie { distance: 6, left: "5, 2".into() } },
        EntryError::NoDie { from: 20, to: None, why: Blocked::NotFarthest(19) },
    ];
    let mut seen = std::collections::BTreeSet::new();
    for error in cases {
        assert_eq!(render(Lang::En, &error.msg()), error.to_string(), "{error:?}");
        let turkish = render(Lang::Tr, &error.msg());
        assert_ne!(turkish, error.to_string(), "{error:?}");
        assert!(seen.insert(turkish), "each says its own");
    }
}

/// A game under the mother rule, `turn` to throw, from its points.
fn mother_game(turn: &str, points: [&str; 24]) -> hamle_hapis::Hapis {
    let position = hamle_hapis::Position::from_json(&serde_json::json!({
        "turn": turn,
        "points": points,
        "off": { "white": 0, "black": 0 },
    }))
    .expect("a position");
    hamle_hapis::Hapis::at(
        position,
        hamle_hapis::Phase::Roll,
        hamle_hapis::Settings { mother: true, ..Default::default() },
    )
}

#[test]
fn the_mother_rule_s_endings_name_their_winner_or_the_tie() {
    let def = hamle_hapis::definition();
    let said = |game: &hamle_hapis::Hapis| render(Lang::Tr, &(def.face.ending)(game));
    // Black's checker on White's mother (White's point 1): Black wins by the rule; and the mirror for White.
    let mut black_wins = [""; 24];
    (black_wins[0], black_wins[4], black_wins[19]) = ("b1/w", "b14", "w14");
    assert_eq!(said(&mother_game("white", black_wins)), "Siyah ana pul kuralıyla kazandı: 2 puan.");
    let mut white_wins = [""; 24];
    (white_wins[23], white_wins[19], white_wins[4]) = ("w1/b", "w14", "b14");
    assert_eq!(said(&mother_game("black", white_wins)), "Beyaz ana pul kuralıyla kazandı: 2 puan.");
    let mut both = [""; 24];
    (both[0], both[23], both[4], both[19]) = ("b1/w", "w1/b", "b13", "w13");
    assert_eq!(said(&mother_game("white", both)), "İki ana pul da hapis: berabere.");
}

#[test]
fn resigning_before_the_opening_throw_is_refused_in_words() {
    let def = hamle_hapis::definition();
    let start = hamle_hapis::Hapis::new(hamle_hapis::Settings::default());
    let why = (def.face.no_resign)(&start).expect("no resigning before the game begins");
    assert_eq!(render(Lang::Tr, &why), "oyun başlamadı: önce başlamak için zar atın");
    let mut going = [""; 24];
    (going[0], going[23]) = ("w15", "b15");
    assert!((def.face.no_resign)(&game_at(going, [0, 0], false)).is_none(), "once begun, a side may resign");
}
