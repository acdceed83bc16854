//! Every Hapis bot keeps to its budget: never more nodes than a node budget, a hard stop at a deadline,
//! and the same play as without a budget when the budget does not bind.

use std::time::{Duration, Instant};

use hamle_core::{Bot, Budget, Game, Stream};
use hamle_hapis::bots::{Filter, Heuristic, Level, Net, Player, Thesis};
use hamle_hapis::{Dice, Hapis, Phase, Position, Settings};
use hamle_testkit::random_positions;

fn bots() -> Vec<Box<dyn Bot<Hapis>>> {
    let mut deep = Level::Expert.player(Net::shipped());
    deep.search.plies = 3;
    vec![
        Box::new(Thesis),
        Box::new(Heuristic::default()),
        Box::new(Player::heuristic(2, 6)),
        Box::new(Level::Advanced.player(Net::shipped())),
        Box::new(Level::Beginner.player(Net::shipped())),
        Box::new(Level::Expert.player(Net::shipped())),
        Box::new(deep),
    ]
}

fn legal(game: &Hapis) -> Vec<hamle_hapis::Play> {
    let mut plays = Vec::new();
    game.legal_moves(&mut plays);
    plays
}

#[test]
fn no_bot_reports_more_nodes_than_its_budget() {
    let positions: Vec<Hapis> =
        random_positions(&Hapis::default(), 31, 12).into_iter().filter(|g| legal(g).len() > 1).collect();
    assert!(positions.len() >= 6);
    for mut bot in bots() {
        for game in &positions {
            for limit in [0, 1, 5, 60, 600, 6_000] {
                let budget = Budget { nodes: Some(limit), ..Budget::UNLIMITED };
                let decision = bot.choose(game, &budget, &mut Stream::new(1)).expect("a play");
                assert!(decision.nodes <= limit, "{}: {} nodes for {limit}", bot.name(), decision.nodes);
                assert!(legal(game).contains(&decision.mv), "{}", bot.name());
                if limit == 0 {
                    // Nothing could be evaluated: the first play as the rules list them.
                    assert_eq!((decision.mv, decision.depth), (legal(game)[0], 0), "{}", bot.name());
                }
            }
        }
    }
}

#[test]
fn a_budget_that_does_not_bind_changes_nothing() {
    let roomy = Budget { nodes: Some(u64::MAX), time: Some(Duration::from_secs(600)), depth: None, clock: None };
    for game in random_positions(&Hapis::default(), 32, 8) {
        for mut bot in bots().into_iter().take(6) {
            let free = bot.choose(&game, &Budget::UNLIMITED, &mut Stream::new(4)).expect("a play");
            let bound = bot.choose(&game, &roomy, &mut Stream::new(4)).expect("a play");
            assert_eq!((bound.mv, bound.depth, bound.nodes), (free.mv, free.depth, free.nodes), "{}", bot.name());
        }
    }
}

/// The 11th position to play in game 3 of the first (64-unit) network's self-play (dice from stream 3's branch 0,
/// its choices from branch 1): Black to play 6-6, with 64 plays. Written out, so that a new network leaves it be.
fn slow_position() -> Hapis {
    let position = Position::from_json_str(
        r#"{"off":{"black":0,"white":0},"points":["w7","","","w3","w3","","w2","","","","","b2","","","","","","b1","b2","","","b3","","b7"],"turn":"black"}"#,
    )
    .expect("a valid position");
    Hapis::at(position, Phase::Move(Dice(6, 6)), Settings::default())
}

/// The worst case known: `expert(filter=64,plies=3,window=4)` on [`slow_position`] took 15.9 s unbounded
/// on the 2-core test machine with the 64-unit network (release build, 712,518 nodes; an evaluation of the
/// 128-unit network costs 1.4 times as much); with 200 ms it must stop hard.
#[test]
fn a_time_budget_stops_the_three_ply_expert() {
    let game = slow_position();
    assert_eq!(legal(&game).len(), 64, "the position the timing above was taken on");
    let mut bot = Level::Expert.player(Net::shipped());
    bot.search.plies = 3;
    bot.search.filter = Filter { count: 64, within: 4.0 };
    let clock = Instant::now();
    let decision = bot.choose(&game, &Budget::time(Duration::from_millis(200)), &mut Stream::new(1)).expect("a play");
    let wall = clock.elapsed();
    assert!(wall < Duration::from_secs(2), "took {wall:?}");
    assert!(legal(&game).contains(&decision.mv));
    assert!((1..3).contains(&decision.depth), "depth {} cannot have finished", decision.depth);
}
