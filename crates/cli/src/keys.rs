//! `hamle play` for a one-player game played by the arrow keys (its face names the moves they make, as 2048's
//! does): arrow keys (or wasd, hjkl) in a terminal with the board's tiles coloured; `--auto BOT` watches a bot.
//! Without a terminal (a pipe, a test) it reads one move per line and draws the game's text board.

use std::io::{BufRead, IsTerminal, Write};
use std::time::Duration;

use anyhow::{Context, Result};
use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::style::{Color, Print, ResetColor, SetBackgroundColor, SetForegroundColor};
use crossterm::{cursor, queue, terminal};
use hamle_arena::{Action, GameKind, Live, Seat, Setup as LiveSetup, Spec};
use hamle_core::{Budget, Msg};
use hamle_l10n::render;
use serde_json::Value;

/// A game to play: its start, its seed, and the bot to watch (if any).
pub struct Setup {
    /// The game spec (`2048`, `2048(spawn=report)`).
    pub game: Spec,
    /// The bot that plays, for `--auto`.
    pub auto: Option<Spec>,
    /// The seed of the game's chance.
    pub seed: u64,
    /// Pause between a watched bot's moves.
    pub delay: Duration,
    /// The bot's search limits.
    pub budget: Budget,
}

/// The game in progress, played through the arena's play layer (chance from the seed, the bot as its helper).
struct Play {
    live: Box<dyn Live>,
    /// The moves of the keys up, right, down and left.
    arrows: [&'static str; 4],
    watching: bool,
    seed: u64,
}

impl Play {
    fn new(kind: &'static dyn GameKind, arrows: [&'static str; 4], setup: &Setup) -> Result<Play> {
        let seats = vec![Seat::Person];
        let start = LiveSetup { game: setup.game.clone(), seats, helper: setup.auto.clone(), length: None };
        let live = kind.start(start, setup.seed, setup.budget)?;
        Ok(Play { live, arrows, watching: setup.auto.is_some(), seed: setup.seed })
    }

    /// Makes the move, then lets chance answer; a move that does not read or is not legal changes nothing and
    /// says why.
    fn step(&mut self, mv: &str) -> Result<(), String> {
        self.live.act(0, Action::Move { mv: mv.to_owned() }).map(|_| ()).map_err(|e| render(crate::lang(), e.msg()))
    }

    /// The watched bot's move, made; `None` when the game is over (the play layer refuses a move then).
    fn bot_step(&mut self) -> Option<String> {
        match self.live.act(0, Action::Bot).ok()?.action {
            Action::Move { mv } => Some(mv),
            _ => None,
        }
    }

    fn view(&self) -> Value {
        self.live.view()
    }

    /// The score the view shows, or 0.
    fn score(&self) -> u64 {
        self.view()["board"]["score"].as_u64().unwrap_or(0)
    }

    fn summary(&self) -> String {
        let view = self.view();
        let ending = match serde_json::from_value::<Msg>(view["ending"]["msg"].clone()) {
            Ok(msg) => msg,
            Err(_) => Msg::new("ending-over"),
        };
        let moves = view["board"]["moves"].as_u64().unwrap_or(0);
        say(Msg::new("keys-summary").arg("ending", ending).arg("moves", moves).arg("seed", self.seed.to_string()))
    }
}

/// `msg` in the terminal's language.
fn say(msg: Msg) -> String {
    render(crate::lang(), &msg)
}

/// Plays in the terminal when there is one, else line by line on standard input and output.
pub fn run(kind: &'static dyn GameKind, arrows: [&'static str; 4], setup: &Setup) -> Result<()> {
    let mut play = Play::new(kind, arrows, setup)?;
    if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
        run_terminal(&mut play, setup.delay)
    } else {
        let stdin = std::io::stdin();
        run_lines(&mut play, &mut stdin.lock(), &mut std::io::stdout())
    }
}

/// Plain play: one move per input line (or the bot's moves to the end), boards as text.
fn run_lines(play: &mut Play, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<()> {
    if play.watching {
        while play.bot_step().is_some() {}
        writeln!(out, "{}\n{}", play.live.board(0, crate::lang()), play.summary())?;
        return Ok(());
    }
    writeln!(out, "{}", say(Msg::new("keys-type").arg("moves", play.arrows.join(", "))))?;
    let mut line = String::new();
    loop {
        writeln!(out, "\n{}", play.live.board(0, crate::lang()))?;
        if play.live.over() {
            writeln!(out, "{}", play.summary())?;
            return Ok(());
        }
        // A catalog's message ends at its last word: the prompt's space is the terminal's.
        write!(out, "{} ", say(Msg::new("play-prompt")))?;
        out.flush()?;
        line.clear();
        if input.read_line(&mut line)? == 0 {
            writeln!(out, "\n{}", say(Msg::new("keys-bye").arg("score", play.score())))?;
            return Ok(());
        }
        match line.trim() {
            "" => {}
            "quit" | "exit" | "q" => {
                writeln!(out, "{}", say(Msg::new("keys-bye").arg("score", play.score())))?;
                return Ok(());
            }
            text => {
                if let Err(why) = play.step(text) {
                    writeln!(out, "{why}")?;
                }
            }
        }
    }
}

/// Puts the terminal back as it was, however the game ends.
struct RawMode;

impl RawMode {
    fn enter() -> Result<RawMode> {
        terminal::enable_raw_mode().context("switching the terminal to raw mode")?;
        let mut out = std::io::stdout();
        queue!(out, terminal::EnterAlternateScreen, cursor::Hide)?;
        out.flush()?;
        Ok(RawMode)
    }
}

impl Drop for RawMode {
    fn drop(&mut self) {
        let mut out = std::io::stdout();
        // Nothing useful can be done if restoring the terminal fails while leaving.
        let _ = queue!(out, cursor::Show, terminal::LeaveAlternateScreen);
        let _ = out.flush();
        let _ = terminal::disable_raw_mode();
    }
}

/// Which arrow a key stands for (0 up, 1 right, 2 down, 3 left), or `None`; `Err(())` for the keys that quit.
fn key_arrow(key: KeyEvent) -> Option<Result<usize, ()>> {
    if key.kind != KeyEventKind::Press {
        return None;
    }
    if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
        return Some(Err(()));
    }
    match key.code {
        KeyCode::Char('q') | KeyCode::Esc => Some(Err(())),
        KeyCode::Up | KeyCode::Char('w') | KeyCode::Char('k') => Some(Ok(0)),
        KeyCode::Right | KeyCode::Char('d') | KeyCode::Char('l') => Some(Ok(1)),
        KeyCode::Down | KeyCode::Char('s') | KeyCode::Char('j') => Some(Ok(2)),
        KeyCode::Left | KeyCode::Char('a') | KeyCode::Char('h') => Some(Ok(3)),
        _ => None,
    }
}

fn run_terminal(play: &mut Play, delay: Duration) -> Result<()> {
    let raw = RawMode::enter()?;
    let mut status = say(Msg::new(if play.watching { "keys-watching" } else { "keys-arrows" }));
    let left_early = loop {
        draw(play, &status)?;
        if play.live.over() {
            break false;
        }
        if play.watching {
            if event::poll(delay)?
                && let Event::Key(key) = event::read()?
                && matches!(key_arrow(key), Some(Err(())))
            {
                break true;
            }
            if let Some(mv) = play.bot_step() {
                status = say(Msg::new("keys-bot-played").arg("move", mv));
            }
            continue;
        }
        if let Event::Key(key) = event::read()? {
            match key_arrow(key) {
                Some(Err(())) => break true,
                Some(Ok(arrow)) => {
                    let mv = play.arrows[arrow];
                    status = match play.step(mv) {
                        Ok(()) => say(Msg::new("keys-you-played").arg("move", mv)),
                        Err(why) => say(Msg::new("keys-not-a-move").arg("why", why)),
                    }
                }
                None => {}
            }
        }
    };
    drop(raw);
    println!("{}", play.live.board(0, crate::lang()));
    if left_early {
        println!("{}", say(Msg::new("keys-left").arg("score", play.score()).arg("seed", play.seed.to_string())));
    } else {
        println!("{}", play.summary());
    }
    Ok(())
}

/// A tile's colours (background, text) on a 256-colour terminal, warm to hot as the tiles grow, by the number's
/// bit length (2048's tiles are powers of two).
fn colours(value: u64) -> (Color, Color) {
    let dark = Color::AnsiValue(235);
    let light = Color::AnsiValue(231);
    match 64 - value.leading_zeros() {
        0 => (Color::AnsiValue(250), dark),
        1 | 2 => (Color::AnsiValue(255), dark),
        3 => (Color::AnsiValue(230), dark),
        4 => (Color::AnsiValue(215), light),
        5 => (Color::AnsiValue(209), light),
        6 => (Color::AnsiValue(203), light),
        7 => (Color::AnsiValue(196), light),
        8 => (Color::AnsiValue(228), dark),
        9 => (Color::AnsiValue(227), dark),
        10 => (Color::AnsiValue(221), dark),
        11 => (Color::AnsiValue(220), dark),
        12 => (Color::AnsiValue(214), dark),
        13 => (Color::AnsiValue(99), light),
        14 => (Color::AnsiValue(63), light),
        15 => (Color::AnsiValue(27), light),
        _ => (Color::AnsiValue(16), light),
    }
}

fn draw(play: &Play, status: &str) -> Result<()> {
    const WIDTH: usize = 8;
    let view = play.view();
    let board = &view["board"];
    let mut out = std::io::stdout();
    queue!(out, cursor::MoveTo(0, 0), terminal::Clear(terminal::ClearType::All))?;
    queue!(
        out,
        Print(format!(
            "hamle   {}\r\n\r\n",
            say(Msg::new("keys-header")
                .arg("score", board["score"].as_u64().unwrap_or(0))
                .arg("moves", board["moves"].as_u64().unwrap_or(0))
                .arg("seed", play.seed.to_string()))
        ))
    )?;
    for row in board["board"].as_array().into_iter().flatten() {
        for line in 0..3 {
            queue!(out, Print("  "))?;
            for value in row.as_array().into_iter().flatten().map(|v| v.as_u64().unwrap_or(0)) {
                let (back, fore) = colours(value);
                let text = if line == 1 && value > 0 { value.to_string() } else { String::new() };
                queue!(out, SetBackgroundColor(back), SetForegroundColor(fore), Print(format!("{text:^WIDTH$}")))?;
                queue!(out, ResetColor, Print(" "))?;
            }
            queue!(out, Print("\r\n"))?;
        }
        queue!(out, Print("\r\n"))?;
    }
    queue!(out, Print(format!("{status}\r\n")))?;
    out.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(auto: Option<&str>) -> Play {
        let kind = hamle_arena::games::registry().game("2048").expect("2048");
        let arrows = kind.arrows().expect("2048 is played by the arrows");
        let setup = Setup {
            game: Spec::named("2048"),
            auto: auto.map(|a| a.parse().expect("a bot spec")),
            seed: 3,
            delay: Duration::ZERO,
            budget: Budget::UNLIMITED,
        };
        Play::new(kind, arrows, &setup).expect("a game")
    }

    #[test]
    fn line_play_refuses_a_bad_move_and_keeps_the_game() {
        let mut play = play(None);
        let before = play.view();
        let mut out = Vec::new();
        run_lines(&mut play, &mut "sideways\nquit\n".as_bytes(), &mut out).expect("runs");
        let text = String::from_utf8(out).expect("utf-8");
        assert!(text.contains("'sideways' is not a move"), "{text}");
        assert!(text.contains("Type a move (up, right, down, left)"), "{text}");
        assert_eq!(play.view(), before);
    }

    #[test]
    fn a_move_typed_is_made_and_the_score_read_from_the_view() {
        let mut play = play(None);
        let moves = |p: &Play| p.view()["board"]["moves"].as_u64();
        assert_eq!(moves(&play), Some(0));
        let legal = play.arrows.into_iter().find(|mv| play.step(mv).is_ok()).expect("a legal first move");
        assert!(play.arrows.contains(&legal));
        assert_eq!(moves(&play), Some(1));
        // Moves round the arrows until two tiles merge and score.
        for k in 0..200 {
            if play.score() > 0 || play.live.over() {
                break;
            }
            let _ = play.step(play.arrows[k % 4]);
        }
        assert!(play.score() > 0, "a merge within 200 tries");
        assert_eq!(play.score(), play.view()["board"]["score"].as_u64().expect("a score"));
    }

    #[test]
    fn a_watched_bot_plays_to_the_end() {
        let mut play = play(Some("expectimax(depth=1)"));
        let mut out = Vec::new();
        run_lines(&mut play, &mut "".as_bytes(), &mut out).expect("runs");
        let text = String::from_utf8(out).expect("utf-8");
        assert!(text.contains("Game over: score"), "{text}");
        assert!(text.contains("moves (seed 3)."), "{text}");
        assert!(play.live.over());
    }

    #[test]
    fn each_key_stands_for_its_arrow_and_q_quits() {
        let key = |code| KeyEvent::new(code, KeyModifiers::NONE);
        assert_eq!(key_arrow(key(KeyCode::Up)), Some(Ok(0)));
        assert_eq!(key_arrow(key(KeyCode::Char('d'))), Some(Ok(1)));
        assert_eq!(key_arrow(key(KeyCode::Char('j'))), Some(Ok(2)));
        assert_eq!(key_arrow(key(KeyCode::Left)), Some(Ok(3)));
        assert_eq!(key_arrow(key(KeyCode::Char('q'))), Some(Err(())));
        assert_eq!(key_arrow(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)), Some(Err(())));
        assert_eq!(key_arrow(key(KeyCode::Char('c'))), None, "c alone is no key of the game");
        assert_eq!(key_arrow(KeyEvent::new(KeyCode::Up, KeyModifiers::CONTROL)), Some(Ok(0)), "only Ctrl-C quits");
        assert_eq!(key_arrow(key(KeyCode::Char('x'))), None);
    }

    #[test]
    fn tiles_grow_warmer_by_their_size() {
        assert_eq!(colours(0).0, Color::AnsiValue(250));
        assert_eq!(colours(2).0, Color::AnsiValue(255));
        assert_eq!(colours(2048).0, Color::AnsiValue(214));
        assert_ne!(colours(4096).0, colours(2048).0);
    }
}
