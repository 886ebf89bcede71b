//! Tunes a game's evaluation weights by matches: alpha-beta at a fixed depth with candidate
//! weights against alpha-beta with the reference weights, from seeded random openings, in
//! pairs of games with the colours swapped. A fixed depth makes the results repeatable,
//! whatever the machine and its load.
//!
//! ```text
//! cargo run --release -p jgames --example tune -- <GAME> [--variant NAME] [--depth D]
//!     [--games N] [--plies P] [--seed S] [--max-plies M] [--base CHANGES] [CANDIDATE...]
//! ```
//!
//! The reference is the game's `EvalWeights::DEFAULT` with the `--base` changes. A candidate
//! is a list of changes to the reference, separated by commas: `term=value` (`a:b:c` for a
//! table) or `term*factor` (rounded), for example `mobility*2,threat=5`; `scan` stands for
//! each term in turn times 0, 1/2 and 2, and `default` for `EvalWeights::DEFAULT` itself
//! (to play it against an older reference given by `--base`). Without candidates the terms
//! are listed. Each candidate gets one line: its wins, draws and losses, its score, the Elo
//! difference with its 95% interval, and the mean length of its games. A game still going
//! after `--max-plies` plies is a draw. One thread: run several at once for more cores.

use std::sync::atomic::AtomicBool;

use abstract_game::{Evaluate, Game, GameRules};
use clap::Parser;
use game_arena::{Arena, Colours};
use game_search::{AlphaBeta, AlphaBetaOptions, Budget, Engine};
use game_stats::Tally;
use jgames_registry::{jarmo_core, jericho_core, jersi_core, jetan_core};

#[derive(Parser)]
struct Args {
    /// jarmo, jetan, jersi or jericho.
    game: String,
    /// The rules preset (the game's default when left out).
    #[arg(long)]
    variant: Option<String>,
    /// The depth of every search, in plies.
    #[arg(long, default_value_t = 3)]
    depth: u32,
    /// Games per candidate (rounded up to an even number).
    #[arg(long, default_value_t = 100)]
    games: u32,
    /// Random plies before the engines take over, shared by the two games of a pair.
    #[arg(long, default_value_t = 4)]
    plies: u32,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A game still going after this many plies is a draw.
    #[arg(long, default_value_t = 300)]
    max_plies: u32,
    /// Changes to `EvalWeights::DEFAULT` that make the reference.
    #[arg(long, default_value = "")]
    base: String,
    /// The candidates: changes to the reference, `scan` or `default`.
    candidates: Vec<String>,
}

/// One weight, or a table of them.
trait Term {
    fn scale(&mut self, factor: f64);
    fn set(&mut self, text: &str) -> Option<()>;
    fn show(&self) -> String;
}

impl Term for i32 {
    fn scale(&mut self, factor: f64) {
        *self = (f64::from(*self) * factor).round() as i32;
    }
    fn set(&mut self, text: &str) -> Option<()> {
        *self = text.parse().ok()?;
        Some(())
    }
    fn show(&self) -> String {
        self.to_string()
    }
}

impl<const N: usize> Term for [i32; N] {
    fn scale(&mut self, factor: f64) {
        self.iter_mut().for_each(|v| v.scale(factor));
    }
    fn set(&mut self, text: &str) -> Option<()> {
        let values: Option<Vec<i32>> = text.split(':').map(|v| v.parse().ok()).collect();
        *self = values?.try_into().ok()?;
        Some(())
    }
    fn show(&self) -> String {
        self.map(|v| v.to_string()).join(":")
    }
}

/// A term of the weights `W`, reached by name.
type Field<W> = fn(&mut W) -> &mut dyn Term;

fn field<W>(f: Field<W>) -> Field<W> {
    f
}

/// A game whose evaluation weights ([`Evaluate::Weights`]) are reached by name.
trait Tunable: Game + Evaluate {
    fn terms() -> Vec<(&'static str, Field<Self::Weights>)>;
}

macro_rules! tunable {
    ($game:ident: $($term:ident),+) => {
        impl Tunable for $game::Position {
            fn terms() -> Vec<(&'static str, Field<$game::EvalWeights>)> {
                vec![$((stringify!($term), field(|w| &mut w.$term))),+]
            }
        }
    };
}

tunable!(jarmo_core: archer, arrived, one_step, two_steps, pooled_seed, pooled_reserve, credit,
    marked_carrier, mobility, threat);
tunable!(jetan_core: material, pressure, chief_pressure, guard, escape, centre, panthan_step);
tunable!(jersi_core: fool, wise, fighter, reserve_mountain, reserve_wise, king_race,
    king_on_stack, king_threat_quarters);
tunable!(jericho_core: monolith, six, seven, eight, open_tall, open_short, stock_size, lead_locked, lead_single);

/// `weights` with `changes` (`term=value` or `term*factor`, separated by commas).
fn apply<G: Tunable>(mut weights: G::Weights, changes: &str) -> Result<G::Weights, String> {
    for change in changes.split(',').filter(|c| !c.is_empty()) {
        let at = change
            .find(['=', '*'])
            .ok_or(format!("{change:?}: no = or *"))?;
        let (name, value) = (&change[..at], &change[at + 1..]);
        let terms = G::terms();
        let (_, term) = terms.iter().find(|(n, _)| *n == name).ok_or(format!(
            "{name:?}: not a term of {} ({})",
            G::NAME,
            terms.iter().map(|t| t.0).collect::<Vec<_>>().join(", ")
        ))?;
        let done = match &change[at..at + 1] {
            "=" => term(&mut weights).set(value),
            _ => value.parse().ok().map(|f| term(&mut weights).scale(f)),
        };
        done.ok_or(format!("{change:?}: bad value"))?;
    }
    Ok(weights)
}

/// Games between `ours` and `theirs`, from `ours`'s side, and the plies they took.
fn play_match<G: Tunable>(
    args: &Args,
    rules: G::Rules,
    ours: G::Weights,
    theirs: G::Weights,
) -> (Tally, u32) {
    let engine = |w: G::Weights| {
        let options = AlphaBetaOptions {
            hash_mib: 4,
            ..AlphaBetaOptions::DEFAULT
        };
        AlphaBeta::<G>::new(options).with_evaluator(move |pos: &G| pos.evaluate_with(&w))
    };
    let mut engines: [Box<dyn Engine<G>>; 2] = [Box::new(engine(ours)), Box::new(engine(theirs))];
    // `ours` makes the first engine move in the even games, the second in the odd ones.
    let arena = Arena {
        seed: args.seed,
        random_plies: args.plies,
        max_plies: args.max_plies,
        ..Arena::new(Colours::FromEngines, [Budget::depth(args.depth); 2])
    };
    let (mut tally, mut plies) = (Tally::default(), 0);
    let start = G::new(rules);
    let never = AtomicBool::new(false);
    for game in 0..args.games.div_ceil(2) * 2 {
        engines.iter_mut().for_each(|e| e.new_game());
        let Some(played) = arena.play(&start, &[], game, &mut engines, &never) else {
            continue;
        };
        match played.winner() {
            Some(side) if side == played.a_side => tally.wins += 1,
            Some(_) => tally.losses += 1,
            None => tally.draws += 1,
        }
        plies += played.engine_plies() as u32;
    }
    (tally, plies)
}

fn run<G: Tunable>(args: &Args) -> Result<(), String> {
    let rules = match &args.variant {
        Some(name) => {
            G::Rules::find_preset(G::NAME, name)
                .map_err(|e| e.to_string())?
                .rules
        }
        None => G::Rules::default(),
    };
    let base = apply::<G>(G::WEIGHTS, &args.base)?;
    let show = |w: &G::Weights| {
        let mut w = *w;
        let terms = G::terms().into_iter();
        terms
            .map(|(name, f)| format!("{name}={}", f(&mut w).show()))
            .collect::<Vec<_>>()
    };
    println!(
        "{} at depth {}, reference {}",
        G::NAME,
        args.depth,
        show(&base).join(",")
    );
    let mut candidates = Vec::new();
    for text in &args.candidates {
        if text == "scan" {
            for (name, _) in G::terms() {
                candidates.extend(["0", "0.5", "2"].map(|f| format!("{name}*{f}")));
            }
        } else {
            candidates.push(text.clone());
        }
    }
    if candidates.is_empty() {
        show(&base).iter().for_each(|term| println!("{term}"));
        return Ok(());
    }
    println!(
        "{:<32} {:>5} {:>13} {:>6}  {:<18} plies (time) a game",
        "candidate", "games", "W D L", "score", "Elo [95%]"
    );
    for text in candidates {
        let weights = match text.as_str() {
            "default" => G::WEIGHTS,
            _ => apply::<G>(base, &text)?,
        };
        let started = std::time::Instant::now();
        let (t, plies) = play_match::<G>(args, rules, weights, base);
        let games = t.games() as f64;
        let score = format!("{:.1}%", 100.0 * t.score());
        let wdl = format!("{} {} {}", t.wins, t.draws, t.losses);
        let length = f64::from(plies) / games;
        let seconds = started.elapsed().as_secs_f64() / games;
        println!(
            "{text:<32} {:>5} {wdl:>13} {score:>6}  {:<18} {length:>4.0} ({seconds:.3} s)",
            t.games(),
            t.elo_text()
        );
    }
    Ok(())
}

fn main() {
    let args = Args::parse();
    let result =
        jgames_registry::with_game!(&args.game, |G| run::<G>(&args)).unwrap_or_else(|| {
            Err(format!(
                "{:?}: not a game ({})",
                args.game,
                jgames_registry::names_joined()
            ))
        });
    if let Err(e) = result {
        eprintln!("tune: {e}");
        std::process::exit(2);
    }
}
