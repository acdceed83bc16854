//! The strong player of Dots and Boxes: exact search once few lines are left; before that, Berlekamp's rules of
//! thumb — take a box when it is safe to, never hand over a box while a safe line is left, steer the number of
//! long chains by the long-chain rule among the safe lines, open the smallest chain when none is left, hand a
//! chain of two over in the middle, and keep control of long chains by declining the last two boxes of a chain
//! (four of a loop).

use std::time::{Duration, Instant};

use hamle_core::{Bot, Budget, Decision, Game, Stream};

use super::rules::{Dots, box_lines, boxes_of, completes};
use super::solve::value;

/// A chain or a loop of boxes with two sides drawn, joined by their undrawn shared lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    /// Its boxes, in order along it.
    pub boxes: Vec<(usize, usize)>,
    /// Whether it closes on itself.
    pub looped: bool,
}

/// The chains and loops of a position: boxes with exactly two sides drawn, grouped by the undrawn lines they share.
pub fn chains(game: &Dots) -> Vec<Component> {
    let (rows, cols) = (game.rows(), game.cols());
    let two = |r: usize, c: usize| game.sides(r, c) == 2;
    let mut seen = vec![false; rows * cols];
    let mut out = Vec::new();
    let neighbours = |r: usize, c: usize| -> Vec<(usize, usize)> {
        box_lines(rows, cols, r, c)
            .iter()
            .filter(|&&l| game.drawn() >> l & 1 == 0)
            .flat_map(|&l| boxes_of(rows, cols, l))
            .filter(|&(rr, cc)| (rr, cc) != (r, c) && two(rr, cc))
            .collect()
    };
    for r in 0..rows {
        for c in 0..cols {
            if !two(r, c) || seen[r * cols + c] {
                continue;
            }
            // Walk to one end (or round the loop), then along.
            let mut start = (r, c);
            let mut previous = None;
            loop {
                let next = neighbours(start.0, start.1).into_iter().find(|&b| Some(b) != previous);
                match next {
                    Some(b) if b != (r, c) => {
                        previous = Some(start);
                        start = b;
                        if neighbours(b.0, b.1).len() < 2 {
                            break;
                        }
                    }
                    _ => break,
                }
            }
            let mut boxes = vec![start];
            seen[start.0 * cols + start.1] = true;
            let mut previous = None;
            let mut at = start;
            let mut looped = false;
            while let Some(b) = neighbours(at.0, at.1).into_iter().find(|&b| Some(b) != previous) {
                if b == start {
                    looped = true;
                    break;
                }
                if seen[b.0 * cols + b.1] {
                    break;
                }
                seen[b.0 * cols + b.1] = true;
                boxes.push(b);
                previous = Some(at);
                at = b;
            }
            out.push(Component { boxes, looped });
        }
    }
    out
}

/// The long chains of a position (three boxes or more, not closed into a loop): what the long-chain rule counts.
pub fn long_chains(game: &Dots) -> usize {
    chains(game).iter().filter(|p| !p.looped && p.boxes.len() >= 3).count()
}

/// Whether drawing `line` leaves a box with three sides (hands a box over).
fn hands_over(game: &Dots, line: usize) -> bool {
    boxes_of(game.rows(), game.cols(), line).into_iter().any(|(r, c)| game.sides(r, c) == 2)
}

/// The lines drawn inside a component that open it (any undrawn side of its boxes).
fn opening_line(game: &Dots, component: &Component) -> Option<usize> {
    let (rows, cols) = (game.rows(), game.cols());
    let undrawn =
        |(r, c): (usize, usize)| box_lines(rows, cols, r, c).into_iter().filter(|&l| game.drawn() >> l & 1 == 0);
    if component.boxes.len() == 2 && !component.looped {
        // A chain of two is handed over in the middle: the taker then has no choice to decline it.
        let (a, b) = (component.boxes[0], component.boxes[1]);
        if let Some(middle) = undrawn(a).find(|l| undrawn(b).any(|m| m == *l)) {
            return Some(middle);
        }
    }
    component.boxes.first().and_then(|&first| undrawn(first).next())
}

/// Whether the player to move would get the last turn, and so keep control, were `long` long chains left when
/// the safe lines run out: Berlekamp's long-chain rule, counted from the position rather than the start.
///
/// Each turn but the last ends with a line that completes no box. Of the undrawn lines, one per unclaimed box
/// completes it, less one for each line that completes two at once (a double-cross); the player in control makes
/// the opponent double-cross once for each long chain but the last. So `undrawn − boxes + long − 1` turns end
/// before the last, and the mover gets the last when that is even. From the empty board (`undrawn − boxes` is
/// the dots less one) it is the book's rule: the first player wants dots plus long chains even. Loops do not
/// count: declining a loop makes two double-crosses. With no long chain there is no double-cross to force, so
/// the count is one off and the last turn goes the other way; the book's rule keeps the same parity there, and so
/// does this, as a convention.
pub fn mover_keeps_control(undrawn: usize, boxes_left: usize, long: usize) -> bool {
    // The parity of a difference is that of the sum, which cannot underflow.
    (undrawn + boxes_left + long + 1).is_multiple_of(2)
}

/// Random playouts of safe lines [`Strong`] plays for each safe line it weighs.
const PLAYOUTS: usize = 16;

/// The strong player: exact search once at most [`Strong::exact_lines`] lines are undrawn (and the budget allows),
/// otherwise the rules of thumb above.
#[derive(Clone, Copy, Debug)]
pub struct Strong {
    /// The most undrawn lines it searches exactly (22: a table of 4 million positions, a fraction of a second).
    pub exact_lines: usize,
    /// Whether it steers the long chains' number by the long-chain rule (otherwise a safe line at random).
    pub parity: bool,
}

impl Default for Strong {
    fn default() -> Self {
        Strong { exact_lines: 22, parity: true }
    }
}

impl Strong {
    /// The move by the rules of thumb, with a word on why.
    fn rule_of_thumb(&self, game: &Dots, stream: &mut Stream) -> Option<u8> {
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        let (rows, cols) = (game.rows(), game.cols());
        let takes: Vec<u8> =
            moves.iter().copied().filter(|&l| completes(rows, cols, game.drawn(), usize::from(l)) > 0).collect();
        let safe: Vec<u8> =
            moves.iter().copied().filter(|&l| !hands_over(game, usize::from(l)) && !takes.contains(&l)).collect();
        if let Some(&take) = takes.first() {
            // Keep control: with no safe line left, decline the last two boxes of the chain being taken when what
            // is left after it is worth more than the two boxes given.
            if safe.is_empty()
                && let Some(decline) = self.decline(game, take)
            {
                return Some(decline);
            }
            return Some(take);
        }
        if self.parity && safe.len() > 1 {
            return self.steer(game, &safe, stream);
        }
        if let Some(&line) = stream.pick(&safe) {
            return Some(line);
        }
        // No safe line: open the smallest chain, a loop only when no chain is left.
        let mut parts = chains(game);
        parts.sort_by_key(|p| (p.looped, p.boxes.len()));
        parts.first().and_then(|p| opening_line(game, p)).map(|l| l as u8).or_else(|| stream.pick(&moves).copied())
    }

    /// The safe line whose random playouts (safe lines drawn at random until none is left) most often end with
    /// as many long chains as [`mover_keeps_control`] wants; ties drawn at random.
    fn steer(&self, game: &Dots, safe: &[u8], stream: &mut Stream) -> Option<u8> {
        let mover = game.to_move();
        let mut best = Vec::new();
        let mut most = 0;
        for &line in safe {
            let mut good = 0;
            for _ in 0..PLAYOUTS {
                let mut end = game.clone();
                end.play(line);
                loop {
                    let mut moves = Vec::new();
                    end.legal_moves(&mut moves);
                    moves.retain(|&l| !hands_over(&end, usize::from(l)));
                    let Some(&next) = stream.pick(&moves) else { break };
                    end.play(next);
                }
                let long = long_chains(&end);
                let undrawn = end.lines() - end.drawn().count_ones() as usize;
                let boxes_left = end.boxes() - end.score().iter().map(|&s| usize::from(s)).sum::<usize>();
                // Playouts of safe lines complete no box, so the turn is the opponent's after each line.
                let mover_now = end.to_move() == mover;
                let keeps = mover_keeps_control(undrawn, boxes_left, long);
                good += usize::from(keeps == mover_now);
            }
            if good > most {
                (most, best) = (good, vec![line]);
            } else if good == most {
                best.push(line);
            }
        }
        stream.pick(&best).copied()
    }

    /// The line that declines the last two boxes when `take` would capture the second-to-last box of a chain and
    /// what remains is worth keeping control of; `None` to take it.
    fn decline(&self, game: &Dots, take: u8) -> Option<u8> {
        let (rows, cols) = (game.rows(), game.cols());
        // The box `take` completes, and the chain box beyond it that shares its other undrawn line.
        let after = {
            let mut next = game.clone();
            next.play(take);
            next
        };
        let open_threes: Vec<(usize, usize)> =
            (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))).filter(|&(r, c)| after.sides(r, c) == 3).collect();
        // Declining applies when taking leaves exactly one box with three sides, whose neighbour along the chain has
        // two: the last two boxes.
        let [last] = open_threes.as_slice() else { return None };
        let undrawn_of = |g: &Dots, (r, c): (usize, usize)| -> Vec<usize> {
            box_lines(rows, cols, r, c).into_iter().filter(|&l| g.drawn() >> l & 1 == 0).collect()
        };
        let sides_left = undrawn_of(&after, *last);
        let &[shared] = sides_left.as_slice() else { return None };
        let beyond = boxes_of(rows, cols, shared).into_iter().find(|&b| b != *last)?;
        if after.sides(beyond.0, beyond.1) != 2 {
            return None;
        }
        let far = undrawn_of(&after, beyond).into_iter().find(|&l| l != shared)?;
        // What is left once these two boxes are gone: worth keeping control when its long chains and loops give
        // more than the two boxes declined each time (a rough count of Berlekamp's controlled value).
        let mut rest = after.clone();
        rest.play(shared as u8);
        let parts: Vec<Component> = chains(&rest).into_iter().filter(|p| !p.boxes.contains(&beyond)).collect();
        let long = parts.iter().filter(|p| p.looped || p.boxes.len() >= 3).count();
        let boxes: usize = parts.iter().map(|p| p.boxes.len()).sum();
        let cost: usize = parts
            .iter()
            .map(|p| {
                if p.looped {
                    4
                } else if p.boxes.len() >= 3 {
                    2
                } else {
                    p.boxes.len()
                }
            })
            .sum();
        (long > 0 && boxes > cost + 2).then_some(far as u8)
    }
}

impl Bot<Dots> for Strong {
    fn name(&self) -> String {
        if self.parity { "strong".into() } else { "strong(parity=off)".into() }
    }

    fn choose(&mut self, state: &Dots, budget: &Budget, stream: &mut Stream) -> Option<Decision<u8>> {
        let start = Instant::now();
        if state.turn() == hamle_core::Turn::Over {
            return None;
        }
        let undrawn = state.lines() - state.drawn().count_ones() as usize;
        // An exact search of 22 undrawn lines takes well under a quarter of a second; with less time, fewer lines.
        let time = budget.time.unwrap_or(Duration::from_secs(1));
        let exact = if time >= Duration::from_millis(500) { self.exact_lines } else { self.exact_lines.min(18) };
        if undrawn <= exact
            && budget.nodes.is_none_or(|n| n >= 1 << undrawn)
            && let Some(solved) = value(state)
        {
            let best = solved.moves.iter().map(|&(_, v)| v).max()?;
            let choices: Vec<u8> = solved.moves.iter().filter(|&&(_, v)| v == best).map(|&(l, _)| l).collect();
            let mv = *stream.pick(&choices)?;
            return Some(Decision {
                mv,
                score: f64::from(best),
                pv: vec![mv],
                depth: undrawn as u32,
                nodes: solved.nodes,
                elapsed: start.elapsed(),
            });
        }
        let mv = self.rule_of_thumb(state, stream)?;
        Some(Decision { mv, score: 0.0, pv: vec![mv], depth: 1, nodes: 1, elapsed: start.elapsed() })
    }
}
