//! `hamle train hapis`: TD(λ) self-play training of the Hapis network ([`hamle_hapis::train`]), with checkpoints
//! and a training curve (the network's score against `thesis` and `heuristic`, measured by matches). The command
//! is the arena's, joined to Hapis's own commands on its registry line, since its measuring matches are the
//! arena's.

use std::sync::Arc;

use anyhow::{Context, bail};
use hamle_core::Bot;
use hamle_core::command::{Arg, Call, Command, Failure};
use hamle_core::curve::Point;
use hamle_core::training::{self, Training};
use hamle_hapis::bots::neural::Inputs;
use hamle_hapis::bots::{Heuristic, Level, Net, Thesis};
use hamle_hapis::train::{CURVE, TdConfig, Trainer};
use hamle_hapis::{Hapis, Settings};

use crate::matches::run_match;
use crate::{MatchOptions, MatchReport};

/// Hapis's commands as the registry gives them: its crate's own (`hamle hapis legal|hint|perft`), training
/// and the terminal's match ([`super::hapis_play`]).
pub const COMMANDS: &[Command] = &[
    hamle_hapis::commands::LEGAL,
    hamle_hapis::commands::HINT,
    hamle_hapis::commands::PERFT,
    TRAIN,
    super::hapis_play::PLAY,
];

/// `hamle train hapis`.
const TRAIN: Command = Command {
    verb: "train",
    about: "Train Hapis's network by TD(λ) self-play, with checkpoints and a training curve against thesis and \
            heuristic (`<out>.curve.csv`, `.svg`).",
    args: &[
        Training::GAMES,
        Training::OUT,
        Training::RESUME,
        Training::SEED,
        Arg::value("hidden", "N", "Hidden units of a new network (default 128, as the shipped one)."),
        Arg::value(
            "inputs",
            "SET",
            "What a new network reads: board (the board and a few counts, as the shipped one) or rich (also \
             blockades, escapes, contact).",
        ),
        Arg::value("alpha", "α", "Step size α.").or("0.1"),
        Arg::value("lambda", "λ", "Trace decay λ, in 0..=1.").or("0.7"),
        Arg::value(
            "target-plies",
            "N",
            "Plies searched for each target: 1 the network's estimate of the next position (Tesauro's TD), 2 \
             `expert`'s search of it (a target from a search, after TD-Leaf; about twenty times slower).",
        )
        .or("1"),
        Training::CHECKPOINT,
        Training::EVAL_EVERY,
        Arg::value("eval-games", "N", "Games of each measuring match (against thesis, against heuristic).").or("200"),
    ],
    top: false,
    run: |call| train(call),
    merge: None,
};

/// What `hamle train hapis` was asked beyond what every training run takes.
struct TrainArgs {
    run: Training,
    hidden: Option<u32>,
    inputs: Option<Inputs>,
    alpha: f32,
    lambda: f32,
    target_plies: u32,
    eval_games: u64,
}

impl TrainArgs {
    fn read(call: &Call<'_>) -> Result<TrainArgs, Failure> {
        Ok(TrainArgs {
            run: Training::read(call)?,
            hidden: call.number_in("hidden", 1..=1024)?,
            inputs: call.get("inputs")?,
            alpha: call.required("alpha")?,
            lambda: call.required("lambda")?,
            target_plies: call.number_in("target-plies", 1..=2)?.unwrap_or(1),
            eval_games: call.number_in("eval-games", 2..=u64::MAX)?.unwrap_or(200),
        })
    }
}

/// Trains Hapis's network as `hamle train hapis` was asked.
fn train(call: &mut Call<'_>) -> Result<(), Failure> {
    let args = &TrainArgs::read(call)?;
    let host = call.host;
    if !((0.0..=1.0).contains(&args.lambda) && args.alpha > 0.0 && args.alpha.is_finite()) {
        bail!("--lambda must be in 0..=1 and --alpha a positive number");
    }
    let net = match &args.run.resume {
        Some(_) if args.hidden.is_some() || args.inputs.is_some() => {
            bail!("--hidden and --inputs set up a new network; a resumed one keeps its own")
        }
        Some(path) => {
            let bytes = host.read_file(path)?;
            let mut net = Net::from_bytes(&bytes).with_context(|| format!("reading {}", path.display()))?;
            if let Some(seed) = args.run.seed {
                net.seed = seed;
            }
            net
        }
        None => Net::with_inputs(
            args.inputs.unwrap_or_default(),
            args.hidden.unwrap_or(128) as usize,
            args.run.seed.unwrap_or(1),
        ),
    };
    let (csv, svg) = (training::beside(&args.run.out, "csv"), training::beside(&args.run.out, "svg"));
    let first_game = net.games;
    let mut curve = training::resumed_curve(host, args.run.resume.as_deref(), first_game, &CURVE)?;
    let Some(end) = first_game.checked_add(args.run.games) else {
        bail!("--games {} after the {first_game} already trained is too many", args.run.games);
    };
    host.note(&format!(
        "training {} hidden units from game {first_game} to {end}, {} inputs, seed {}, α {}, λ {}, targets {} ply",
        net.hidden(),
        net.inputs().name(),
        net.seed,
        args.alpha,
        args.lambda,
        args.target_plies
    ));
    let config = TdConfig { alpha: args.alpha, lambda: args.lambda, plies: args.target_plies };
    let mut trainer = Trainer::new(net, config);
    let bar = call.bar(Some(args.run.games), "train hapis");
    if curve.points.is_empty() && args.run.eval_every > 0 {
        curve.points.push(measure(&trainer, args.eval_games)?);
        host.write_curve(&curve, &csv, &svg)?;
    }
    while trainer.net().games < end {
        trainer.play_game();
        bar.inc(1);
        let games = trainer.net().games;
        if !trainer.net().is_finite() {
            bail!(
                "training diverged at game {games} (a weight is no longer a number): try a smaller --alpha; the last checkpoint in {} is intact",
                args.run.out.display()
            );
        }
        if games.is_multiple_of(args.run.checkpoint) || games == end {
            host.write_file(&args.run.out, &trainer.net().to_bytes())?;
        }
        if args.run.eval_every > 0 && games.is_multiple_of(args.run.eval_every) {
            let point = measure(&trainer, args.eval_games)?;
            if let [thesis, _, heuristic, _] = point.values[..] {
                bar.set_message(format!("vs thesis {:.0} %, vs heuristic {:.0} %", 100.0 * thesis, 100.0 * heuristic));
            }
            curve.points.push(point);
            host.write_curve(&curve, &csv, &svg)?;
        }
    }
    bar.finish();
    host.write_file(&args.run.out, &trainer.net().to_bytes())?;
    host.note(&format!("weights written to {}", args.run.out.display()));
    if args.run.eval_every > 0 {
        host.write_curve(&curve, &csv, &svg)?;
        host.note(&format!("training curve written to {} and {}", csv.display(), svg.display()));
    }
    Ok(())
}

/// The network now, 1-ply, against `thesis` and `heuristic`: `games` games each, the same seed every time; a point
/// of the [`CURVE`] (the share won and the points a game against each).
fn measure(trainer: &Trainer, games: u64) -> Result<Point, Failure> {
    let net: Arc<Net> = trainer.snapshot();
    let start = Hapis::new(Settings::default());
    let options = MatchOptions { games: usize::try_from(games)?, seed: 1, ..MatchOptions::default() };
    let neural = || -> Box<dyn Bot<Hapis>> { Box::new(Level::Advanced.player(net.clone())) };
    let share = |r: &MatchReport| [r.a.wins as f64 / games as f64, r.a.points_per_game];
    let thesis = run_match("hapis", &|_| start, &neural, &|| Box::new(Thesis), &options);
    let heuristic = run_match("hapis", &|_| start, &neural, &|| Box::new(Heuristic::default()), &options);
    Ok(Point { games: trainer.net().games, values: [share(&thesis), share(&heuristic)].concat() })
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_registry_gives_hapis_every_command_of_its_crate_and_training() {
        let own: Vec<&str> = hamle_hapis::definition().commands.iter().map(|c| c.verb).collect();
        let registry = crate::games::registry();
        let given: Vec<&str> = registry.game("hapis").expect("hapis").commands().iter().map(|c| c.verb).collect();
        assert!(own.iter().all(|verb| given.contains(verb)), "{own:?} in {given:?}");
        assert_eq!(given, ["legal", "hint", "perft", "train", "play"]);
    }
}
