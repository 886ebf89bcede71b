//! Writes a fixed set of small Jetan endgames, one position text a line, for
//! `jgames study jetan --starts FILE`: the positions where the Proposed variant's rule can
//! decide a game, which engine games seldom reach.
//!
//! ```sh
//! cargo run --release -p jetan-core --example endgames -- 100 2026 > docs/studies/jetan-endgame-positions.txt
//! ```
//!
//! Each position has three pieces a side: the Chief, the Princess and one more piece. The two
//! extra pieces are of equal value on every reading of "equal value" (`ValueScale`): the same
//! kind, or a Warrior against a Padwar, or a Dwar against a Flier. So the equal-value
//! countdown runs from the start (10 plies left, as if the ply before had made the material
//! equal), and the position is a game still going under every rule set and reading; a
//! capture of an extra piece then makes the material unequal, which the Proposed variant
//! turns into a win at once and the standard rules do not.
//!
//! The procedure, from the seed alone: a class of extra piece (Panthan, Thoat, Warrior or
//! Padwar, Dwar or Flier) uniformly, each side's kind within it uniformly, the six pieces on
//! distinct squares drawn uniformly, the side to move and each Princess's escape by a coin.
//! A draw is kept only if it is a legal position under `standard` and `proposed` with every
//! value scale, the game is not over, and the side to move can capture nothing at once (else
//! most games are decided by their first ply: taking a royal piece wins or draws, taking the
//! extra piece wins at once under the Proposed variant).
//! Draws are made until the count asked for is kept.

use std::process::ExitCode;

use abstract_game::playout::Rng;
use jetan_core::prelude::*;
use jetan_core::{Kind, Piece, ValueScale};

/// The classes of extra pieces whose members are of equal value on every scale.
const CLASSES: [&[Kind]; 4] = [
    &[Kind::Panthan],
    &[Kind::Thoat],
    &[Kind::Warrior, Kind::Padwar],
    &[Kind::Dwar, Kind::Flier],
];

/// One drawn position, unchecked.
fn draw(rng: &mut Rng) -> Setup {
    let class = CLASSES[rng.below(CLASSES.len() as u32) as usize];
    let mut setup = Setup::empty();
    for side in Side::BOTH {
        let extra = class[rng.below(class.len() as u32) as usize];
        for kind in [Kind::Chief, Kind::Princess, extra] {
            setup.put_at_random(Piece::new(side, kind), rng);
        }
    }
    setup.toss_turn_and_escapes(rng);
    setup.countdown = Some(10);
    setup
}

/// Whether `setup` is kept: legal and going on under every rule set studied, and nothing can
/// be taken at once.
fn keep(setup: &Setup) -> bool {
    let mut all = Vec::new();
    for proposed in [false, true] {
        for value in ValueScale::ALL {
            all.push(Rules {
                unequal_wins: proposed,
                value,
                ..Rules::default()
            });
        }
    }
    all.iter().all(|&rules| {
        let Ok(pos) = Position::from_setup(setup.clone(), rules) else {
            return false;
        };
        if pos.outcome().is_some() {
            return false;
        }
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        moves.iter().all(|&mv| !pos.is_capture(mv))
    })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(count), Some(seed)) = (
        args.first().and_then(|a| a.parse::<usize>().ok()),
        args.get(1).and_then(|a| a.parse::<u64>().ok()),
    ) else {
        eprintln!("usage: endgames COUNT SEED (two whole numbers)");
        return ExitCode::from(2);
    };
    let mut rng = Rng::seed_from_u64(seed);
    let mut kept = Vec::new();
    let mut drawn = 0u64;
    while kept.len() < count {
        drawn += 1;
        let setup = draw(&mut rng);
        if keep(&setup) {
            kept.push(setup.to_string());
        }
    }
    println!(
        "# {count} Jetan endgames for `jgames study jetan --starts`: the Chief, the Princess and one"
    );
    println!(
        "# more piece a side, the extra pieces of equal value on every reading, the countdown running,"
    );
    println!("# no capture for the side to move. Kept {count} of {drawn} drawn. Made by");
    println!("# crates/jetan-core/examples/endgames.rs (its doc says how):");
    println!("# cargo run --release -p jetan-core --example endgames -- {count} {seed}");
    for line in kept {
        println!("{line}");
    }
    ExitCode::SUCCESS
}
