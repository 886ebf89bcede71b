//! Measures inside the games of a Jersi study that the study's rows do not carry: how often
//! stacks stand on the board and whether the winner had more of them, how often cubes are
//! captured and how long the quiet stretches last, how often the material lead changes hands,
//! and, with an opening plan, whether the plan's wall was built as the plan defines it.
//!
//! ```text
//! cargo run --release -p jgames --example jersi_games -- [--variant V] [--nodes N]
//!     [--games G] [--seed S] [--opening PLAN] [--max-plies P] [--check ROWS --cell C]
//! cargo run --release -p jgames --example jersi_games -- --handicap ROWS
//! ```
//!
//! The games are those of `jgames study jersi --variants V --nodes N --games G --seed S
//! [--opening PLAN]` (two random plies, 400 plies at most, `alphabeta` on both sides, engine A
//! following the plan): the same arena, the same openings and engines, so game `g` here is game
//! `g` of the study's cell. `--check ROWS --cell C` compares every game's winner, ending and
//! length with the rows of cell `C` of a study's row file and stops at the first difference.
//! Between two copies of one engine the two games of a pair are one game with the colours
//! swapped, so without a plan only the first game of each pair is played; the intervals count
//! pairs (openings), as the study's do.
//!
//! `--handicap ROWS` plays nothing: it reads the rows of the `jersi-handicap` studies, pairs
//! each `+white-no-KIND` cell with the `+black-no-KIND` cell of the same budget, and gives the
//! handicapped side's score over both, with an interval that counts openings: a figure about
//! the kind, not about the colour that lacked it.
//!
//! **Definitions** (ours). A *stack* is a cell holding two cubes of one colour, neither a
//! Mountain: the rules' stack, which moves as a unit (a cube on a Mountain is not one). A
//! *capturing turn* is a turn that removed cubes from the game or captured a King (which is put
//! back); the *material* of a side is its cubes on the board and in the reserve, and the *lead*
//! is White's material minus Black's: a *lead change* is a turn after which the side ahead is
//! the other one than the last side that was ahead.

use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;

use abstract_game::evaluate::opening;
use abstract_game::{Game, GameRules, Side};
use clap::Parser;
use game_arena::{Arena, Colours};
use game_search::{Budget, Engine, EngineSpec, Planned};
use game_stats::Estimate;
use game_stats::interval::{clustered_mean, clustered_proportion, clustered_score};
use game_study::GameRow;
use jgames_registry::jersi_core::openings::wall_cells;
use jgames_registry::jersi_core::{Kind, Move, Position, Rules, Square};

#[derive(Parser)]
struct Args {
    /// The variant (a preset, then any `+switch`).
    #[arg(long, default_value = "standard")]
    variant: String,
    /// Nodes per move of both engines.
    #[arg(long, default_value_t = 1000)]
    nodes: u64,
    /// Games of the study's cell (even).
    #[arg(long, default_value_t = 400)]
    games: u32,
    /// The study's seed.
    #[arg(long, default_value_t = 2026)]
    seed: u64,
    /// The opening plan engine A follows.
    #[arg(long)]
    opening: Option<String>,
    /// Stop every game after this many plies, openings included (the study's cap is 400). A
    /// short cap measures only how the plan's wall was built, at a small cost.
    #[arg(long, default_value_t = MAX_PLIES)]
    max_plies: u32,
    /// Stop a game at this occurrence of a position, as `jgames study --repetition` (0: never,
    /// as the committed Jersi studies were played, before studies stopped repetitions).
    #[arg(long, default_value_t = 0)]
    repetition: u32,
    /// A study's row file to compare the games with (needs --cell).
    #[arg(long, requires = "cell")]
    check: Option<std::path::PathBuf>,
    /// The cell of --check's study these games are.
    #[arg(long)]
    cell: Option<u32>,
    /// Read the rows of a handicap study and give the handicapped side's scores instead.
    #[arg(long, conflicts_with_all = ["check", "opening"])]
    handicap: Option<std::path::PathBuf>,
}

const OPENING_PLIES: u32 = 2;
const MAX_PLIES: u32 = 400;

fn main() {
    let args = Args::parse();
    let result = match &args.handicap {
        Some(path) => handicap(path),
        None => measure(&args),
    };
    if let Err(message) = result {
        eprintln!("jersi_games: {message}");
        std::process::exit(2);
    }
}

/// What one game showed.
#[derive(Default)]
struct GameMeasures {
    plies: u32,
    winner: Option<Side>,
    /// Positions after a ply with at least one stack, and positions after a ply.
    stacked_plies: u32,
    /// Stacks at the end, White's and Black's.
    end_stacks: [u32; 2],
    /// The winner's stacks minus the loser's, summed over the positions after each ply.
    winner_lead_sum: i64,
    /// Whether the winning King stood on a stack of its own side at the end.
    king_on_stack: bool,
    capturing_turns: u32,
    cubes_captured: u32,
    /// The longest run of plies without a capturing turn.
    longest_quiet: u32,
    /// Plies before the first capturing turn (all of them if none).
    first_capture: u32,
    lead_changes: u32,
    /// Whether engine A's wall stood as the plan defines it after A's first two turns, and
    /// whether all of A's Mountains were on the plan's row (or cells) at the end.
    wall_built: bool,
    wall_at_end: bool,
    /// Whether engine A still had its four Mountains in reserve when the engines took over
    /// (the random plies may drop some).
    full_reserve: bool,
    /// Engine A's points: 1 a win, 1/2 a draw, 0 a loss.
    a_points: f64,
}

fn stacks(pos: &Position) -> [u32; 2] {
    let mut count = [0; 2];
    for sq in Square::ALL {
        if let [Some(bottom), Some(top)] = pos.at(sq)
            && bottom.side == top.side
            && bottom.kind != Kind::Mountain
        {
            count[bottom.side.index()] += 1;
        }
    }
    count
}

fn material(pos: &Position, side: Side) -> u32 {
    let on_board: u32 = Square::ALL
        .iter()
        .map(|&sq| {
            pos.at(sq)
                .iter()
                .flatten()
                .filter(|c| c.side == side)
                .count() as u32
        })
        .sum();
    on_board
        + u32::from(pos.reserve(side, Kind::Mountain))
        + u32::from(pos.reserve(side, Kind::Wise))
}

/// `side`'s Mountains on the board.
fn mountains(pos: &Position, side: Side) -> Vec<Square> {
    let mut cells = Vec::new();
    for sq in Square::ALL {
        for cube in pos.at(sq).iter().flatten() {
            if cube.side == side && cube.kind == Kind::Mountain {
                cells.push(sq);
            }
        }
    }
    cells
}

/// Whether `side`'s four Mountains stand as `plan`'s wall: for a line, four cells side by
/// side on the plan's row; for towers, exactly the plan's cells.
fn wall_stands(pos: &Position, side: Side, plan: &str) -> bool {
    let Some(planned) = wall_cells(plan, side) else {
        return false;
    };
    let mut cells = mountains(pos, side);
    if cells.len() != 4 {
        return false;
    }
    cells.sort_by_key(|sq| sq.index());
    if plan.ends_with("-towers") {
        let mut planned = planned.to_vec();
        planned.sort_by_key(|sq| sq.index());
        return cells == planned;
    }
    let row = planned[0].row();
    cells.iter().all(|sq| sq.row() == row)
        && cells.windows(2).all(|w| w[1].number() == w[0].number() + 1)
}

fn measure_game(
    start: &Position,
    moves: &[Move],
    opening_len: usize,
    a_side: Side,
    winner: Option<Side>,
    plan: Option<&str>,
) -> Result<GameMeasures, String> {
    let mut m = GameMeasures {
        plies: moves.len() as u32,
        winner,
        a_points: match winner {
            None => 0.5,
            Some(w) if w == a_side => 1.0,
            Some(_) => 0.0,
        },
        ..GameMeasures::default()
    };
    let mut pos = start.clone();
    let mut quiet = 0;
    let mut ahead: Option<Side> = None;
    let mut a_turns = 0;
    for (ply, &mv) in moves.iter().enumerate() {
        if ply == opening_len {
            m.full_reserve = pos.reserve(a_side, Kind::Mountain) == 4;
        }
        let mover = pos.side_to_move();
        let before = material(&pos, Side::First) + material(&pos, Side::Second);
        pos.play(mv)
            .map_err(|e| format!("a recorded move is illegal: {e}"))?;
        let after = material(&pos, Side::First) + material(&pos, Side::Second);
        let king = match mv {
            Move::Cube { relocate, .. } | Move::Stack { relocate, .. } => relocate.is_some(),
            Move::Drop { .. } => false,
        };
        if after < before || king {
            m.capturing_turns += 1;
            m.cubes_captured += before.saturating_sub(after);
            if m.capturing_turns == 1 {
                m.first_capture = ply as u32;
            }
            quiet = 0;
        } else {
            quiet += 1;
            m.longest_quiet = m.longest_quiet.max(quiet);
        }
        let s = stacks(&pos);
        if s[0] + s[1] > 0 {
            m.stacked_plies += 1;
        }
        if let Some(w) = winner {
            m.winner_lead_sum += i64::from(s[w.index()]) - i64::from(s[(!w).index()]);
        }
        let lead = i64::from(material(&pos, Side::First)) - i64::from(material(&pos, Side::Second));
        let now = match lead {
            0 => None,
            l if l > 0 => Some(Side::First),
            _ => Some(Side::Second),
        };
        if let Some(side) = now {
            if ahead.is_some_and(|a| a != side) {
                m.lead_changes += 1;
            }
            ahead = Some(side);
        }
        if let Some(plan) = plan
            && ply >= opening_len
            && mover == a_side
        {
            a_turns += 1;
            if a_turns == 2 {
                m.wall_built = wall_stands(&pos, a_side, plan);
            }
        }
    }
    if m.capturing_turns == 0 {
        m.first_capture = m.plies;
    }
    m.end_stacks = stacks(&pos);
    if let Some(w) = winner {
        m.king_on_stack = Square::ALL.iter().any(|&sq| {
            matches!(pos.at(sq), [Some(b), Some(t)]
                if t.kind == Kind::King && t.side == w && b.side == w && b.kind != Kind::Mountain)
        });
    }
    if let Some(plan) = plan {
        m.wall_at_end = wall_stands(&pos, a_side, plan);
    }
    Ok(m)
}

fn measure(args: &Args) -> Result<(), String> {
    if args.games == 0 || args.games % 2 != 0 {
        return Err(format!(
            "--games {}: give an even number above 0",
            args.games
        ));
    }
    if args.max_plies < OPENING_PLIES {
        return Err(format!(
            "--max-plies {}: below the {OPENING_PLIES} random plies",
            args.max_plies
        ));
    }
    let rules = Rules::variant("jersi", &args.variant).map_err(|e| e.to_string())?;
    let plan = match &args.opening {
        Some(name) => Some(
            opening::<Position>(name).ok_or_else(|| format!("--opening {name}: no such plan"))?,
        ),
        None => None,
    };
    let checked: Option<BTreeMap<u32, GameRow>> = match (&args.check, args.cell) {
        (Some(path), Some(cell)) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("--check {}: {e}", path.display()))?;
            let mut rows = BTreeMap::new();
            for line in text.lines().skip(2) {
                let row = GameRow::parse::<Position>(line)
                    .map_err(|e| format!("--check {}: {e}", path.display()))?;
                if row.cell == cell {
                    rows.insert(row.game, row);
                }
            }
            Some(rows)
        }
        _ => None,
    };
    let start = Position::new(rules);
    let budget = Budget::DEFAULT.with_nodes(args.nodes);
    let arena = Arena {
        seed: args.seed,
        random_plies: OPENING_PLIES,
        colours: Colours::FromStart,
        budgets: [budget; 2],
        clock: None,
        max_plies: args.max_plies.saturating_sub(OPENING_PLIES),
        repetition: (args.repetition > 0).then_some(args.repetition),
    };
    let spec: EngineSpec = "alphabeta".parse().map_err(|e| format!("{e}"))?;
    let stop = AtomicBool::new(false);
    // One cluster per pair: the measures of its games.
    let mut pairs: Vec<Vec<GameMeasures>> = Vec::new();
    for game in 0..args.games {
        if plan.is_none() && game % 2 == 1 {
            continue;
        }
        let a: Box<dyn Engine<Position>> = match plan {
            Some(p) => Box::new(Planned::new(p, spec.build::<Position>())),
            None => spec.build::<Position>(),
        };
        let mut engines = [a, spec.build::<Position>()];
        let played = arena
            .play(&start, &[], game, &mut engines, &stop)
            .ok_or("a game was stopped")?;
        if let Some(rows) = &checked {
            let row = rows
                .get(&game)
                .ok_or(format!("--check: no row of game {game}"))?;
            if row.winner != played.winner()
                || row.plies != played.moves.len() as u32
                || row.ending != played.end.ending()
            {
                return Err(format!("game {game} differs from its row in --check"));
            }
        }
        let m = measure_game(
            &played.start,
            &played.moves,
            played.opening_len,
            played.a_side,
            played.winner(),
            plan.map(|p| p.name),
        )?;
        if game % 2 == 0 || plan.is_none() {
            pairs.push(Vec::new());
        }
        if let Some(last) = pairs.last_mut() {
            last.push(m);
        }
    }
    report(args, &pairs, plan.is_some());
    Ok(())
}

/// The clusters of the pairs of games for `game_stats::interval`: in each pair, the sum of
/// `value` over the games for which `keep` holds and their number (pairs with none kept left
/// out).
fn clusters_of(
    pairs: &[Vec<GameMeasures>],
    keep: impl Fn(&GameMeasures) -> bool,
    value: impl Fn(&GameMeasures) -> f64,
) -> Vec<(f64, f64)> {
    pairs
        .iter()
        .map(|p| {
            let kept: Vec<&GameMeasures> = p.iter().filter(|m| keep(m)).collect();
            (kept.iter().map(|m| value(m)).sum(), kept.len() as f64)
        })
        .filter(|&(_, n)| n > 0.0)
        .collect()
}

/// The clustered mean of `f` over the games for which `keep` holds.
fn mean_of(
    pairs: &[Vec<GameMeasures>],
    keep: impl Fn(&GameMeasures) -> bool,
    f: impl Fn(&GameMeasures) -> f64,
) -> Option<Estimate> {
    clustered_mean(&clusters_of(pairs, keep, f))
}

/// The clustered rate of `yes` over the games for which `keep` holds.
fn rate_of(
    pairs: &[Vec<GameMeasures>],
    keep: impl Fn(&GameMeasures) -> bool,
    yes: impl Fn(&GameMeasures) -> bool,
) -> Option<Estimate> {
    let counted = |m: &GameMeasures| if yes(m) { 1.0 } else { 0.0 };
    clustered_proportion(&clusters_of(pairs, keep, counted))
}

fn report(args: &Args, pairs: &[Vec<GameMeasures>], planned: bool) {
    let games: usize = pairs.iter().map(Vec::len).sum();
    let decisive = pairs
        .iter()
        .flatten()
        .filter(|m| m.winner.is_some())
        .count();
    let fixed = |e: Option<Estimate>| e.map_or("-".into(), |e| e.fixed(1));
    let percent = |e: Option<Estimate>| e.map_or("-".into(), |e| e.percent());
    let all = |_: &GameMeasures| true;
    let won = |m: &GameMeasures| m.winner.is_some();
    println!(
        "jersi {} alphabeta @ {} nodes, seed {}{}: {games} games from {} openings, {decisive} decisive",
        args.variant,
        args.nodes,
        args.seed,
        args.opening
            .as_ref()
            .map_or(String::new(), |p| format!(", engine A plays {p}")),
        pairs.len()
    );
    println!("stacks");
    println!(
        "  plies with a stack on the board   {}",
        percent(mean_of(pairs, all, |m| f64::from(m.stacked_plies)
            / f64::from(m.plies.max(1))))
    );
    println!(
        "  stacks at the end (both sides)    {}",
        fixed(mean_of(pairs, all, |m| f64::from(
            m.end_stacks[0] + m.end_stacks[1]
        )))
    );
    let lead_at_end = |m: &GameMeasures| {
        m.winner.map_or(0, |w| {
            i64::from(m.end_stacks[w.index()]) - i64::from(m.end_stacks[(!w).index()])
        })
    };
    println!(
        "  winner's stack lead at the end    {}",
        fixed(mean_of(pairs, won, |m| lead_at_end(m) as f64))
    );
    println!(
        "  winner had more / fewer at end    {} / {}",
        percent(rate_of(pairs, won, |m| lead_at_end(m) > 0)),
        percent(rate_of(pairs, won, |m| lead_at_end(m) < 0))
    );
    println!(
        "  winner's lead, mean over plies    {}",
        fixed(mean_of(pairs, won, |m| m.winner_lead_sum as f64
            / f64::from(m.plies.max(1))))
    );
    println!(
        "  winning King on its own stack     {}",
        percent(rate_of(pairs, won, |m| m.king_on_stack))
    );
    println!("captures");
    type Measure = fn(&GameMeasures) -> f64;
    let per_game: [(&str, Measure); 6] = [
        ("capturing turns per game", |m| f64::from(m.capturing_turns)),
        ("cubes captured per game", |m| f64::from(m.cubes_captured)),
        ("plies per capturing turn", |m| {
            f64::from(m.plies) / f64::from(m.capturing_turns.max(1))
        }),
        ("plies before the first capture", |m| {
            f64::from(m.first_capture)
        }),
        ("longest run without a capture", |m| {
            f64::from(m.longest_quiet)
        }),
        ("material lead changes per game", |m| {
            f64::from(m.lead_changes)
        }),
    ];
    for (label, measure) in per_game {
        println!("  {label:<33} {}", fixed(mean_of(pairs, all, measure)));
    }
    if planned {
        println!("plan of engine A");
        println!(
            "  wall built in A's first 2 turns   {}",
            percent(rate_of(pairs, all, |m| m.wall_built))
        );
        println!(
            "  A had 4 Mountains when it began   {}",
            percent(rate_of(pairs, all, |m| m.full_reserve))
        );
        println!(
            "  built, of the games it had 4      {}",
            percent(rate_of(pairs, |m| m.full_reserve, |m| m.wall_built))
        );
        let score = |built: bool| {
            let clusters = clusters_of(pairs, |m| m.wall_built == built, |m| m.a_points);
            percent(clustered_score(&clusters))
        };
        // Games cut short by --max-plies have no result worth a score.
        if args.max_plies >= MAX_PLIES {
            println!(
                "  A's score, wall built / not       {} / {}",
                score(true),
                score(false)
            );
        }
        println!(
            "  wall standing at the end          {}",
            percent(rate_of(pairs, all, |m| m.wall_at_end))
        );
    }
}

/// The handicapped side's score over each pair of `+white-no-KIND` and `+black-no-KIND`
/// cells of a study's rows, by budget.
fn handicap(path: &std::path::Path) -> Result<(), String> {
    let text =
        std::fs::read_to_string(path).map_err(|e| format!("--handicap {}: {e}", path.display()))?;
    let mut lines = text.lines();
    let header = lines.next().ok_or("--handicap: an empty file")?;
    // The cells in the header: `| VARIANT: alphabeta @ N nodes vs ...`.
    let cells: Vec<(String, String)> = header
        .split(" | ")
        .skip(1)
        .map(|cell| {
            let (variant, rest) = cell.split_once(':').unwrap_or((cell, ""));
            let budget = rest.split(" vs ").next().unwrap_or("").trim().to_owned();
            (variant.trim().to_owned(), budget)
        })
        .collect();
    // (kind, budget) -> opening -> (points of the handicapped side, games)
    let mut scores: BTreeMap<(String, String), BTreeMap<u64, (f64, f64)>> = BTreeMap::new();
    for line in lines.skip(1) {
        let row = GameRow::parse::<Position>(line)
            .map_err(|e| format!("--handicap {}: {e}", path.display()))?;
        let (variant, budget) = cells
            .get(row.cell as usize)
            .ok_or(format!("--handicap: no cell {} in the header", row.cell))?;
        let Some((side, kind)) = variant
            .split('+')
            .find_map(|s| s.strip_prefix("white-no-").map(|k| (Side::First, k)))
            .or_else(|| {
                variant
                    .split('+')
                    .find_map(|s| s.strip_prefix("black-no-").map(|k| (Side::Second, k)))
            })
        else {
            continue;
        };
        let entry = scores
            .entry((kind.to_owned(), budget.clone()))
            .or_default()
            .entry(row.opening)
            .or_default();
        entry.0 += row.points_of(side);
        entry.1 += 1.0;
    }
    println!("the handicapped side's score (both colours), by kind and budget:");
    let mut estimates = BTreeMap::new();
    for ((kind, budget), by_opening) in &scores {
        let clusters: Vec<(f64, f64)> = by_opening.values().copied().collect();
        let games: f64 = clusters.iter().map(|c| c.1).sum();
        let estimate = clustered_score(&clusters);
        let score = estimate.map_or("-".into(), |e| e.percent());
        println!(
            "  without {kind:9} {budget:28} {score}  ({games} games, {} openings)",
            clusters.len()
        );
        if let Some(e) = estimate {
            estimates.insert((budget.clone(), kind.clone()), e);
        }
    }
    // The games of two kinds are distinct games: the difference's interval adds the
    // variances (each read back from its interval's half-width).
    for ((budget, kind), wise) in &estimates {
        if kind != "wise" {
            continue;
        }
        if let Some(mountain) = estimates.get(&(budget.clone(), "mountain".to_owned())) {
            let half = |e: &Estimate| (e.interval.high - e.interval.low) / 2.0;
            let diff = wise.value - mountain.value;
            let spread = half(wise).hypot(half(mountain));
            println!(
                "  without the Wise men minus without the Mountains, {budget}: {:+.1} points [{:+.1}, {:+.1}]",
                100.0 * diff,
                100.0 * (diff - spread),
                100.0 * (diff + spread)
            );
        }
    }
    Ok(())
}
