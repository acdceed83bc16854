//! `hamle play 2048`: arrow keys (or wasd, hjkl) in a terminal, coloured tiles; `--auto BOT` watches a bot.
//! Without a terminal (a pipe, a test) it reads one move per line and draws plain boards.

use std::io::{BufRead, IsTerminal, Write};
use std::time::Duration;

use anyhow::{Context, Result};
use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::style::{Color, Print, ResetColor, SetBackgroundColor, SetForegroundColor};
use crossterm::{cursor, queue, terminal};
use hamle_2048::{Direction, G2048, parse_direction};
use std::sync::LazyLock;

use hamle_arena::{Action, Live, Match, Seat, Setup as Setup2048, Spec};
use hamle_core::{Budget, GameDef};

/// A game to play: its start, its seed, and the bot to watch (if any).
pub struct Setup {
    /// The game spec (`2048`, `2048(spawn=report)`).
    pub game: Spec,
    /// The bot that plays, for `--auto`.
    pub auto: Option<Spec>,
    /// The seed of the new tiles.
    pub seed: u64,
    /// Pause between a watched bot's moves.
    pub delay: Duration,
    /// The bot's search limits.
    pub budget: Budget,
}

/// 2048's definition, for the play layer (which keeps a reference to it for the whole game).
static DEF: LazyLock<GameDef<G2048>> = LazyLock::new(hamle_2048::definition);

/// The game in progress, played through the arena's play layer (tiles from the seed, the bot as its helper).
struct Play {
    game: Match<G2048>,
    watching: bool,
    seed: u64,
}

impl Play {
    fn new(setup: &Setup) -> Result<Play> {
        let play =
            Setup2048 { game: setup.game.clone(), seats: vec![Seat::Person], helper: setup.auto.clone(), length: None };
        let game = Match::new(&DEF, play, setup.seed, setup.budget)?;
        Ok(Play { game, watching: setup.auto.is_some(), seed: setup.seed })
    }

    /// Makes the move, then draws the new tile; an illegal move changes nothing and says why.
    fn step(&mut self, direction: Direction) -> Result<(), String> {
        self.game.act(0, Action::Move { mv: direction.name().to_owned() }).map(|_| ()).map_err(|e| e.to_string())
    }

    /// The bot's move, made; `None` when the game is over or no bot plays.
    fn bot_step(&mut self) -> Option<Direction> {
        if !self.watching {
            return None;
        }
        let record = self.game.act(0, Action::Bot).ok()?;
        match record.action {
            Action::Move { mv } => parse_direction(&mv).ok(),
            _ => None,
        }
    }

    fn summary(&self) -> String {
        format!(
            "Game over: score {}, largest tile {}, {} moves (seed {}).",
            self.game.state().score(),
            1u64 << self.game.state().top_exponent(),
            self.game.state().moves(),
            self.seed
        )
    }
}

/// Plays in the terminal when there is one, else line by line on standard input and output.
pub fn run(setup: &Setup) -> Result<()> {
    let mut play = Play::new(setup)?;
    if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
        run_terminal(&mut play, setup.delay)
    } else {
        let stdin = std::io::stdin();
        run_lines(&mut play, &mut stdin.lock(), &mut std::io::stdout())
    }
}

const LINE_HELP: &str = "Type a move (left, up, right, down, or l u r d, or a w d s) and Enter; 'quit' leaves.";

/// Plain play: one move per input line (or the bot's moves to the end), boards as text.
fn run_lines(play: &mut Play, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<()> {
    if play.watching {
        while play.bot_step().is_some() {}
        writeln!(out, "{}\n{}", play.game.state(), play.summary())?;
        return Ok(());
    }
    writeln!(out, "{LINE_HELP}")?;
    let mut line = String::new();
    loop {
        writeln!(out, "\n{}", play.game.state())?;
        if !play.game.state().awaits_move() {
            writeln!(out, "{}", play.summary())?;
            return Ok(());
        }
        write!(out, "Your move: ")?;
        out.flush()?;
        line.clear();
        if input.read_line(&mut line)? == 0 {
            writeln!(out, "\nBye: the game is left unfinished (score {}).", play.game.state().score())?;
            return Ok(());
        }
        match line.trim() {
            "" => {}
            "quit" | "exit" | "q" => {
                writeln!(out, "Bye: the game is left unfinished (score {}).", play.game.state().score())?;
                return Ok(());
            }
            text => match parse_direction(text) {
                Ok(d) => {
                    if let Err(why) = play.step(d) {
                        writeln!(out, "Not a move: {why}.")?;
                    }
                }
                Err(e) => writeln!(out, "{e}")?,
            },
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

/// The move a key stands for, or `None`; `Err(())` for the keys that quit.
fn key_move(key: KeyEvent) -> Option<Result<Direction, ()>> {
    if key.kind != KeyEventKind::Press {
        return None;
    }
    match key.code {
        KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => Some(Err(())),
        KeyCode::Char('q') | KeyCode::Esc => Some(Err(())),
        KeyCode::Left | KeyCode::Char('a') | KeyCode::Char('h') => Some(Ok(Direction::Left)),
        KeyCode::Up | KeyCode::Char('w') | KeyCode::Char('k') => Some(Ok(Direction::Up)),
        KeyCode::Right | KeyCode::Char('d') | KeyCode::Char('l') => Some(Ok(Direction::Right)),
        KeyCode::Down | KeyCode::Char('s') | KeyCode::Char('j') => Some(Ok(Direction::Down)),
        _ => None,
    }
}

fn run_terminal(play: &mut Play, delay: Duration) -> Result<()> {
    let raw = RawMode::enter()?;
    let mut status = if play.watching {
        "Watching the bot: q quits.".to_owned()
    } else {
        "Arrow keys, wasd or hjkl move; q quits.".to_owned()
    };
    let left_early = loop {
        draw(play, &status)?;
        if !play.game.state().awaits_move() {
            break false;
        }
        if play.watching {
            if event::poll(delay)?
                && let Event::Key(key) = event::read()?
                && matches!(key_move(key), Some(Err(())))
            {
                break true;
            }
            if let Some(d) = play.bot_step() {
                status = format!("The bot played {}. q quits.", d.name());
            }
            continue;
        }
        if let Event::Key(key) = event::read()? {
            match key_move(key) {
                Some(Err(())) => break true,
                Some(Ok(d)) => {
                    status = match play.step(d) {
                        Ok(()) => format!("You played {}.", d.name()),
                        Err(why) => format!("Not a move: {why}."),
                    }
                }
                None => {}
            }
        }
    };
    drop(raw);
    println!("{}", play.game.state());
    if left_early {
        println!("Left unfinished at score {} (seed {}).", play.game.state().score(), play.seed);
    } else {
        println!("{}", play.summary());
    }
    Ok(())
}

/// The tile's colours (background, text) on a 256-colour terminal, warm to hot as in the original game.
fn colours(exponent: u8) -> (Color, Color) {
    let dark = Color::AnsiValue(235);
    let light = Color::AnsiValue(231);
    match exponent {
        0 => (Color::AnsiValue(250), dark),
        1 => (Color::AnsiValue(255), dark),
        2 => (Color::AnsiValue(230), dark),
        3 => (Color::AnsiValue(215), light),
        4 => (Color::AnsiValue(209), light),
        5 => (Color::AnsiValue(203), light),
        6 => (Color::AnsiValue(196), light),
        7 => (Color::AnsiValue(228), dark),
        8 => (Color::AnsiValue(227), dark),
        9 => (Color::AnsiValue(221), dark),
        10 => (Color::AnsiValue(220), dark),
        11 => (Color::AnsiValue(214), dark),
        12 => (Color::AnsiValue(99), light),
        13 => (Color::AnsiValue(63), light),
        14 => (Color::AnsiValue(27), light),
        _ => (Color::AnsiValue(16), light),
    }
}

fn draw(play: &Play, status: &str) -> Result<()> {
    const WIDTH: usize = 8;
    let mut out = std::io::stdout();
    queue!(out, cursor::MoveTo(0, 0), terminal::Clear(terminal::ClearType::All))?;
    queue!(
        out,
        Print(format!(
            "hamle 2048   score {}   moves {}   seed {}\r\n\r\n",
            play.game.state().score(),
            play.game.state().moves(),
            play.seed
        ))
    )?;
    for row in play.game.state().board().exponents() {
        for line in 0..3 {
            queue!(out, Print("  "))?;
            for &e in &row {
                let (back, fore) = colours(e);
                let text = if line == 1 && e > 0 { (1u32 << e).to_string() } else { String::new() };
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

    fn setup(auto: Option<&str>) -> Setup {
        Setup {
            game: Spec::named("2048"),
            auto: auto.map(|a| a.parse().expect("a bot spec")),
            seed: 3,
            delay: Duration::ZERO,
            budget: Budget::UNLIMITED,
        }
    }

    #[test]
    fn line_play_refuses_a_bad_move_and_keeps_the_game() {
        let mut play = Play::new(&setup(None)).expect("a game");
        let before = play.game.state().clone();
        let mut out = Vec::new();
        run_lines(&mut play, &mut "sideways\nquit\n".as_bytes(), &mut out).expect("runs");
        let text = String::from_utf8(out).expect("utf-8");
        assert!(text.contains("'sideways' is not a move"), "{text}");
        assert_eq!(*play.game.state(), before);
    }

    #[test]
    fn a_watched_bot_plays_to_the_end() {
        let mut play = Play::new(&setup(Some("expectimax(depth=1)"))).expect("a game");
        let mut out = Vec::new();
        run_lines(&mut play, &mut "".as_bytes(), &mut out).expect("runs");
        let text = String::from_utf8(out).expect("utf-8");
        assert!(text.contains("Game over: score"), "{text}");
        assert!(!play.game.state().awaits_move());
    }
}
