//! The network: its inputs, its gradients against finite differences, its weight file, TD(λ) training
//! replayed from a seed, and the shipped weights.

use hamle_hapis::bots::neural::{INPUTS, NetError, Params, encode};
use hamle_hapis::bots::{Net, Outcome};
use hamle_hapis::train::{TdConfig, Trainer};
use hamle_hapis::{Hapis, Point, Position, Settings, Side};
use hamle_testkit::random_positions;

fn positions() -> Vec<Position> {
    random_positions(&Hapis::default(), 3, 200).iter().map(|g| *g.position()).collect()
}

#[test]
fn inputs_are_in_range_and_name_the_side_on_roll_first() {
    let mut inputs = Vec::new();
    for position in positions() {
        encode(&position, Settings::default(), &mut inputs);
        assert!(inputs.iter().all(|&(i, x)| usize::from(i) < INPUTS && x > 0.0 && x <= 6.0));
    }
    // The start: 15 checkers on the mover's point 1 are its first inputs: ≥1, ≥2, ≥3, (15 − 3)/2.
    encode(&Position::start(), Settings::default(), &mut inputs);
    assert_eq!(&inputs[..4], &[(0, 1.0), (1, 1.0), (2, 1.0), (3, 6.0)]);
    let mut black = Position::start();
    black.turn = Side::Black;
    let mut mirrored = Vec::new();
    encode(&black, Settings::default(), &mut mirrored);
    assert_eq!(inputs, mirrored, "the start looks the same to whichever side is on roll");
}

#[test]
fn a_pinned_checker_has_its_own_input() {
    let mut position = Position::start();
    // White pins a Black checker on White's point 10 (Black's 15).
    position.points[Side::White.index_of(10)] = Point::pinning(Side::White, 1);
    position.points[Side::Black.index_of(1)] = Point::stack(Side::Black, 14);
    position.points[Side::White.index_of(1)] = Point::stack(Side::White, 14);
    let mut inputs = Vec::new();
    encode(&position, Settings::default(), &mut inputs);
    let black_pinned_at_15 = 24 * 5 + 6 + 14 * 5 + 4;
    assert!(inputs.contains(&(black_pinned_at_15 as u16, 1.0)));
}

#[test]
fn gradients_agree_with_finite_differences() {
    let net = Net::new(7, 11);
    let mut inputs = Vec::new();
    for position in positions().iter().step_by(40) {
        encode(position, Settings::default(), &mut inputs);
        let act = net.forward(&inputs);
        for k in 0..3 {
            let mut scale = [0.0; 3];
            scale[k] = 1.0;
            let mut grad = Params::zeros(7);
            net.add_gradient(&inputs, &act, scale, &mut grad);
            // Nudge a few weights of every kind and compare the change of output k.
            let checks: Vec<(usize, f32)> = vec![
                (usize::from(inputs[0].0) * 7 + 3, grad.w1[usize::from(inputs[0].0) * 7 + 3]),
                (usize::from(inputs[inputs.len() - 1].0) * 7, grad.w1[usize::from(inputs[inputs.len() - 1].0) * 7]),
            ];
            for (at, analytic) in checks {
                let eps = 1e-2;
                let mut delta = Params::zeros(7);
                delta.w1[at] = 1.0;
                let (mut up, mut down) = (net.clone(), net.clone());
                up.add(&delta, eps);
                down.add(&delta, -eps);
                let numeric = (up.forward(&inputs).out[k] - down.forward(&inputs).out[k]) / (2.0 * eps);
                assert!((numeric - analytic).abs() < 1e-3, "w1[{at}] output {k}: {numeric} vs {analytic}");
            }
            for j in 0..7 {
                for (which, analytic) in [(0, grad.b1[j]), (1, grad.w2[k * 7 + j])] {
                    let eps = 1e-2;
                    let mut delta = Params::zeros(7);
                    if which == 0 {
                        delta.b1[j] = 1.0;
                    } else {
                        delta.w2[k * 7 + j] = 1.0;
                    }
                    let (mut up, mut down) = (net.clone(), net.clone());
                    up.add(&delta, eps);
                    down.add(&delta, -eps);
                    let numeric = (up.forward(&inputs).out[k] - down.forward(&inputs).out[k]) / (2.0 * eps);
                    assert!(
                        (numeric - analytic).abs() < 1e-3,
                        "kind {which} unit {j} output {k}: {numeric} vs {analytic}"
                    );
                }
            }
        }
    }
}

#[test]
fn outcomes_flip_and_give_points() {
    assert_eq!(Outcome::of_points(2.0).equity(), 2.0);
    assert_eq!(Outcome::of_points(1.0).equity(), 1.0);
    assert_eq!(Outcome::of_points(0.0).equity(), 0.0);
    assert_eq!(Outcome::of_points(-1.0).equity(), -1.0);
    assert_eq!(Outcome::of_points(-2.0).equity(), -2.0);
    let o = Outcome { win: 0.7, win_mars: 0.2, lose_mars: 0.05 };
    assert!((o.flip().equity() + o.equity()).abs() < 1e-12);
    assert_eq!(o.flip().flip(), o);
}

#[test]
fn weight_files_round_trip_and_bad_ones_are_refused() {
    let mut net = Net::new(5, 2);
    net.games = 1234;
    let bytes = net.to_bytes();
    assert_eq!(Net::from_bytes(&bytes), Ok(net));
    assert_eq!(Net::from_bytes(b"not a net at all, no"), Err(NetError::Magic));
    assert!(matches!(Net::from_bytes(&bytes[..bytes.len() - 4]), Err(NetError::Length { .. })));
    assert_eq!(Net::from_bytes(&bytes[..20]), Err(NetError::Truncated(20)));
    let mut no_hidden = bytes.clone();
    no_hidden[12..16].copy_from_slice(&0u32.to_le_bytes());
    assert_eq!(Net::from_bytes(&no_hidden), Err(NetError::Hidden(0)));
    let mut huge = bytes.clone();
    huge[12..16].copy_from_slice(&u32::MAX.to_le_bytes());
    assert_eq!(Net::from_bytes(&huge), Err(NetError::Hidden(u32::MAX)));
    let mut other_shape = bytes.clone();
    other_shape[8] ^= 1;
    assert!(matches!(Net::from_bytes(&other_shape), Err(NetError::Shape { .. })));
    let mut nan = bytes.clone();
    let at = nan.len() - 4;
    nan[at..].copy_from_slice(&f32::NAN.to_le_bytes());
    assert!(matches!(Net::from_bytes(&nan), Err(NetError::NotFinite(_))));
}

#[test]
fn training_replays_from_its_seed_and_resumes_where_it_stopped() {
    let config = TdConfig::default();
    let mut straight = Trainer::new(Net::new(8, 5), config);
    let games: Vec<_> = (0..4).map(|_| straight.play_game()).collect();
    let mut again = Trainer::new(Net::new(8, 5), config);
    assert_eq!(games, (0..4).map(|_| again.play_game()).collect::<Vec<_>>());
    assert_eq!(straight.net(), again.net());
    // Two games, saved, read back, two more: the same weights as four in one go.
    let mut first = Trainer::new(Net::new(8, 5), config);
    first.play_game();
    first.play_game();
    let saved = Net::from_bytes(&first.net().to_bytes()).expect("round trip");
    let mut resumed = Trainer::new(saved, config);
    resumed.play_game();
    resumed.play_game();
    assert_eq!(resumed.net(), straight.net());
    assert_eq!(straight.net().games, 4);
    assert_ne!(straight.net(), &Net::new(8, 5), "training changed the weights");
}

#[test]
fn the_shipped_network_was_trained_and_prefers_safety() {
    let net = Net::shipped();
    assert!(net.games >= 10_000, "the shipped weights have {} games of training", net.games);
    // White to roll with a 2-point race lead both ways: a plain position favours the side ahead in the race.
    let start = Position::start();
    let o = net.outcome(&start, Settings::default(), &mut Vec::new());
    assert!((0.35..0.65).contains(&o.win), "the start is about even for the side on roll: {o:?}");
}
