//! `jgames study`: engine-against-engine games in bulk, their measures with 95% intervals as a
//! table, rows (CSV), JSON and SVG charts, split into work units and merged back.
//!
//! A study is its command line: the presets, the engines, the budgets, the number of games, the
//! seed and the opening plies. Every game follows from these alone (see
//! [`game_study::Study`]), so `--units K --unit I` runs one K-th of the games anywhere, and
//! `--merge` adds the row files of all the units up to exactly the one-machine result. A row
//! file begins with a line naming the study it belongs to; merging refuses rows of another
//! study, a game twice, or a game missing.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::Ordering;
use std::time::Instant;

use abstract_game::evaluate::opening;
use abstract_game::{Evaluate, Game, GameRules, Opening, TextGame};
use game_search::{Budget, EngineSpec};
use game_stats::Estimate;
use game_study::chart::{
    self, EndingBar, Histogram, ResultBar, Series, SkillPoint, SkillSeries, end_label, endings,
    histograms, is_self_play, length_bins, margin_bins, result_bars, skill_trace,
};
use game_study::{Cell, Contestant, GameRow, Study, Summary, Unit};

use crate::progress::{Counters, STOP, duration, with_progress};
use crate::{CliError, StudyArgs, input};

/// The line that opens a row file, before the study's description.
const ROWS_TAG: &str = "# jgames study ";

/// The width of the duration histograms' bins: a round number of plies giving at most about
/// 30 bins up to `longest` plies.
fn histogram_bin(longest: u32) -> u32 {
    [1, 2, 5, 10, 20, 25, 50, 100]
        .into_iter()
        .find(|&w| longest / w <= 30)
        .unwrap_or(200)
}

/// Runs `jgames study` for game `G`.
pub fn run_study<G: TextGame + Evaluate>(args: &StudyArgs) -> Result<(), CliError> {
    let study = study_of::<G>(args)?;
    let key = describe(&study);
    let unit = unit_of(args)?;
    let started = Instant::now();
    let (rows, interrupted) = if args.merge.is_empty() {
        play(&study, unit, args)?
    } else {
        (merge::<G>(&study, &key, &args.merge)?, false)
    };
    if let Some(path) = &args.rows {
        write_rows(path, &key, &rows)?;
    }
    let whole = unit == Unit::ALL;
    let mut out = std::io::stdout().lock();
    if !whole && args.rows.is_none() {
        // A unit's rows are its result: they go to stdout for the merge.
        writeln!(out, "{ROWS_TAG}{key}")?;
        writeln!(out, "{}", GameRow::HEADER)?;
        for row in &rows {
            writeln!(out, "{row}")?;
        }
    } else {
        let table = report::<G>(&study, &rows, budgets_of(args)?.len());
        write!(out, "{table}")?;
        if args.merge.is_empty() {
            writeln!(
                out,
                "{} games in {}",
                rows.len(),
                duration(started.elapsed().as_secs_f64())
            )?;
        }
    }
    if whole {
        if let Some(path) = &args.json {
            let text = json::<G>(&study, &rows);
            std::fs::write(path, text + "\n")
                .map_err(|e| input(format!("--json {}: {e}", path.display())))?;
        }
        if let Some(dir) = &args.charts {
            charts::<G>(&study, &rows, args.skill, dir)?;
        }
    }
    if interrupted {
        return Err(CliError::Interrupted(format!(
            "played {} of {} games",
            rows.len(),
            study.games_of(unit).len()
        )));
    }
    Ok(())
}

/// The study the arguments describe: one cell per preset and budget.
fn study_of<G: TextGame + Evaluate>(args: &StudyArgs) -> Result<Study<G>, CliError> {
    if args.games == 0 || args.games % 2 != 0 {
        return Err(input(format!(
            "--games {}: a study plays every opening twice, colours swapped: give an even \
             number above 0",
            args.games
        )));
    }
    let variants = variants_of::<G>(&args.variants)?;
    let spec = |flag: &str, text: &str| -> Result<EngineSpec, CliError> {
        text.parse::<EngineSpec>()
            .map_err(|e| input(format!("{flag} {text:?}: {e}")))
    };
    let engine = spec("--engine", &args.engine)?;
    let against = match &args.against {
        Some(text) => spec("--against", text)?,
        None => engine,
    };
    let plan = |flag: &str, name: &Option<String>| -> Result<Option<Opening<G>>, CliError> {
        let Some(name) = name else { return Ok(None) };
        opening::<G>(name).map(Some).ok_or_else(|| {
            let known: Vec<&str> = G::OPENINGS.iter().map(|o| o.name).collect();
            input(if known.is_empty() {
                format!("{flag} {name:?}: {} has no opening plans", G::NAME)
            } else {
                format!(
                    "{flag} {name:?}: no such opening plan of {} (known: {})",
                    G::NAME,
                    known.join(", ")
                )
            })
        })
    };
    let opening_a = plan("--opening", &args.opening)?;
    let opening_b = plan("--against-opening", &args.against_opening)?;
    let budgets = budgets_of(args)?;
    let mut cells = Vec::new();
    for (variant, rules) in &variants {
        for &(a, b) in &budgets {
            let mut first = Contestant::new(engine, a);
            first.opening = opening_a;
            let mut second = Contestant::new(against, b);
            second.opening = opening_b;
            cells.push(Cell {
                variant: variant.clone(),
                rules: *rules,
                players: [first, second],
            });
        }
    }
    let starts = match &args.starts {
        Some(path) => starts_of::<G>(path, &cells)?,
        None => Vec::new(),
    };
    Ok(Study {
        cells,
        games: args.games,
        seed: args.seed,
        opening_plies: args.opening_plies,
        max_plies: args.max_plies,
        repetition: (args.repetition > 0).then_some(args.repetition),
        starts,
    })
}

/// The positions of the `--starts` file, one list per cell, each position under its cell's
/// rules: every line must be a position of a game still going under every cell's rules.
fn starts_of<G: TextGame>(path: &Path, cells: &[Cell<G>]) -> Result<Vec<Vec<G>>, CliError> {
    let name = path.display();
    let text = std::fs::read_to_string(path)
        .map_err(|e| input(format!("--starts {name}: cannot read it: {e}")))?;
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
        .collect();
    if lines.is_empty() {
        return Err(input(format!(
            "--starts {name}: no positions (one position text a line, `#` for comments)"
        )));
    }
    cells
        .iter()
        .map(|cell| {
            lines
                .iter()
                .map(|&(number, line)| {
                    let at = |why: String| {
                        input(format!(
                            "--starts {name}: line {number}, {}: {why}",
                            cell.variant
                        ))
                    };
                    let pos = G::from_text(line, cell.rules).map_err(|e| at(e.to_string()))?;
                    match pos.outcome() {
                        Some(outcome) => Err(at(format!(
                            "the game is already over ({})",
                            G::describe(outcome)
                        ))),
                        None => Ok(pos),
                    }
                })
                .collect()
        })
        .collect()
}

/// The rules of `--variants` (`all` presets, or variant texts separated by commas: a preset,
/// then any `+switch`), in the order given.
fn variants_of<G: Game>(text: &str) -> Result<Vec<(String, G::Rules)>, CliError> {
    let presets = G::Rules::PRESETS;
    if text.trim() == "all" {
        return Ok(presets
            .iter()
            .map(|p| (p.name.to_owned(), p.rules))
            .collect());
    }
    let mut chosen: Vec<(String, G::Rules)> = Vec::new();
    for name in text.split(',').map(str::trim) {
        let rules = G::Rules::variant(G::NAME, name)
            .map_err(|e| input(format!("--variants {name:?}: {e}")))?;
        if chosen.iter().any(|(n, _)| n == name) {
            return Err(input(format!("--variants: {name:?} is given twice")));
        }
        chosen.push((name.to_owned(), rules));
    }
    Ok(chosen)
}

/// The budget pairs (engine A's, engine B's) of the cells: each of `--nodes` or `--depth`
/// for both engines, or with `--skill` for A against B at half the nodes or one ply less.
fn budgets_of(args: &StudyArgs) -> Result<Vec<(Budget, Budget)>, CliError> {
    let list = |flag: &str, text: &str| -> Result<Vec<u64>, CliError> {
        text.split(',')
            .map(|t| match t.trim().parse::<u64>() {
                Ok(n) if n > 0 => Ok(n),
                _ => Err(input(format!(
                    "{flag} {text:?}: {t:?} is not a whole number above 0"
                ))),
            })
            .collect()
    };
    let mut pairs = Vec::new();
    if let Some(text) = &args.nodes {
        for n in list("--nodes", text)? {
            let b = if args.skill { (n / 2).max(1) } else { n };
            pairs.push((Budget::DEFAULT.with_nodes(n), Budget::DEFAULT.with_nodes(b)));
        }
    } else if let Some(text) = &args.depth {
        for d in list("--depth", text)? {
            let d = u32::try_from(d)
                .ok()
                .filter(|&d| d <= 64)
                .ok_or_else(|| input(format!("--depth {text:?}: {d} is deeper than 64 plies")))?;
            if args.skill && d < 2 {
                return Err(input(format!(
                    "--depth {text:?} with --skill: the weaker engine searches one ply less, so \
                     every depth must be 2 or more"
                )));
            }
            let b = if args.skill { d - 1 } else { d };
            pairs.push((Budget::DEFAULT.with_depth(d), Budget::DEFAULT.with_depth(b)));
        }
    }
    Ok(pairs)
}

/// The unit of `--units K --unit I`, the whole study without them.
fn unit_of(args: &StudyArgs) -> Result<Unit, CliError> {
    match (args.units, args.unit) {
        (None, None) => Ok(Unit::ALL),
        (Some(count), Some(index)) if index < count => Ok(Unit { index, count }),
        (Some(count), Some(index)) => Err(input(format!(
            "--unit {index}: the units of --units {count} are 0 to {}",
            count - 1
        ))),
        // clap ties the two flags together; this is only reached if that changes.
        _ => Err(input("--units and --unit go together".to_owned())),
    }
}

/// One line naming the study: what a row file must match to be merged.
fn describe<G: TextGame + Evaluate>(study: &Study<G>) -> String {
    let cells: Vec<String> = study
        .cells
        .iter()
        .map(|c| {
            format!(
                "{}: {} vs {}",
                c.variant,
                c.players[0].describe(),
                c.players[1].describe()
            )
        })
        .collect();
    // A study from given positions names them by their number and a digest of their texts.
    let starts = match study.starts.first() {
        Some(list) if !list.is_empty() => {
            let digest = list.iter().fold(0u64, |h, pos| {
                pos.to_text()
                    .bytes()
                    .fold(h, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
            });
            format!(" starts {} ({digest:016x})", list.len())
        }
        _ => String::new(),
    };
    format!(
        "{} games {} seed {} opening-plies {} max-plies {}{starts} | {}",
        G::NAME,
        study.games,
        study.seed,
        study.opening_plies,
        study.max_plies,
        cells.join(" | ")
    )
}

/// Plays the games of `unit` on the threads asked for, with progress on stderr; the rows and
/// whether Ctrl-C cut the run short.
fn play<G: Game + Evaluate>(
    study: &Study<G>,
    unit: Unit,
    args: &StudyArgs,
) -> Result<(Vec<GameRow>, bool), CliError> {
    let threads = match args.threads {
        Some(n) => n as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let counters = Counters::default();
    counters
        .total
        .store(study.games_of(unit).len() as u64, Ordering::Relaxed);
    let on_row = |_: &GameRow| {
        counters.done.fetch_add(1, Ordering::Relaxed);
    };
    let rows = with_progress(args.quiet, "games", &counters, || {
        study.run(unit, threads, &STOP, &on_row)
    });
    Ok((rows, STOP.load(Ordering::Relaxed)))
}

/// The rows of the files given to `--merge`, checked to be the whole of this study, each game
/// once.
fn merge<G: Game + Evaluate>(
    study: &Study<G>,
    key: &str,
    files: &[std::path::PathBuf],
) -> Result<Vec<GameRow>, CliError> {
    let mut rows = Vec::new();
    for path in files {
        let name = path.display();
        let text =
            std::fs::read_to_string(path).map_err(|e| input(format!("--merge {name}: {e}")))?;
        let mut lines = text.lines().enumerate();
        match lines.next() {
            Some((_, line)) if line.strip_prefix(ROWS_TAG) == Some(key) => {}
            Some((_, line)) if line.starts_with(ROWS_TAG) => {
                return Err(input(format!(
                    "--merge {name}: its rows are of another study ({:?}); this one is {key:?}",
                    &line[ROWS_TAG.len()..]
                )));
            }
            _ => {
                return Err(input(format!(
                    "--merge {name}: not a row file of `jgames study` (its first line must \
                     begin {:?})",
                    ROWS_TAG.trim_end()
                )));
            }
        }
        for (i, line) in lines {
            if line.trim().is_empty() || GameRow::is_header(line) {
                continue;
            }
            let row = GameRow::parse::<G>(line)
                .map_err(|e| input(format!("--merge {name}: line {}: {e}", i + 1)))?;
            if row.cell as usize >= study.cells.len() || row.game >= study.games {
                return Err(input(format!(
                    "--merge {name}: line {}: game {} of cell {} is not in the study",
                    i + 1,
                    row.game,
                    row.cell
                )));
            }
            rows.push(row);
        }
    }
    rows.sort_unstable_by_key(|r| (r.cell, r.game));
    let mut seen = BTreeSet::new();
    for row in &rows {
        if !seen.insert((row.cell, row.game)) {
            return Err(input(format!(
                "--merge: game {} of cell {} is given twice",
                row.game, row.cell
            )));
        }
    }
    if let Some((cell, game)) = study
        .games_of(Unit::ALL)
        .into_iter()
        .find(|g| !seen.contains(g))
    {
        return Err(input(format!(
            "--merge: game {game} of cell {cell} is missing ({} of {} games given)",
            rows.len(),
            study.total()
        )));
    }
    Ok(rows)
}

/// Writes `rows` to `path` as a row file of the study `key`.
fn write_rows(path: &Path, key: &str, rows: &[GameRow]) -> Result<(), CliError> {
    let mut text = format!("{ROWS_TAG}{key}\n{}\n", GameRow::HEADER);
    for row in rows {
        let _ = writeln!(text, "{row}");
    }
    std::fs::write(path, text).map_err(|e| input(format!("--rows {}: {e}", path.display())))
}

/// The rows of each cell, in the study's order.
fn by_cell<'a, G: Game>(study: &Study<G>, rows: &'a [GameRow]) -> Vec<&'a [GameRow]> {
    (0..study.cells.len() as u32)
        .map(|cell| {
            let start = rows.partition_point(|r| r.cell < cell);
            let end = rows.partition_point(|r| r.cell <= cell);
            &rows[start..end]
        })
        .collect()
}

/// A cell's heading: preset and engines.
fn cell_title<G: Game + Evaluate>(cell: &Cell<G>) -> String {
    let [a, b] = &cell.players;
    format!("{}: A {} vs B {}", cell.variant, a.describe(), b.describe())
}

/// `Some(estimate)` as a percentage with its interval, `-` without games.
fn percent(e: Option<Estimate>) -> String {
    e.map_or_else(|| "-".to_owned(), |e| e.percent())
}

/// The table of measures, cell after cell.
///
/// The cells run variant after variant, `budgets` cells each; a cell of a later variant is
/// also compared game by game with the first variant's cell at the same budget: both played
/// the same openings with the same engines, so a rule that never came into play leaves every
/// game as it was.
fn report<G: Game + Evaluate>(study: &Study<G>, rows: &[GameRow], budgets: usize) -> String {
    let mut t = String::new();
    let cells = by_cell(study, rows);
    for (i, (cell, rows)) in study.cells.iter().zip(cells.iter().copied()).enumerate() {
        let _ = writeln!(t, "cell {i}  {}", cell_title(cell));
        let Some(s) = Summary::of::<G>(rows) else {
            let _ = writeln!(t, "  no games\n");
            continue;
        };
        let record = |r: &game_study::Record| format!("+{} ={} -{}", r.wins, r.draws, r.losses);
        let first = G::side_name(s.first);
        let _ = writeln!(
            t,
            "  games          {} from {} openings (the intervals count openings)",
            s.games,
            s.openings()
        );
        let _ = writeln!(
            t,
            "  first mover    {first}: score {}  {}",
            percent(s.first_mover_score()),
            record(&s.first_mover)
        );
        let _ = writeln!(
            t,
            "  decided games  {first}: score {}  ({} games with a winner)",
            percent(s.first_mover_decided_score()),
            s.decided()
        );
        let _ = writeln!(
            t,
            "  engine A       score {}  {}",
            percent(s.a_score()),
            record(&s.a)
        );
        let sides: Vec<String> = abstract_game::Side::BOTH
            .iter()
            .map(|&side| {
                format!(
                    "{}: score {}",
                    G::side_name(side),
                    percent(s.side_score(side))
                )
            })
            .collect();
        let _ = writeln!(t, "  sides          {}", sides.join("  "));
        let _ = writeln!(t, "  draws          {}", percent(s.draw_rate()));
        let _ = writeln!(t, "  decisive       {}", percent(s.decisiveness()));
        let _ = writeln!(
            t,
            "  completed      {}  ({} stopped at {} plies)",
            percent(s.completion()),
            s.capped,
            study.max_plies
        );
        let shortest = s.plies.iter().min().copied().unwrap_or(0);
        let longest = s.plies.iter().max().copied().unwrap_or(0);
        let _ = writeln!(
            t,
            "  plies          mean {}  median {}  range {shortest}-{longest}",
            s.duration().map_or("-".to_owned(), |e| e.fixed(1)),
            s.median_plies().unwrap_or(0)
        );
        let _ = writeln!(
            t,
            "  branching      {:.1} moves per position",
            s.branching().unwrap_or(0.0)
        );
        for ending in G::ENDINGS {
            let _ = writeln!(
                t,
                "  ending {:<24} {}",
                ending.name(),
                percent(s.ending_rate(*ending))
            );
        }
        if s.traced() || s.repeated > 0 {
            let _ = writeln!(
                t,
                "  stopped        by a rule {}  repetition {}  cap {}",
                percent(s.completion()),
                percent(s.repetition_rate()),
                percent(s.cap_rate())
            );
        }
        if s.traced() {
            course(&mut t, &s);
        }
        if let Some(margin) = s.margin() {
            let _ = writeln!(
                t,
                "  margin         {}  (first mover's points minus the other's)",
                margin.fixed(2)
            );
        }
        let p = s.pairs_by_results;
        let _ = writeln!(
            t,
            "  pairs          by results: A {}  level {}  B {}",
            p.a, p.level, p.b
        );
        if let Some(p) = s.pairs_by_points {
            let _ = writeln!(
                t,
                "                 by points:  A {}  level {}  B {}",
                p.a, p.level, p.b
            );
        }
        if budgets > 0 && i >= budgets {
            let base = i % budgets;
            let same = same_games(cells[base], rows);
            let _ = writeln!(
                t,
                "  same games     {same} of {} as {} (same winner, ending, plies and moves to \
                 choose from)",
                rows.len(),
                study.cells[base].variant
            );
        }
        let _ = writeln!(t);
    }
    t
}

/// The lines of the table on the course of the games, from their traces (see
/// [`game_study::measures`]): each per-game measure's mean over the games it applies to.
fn course(t: &mut String, s: &Summary) {
    let value = |name: &str, digits: usize| -> String {
        let Some(m) = game_study::measures::row_measure(name) else {
            return "-".to_owned();
        };
        match s.per_game(m.of) {
            Some(e) if m.share => e.percent(),
            Some(e) => e.fixed(digits),
            None => "-".to_owned(),
        }
    };
    let dead = game_study::measures::DEAD_ZONE;
    let lines = [
        format!(
            "lead changes   {} a game (a lead: evaluation beyond ±{dead})",
            value("lead_changes", 2)
        ),
        format!(
            "drama          winner's worst {}  behind at {} of its plies",
            value("drama", 0),
            value("winner_behind", 1)
        ),
        format!(
            "evaluations    change a ply {}  within ±{dead} {}",
            value("stability", 0),
            value("uncertainty", 1)
        ),
        format!(
            "decided at     {} of the game (winner leads from there on)",
            value("decided_at", 1)
        ),
        format!(
            "repeated       {} of positions seen before",
            value("repetition", 1)
        ),
        format!(
            "moves          max {}  change a ply {}",
            value("branching_max", 1),
            value("branching_change", 1)
        ),
        format!(
            "pieces         start {}  end {}  captures {}  plies between {}",
            value("pieces_start", 1),
            value("pieces_end", 1),
            value("captures", 1),
            value("plies_between_captures", 1)
        ),
        format!(
            "complexity     {} (log10 of the legal moves multiplied along a game)",
            value("complexity", 1)
        ),
    ];
    for line in lines {
        let _ = writeln!(t, "  {line}");
    }
}

/// How many games of `rows` went exactly as the game of the same number in `base`, as far as
/// the rows tell: the same winner, ending and length, and the same number of legal moves summed
/// along the way.
fn same_games(base: &[GameRow], rows: &[GameRow]) -> usize {
    rows.iter()
        .filter(|r| {
            base.iter().any(|b| {
                b.game == r.game
                    && (b.winner, b.ending, b.plies, b.choices)
                        == (r.winner, r.ending, r.plies, r.choices)
            })
        })
        .count()
}

/// The study and the measures of each cell as JSON.
fn json<G: Game + Evaluate>(study: &Study<G>, rows: &[GameRow]) -> String {
    let cells: Vec<serde_json::Value> = study
        .cells
        .iter()
        .zip(by_cell(study, rows))
        .map(|(cell, rows)| {
            let summary = Summary::of::<G>(rows);
            let measures = summary.as_ref().map(|s| {
                let endings: serde_json::Map<String, serde_json::Value> = G::ENDINGS
                    .iter()
                    .map(|e| (e.name().to_owned(), serde_json::json!(s.ending_rate(*e))))
                    .collect();
                serde_json::json!({
                    "first_mover_score": s.first_mover_score(),
                    "first_mover_decided_score": s.first_mover_decided_score(),
                    "decided": s.decided(),
                    "a_score": s.a_score(),
                    "side_scores": abstract_game::Side::BOTH.map(|side| s.side_score(side)),
                    "draw_rate": s.draw_rate(),
                    "decisiveness": s.decisiveness(),
                    "completion": s.completion(),
                    "plies": s.duration(),
                    "median_plies": s.median_plies(),
                    "openings": s.openings(),
                    "branching": s.branching(),
                    "margin": s.margin(),
                    "endings": endings,
                    "stops": {
                        "rule": s.completion(),
                        "repetition": s.repetition_rate(),
                        "cap": s.cap_rate(),
                    },
                    "course": course_json(s),
                })
            });
            serde_json::json!({
                "variant": cell.variant,
                "a": cell.players[0].describe(),
                "b": cell.players[1].describe(),
                "summary": summary,
                "measures": measures,
            })
        })
        .collect();
    let doc = serde_json::json!({
        "game": G::NAME,
        "games_per_cell": study.games,
        "seed": study.seed,
        "opening_plies": study.opening_plies,
        "max_plies": study.max_plies,
        "repetition": study.repetition,
        "starts": study.starts.first().map_or(0, Vec::len),
        "cells": cells,
    });
    serde_json::to_string_pretty(&doc).unwrap_or_default()
}

/// The per-game measures of the traces as a JSON object, by name (empty without traces).
fn course_json(s: &Summary) -> serde_json::Value {
    let map: serde_json::Map<String, serde_json::Value> = if s.traced() {
        game_study::measures::ROW_MEASURES
            .iter()
            .map(|m| (m.name.to_owned(), serde_json::json!(s.per_game(m.of))))
            .collect()
    } else {
        serde_json::Map::new()
    };
    serde_json::Value::Object(map)
}

/// Writes the charts of the study into `dir`: `results.svg` (the first mover's results per
/// cell, and the draw share), `a-results.svg` (engine A's, unless every cell is an engine
/// against itself, where A scores 50% by construction), `skill.svg` (with `--skill`: A's score
/// against its budget), `endings.svg` (how the games ended), `margins.svg` (for games that
/// score: the first mover's points margin) and `lengths.svg` (the duration histograms).
fn charts<G: Game + Evaluate>(
    study: &Study<G>,
    rows: &[GameRow],
    skill: bool,
    dir: &Path,
) -> Result<(), CliError> {
    let shares = |r: &game_study::Record| {
        let n = r.games().max(1) as f64;
        [r.wins as f64 / n, r.draws as f64 / n, r.losses as f64 / n]
    };
    let cells = by_cell(study, rows);
    let mut first_bars = Vec::new();
    let mut a_bars = Vec::new();
    let mut ending_bars = Vec::new();
    let mut skill_series: Vec<SkillSeries> = Vec::new();
    let mut labelled = Vec::new();
    for (cell, rows) in study.cells.iter().zip(cells.iter().copied()) {
        let Some(s) = Summary::of::<G>(rows) else {
            continue;
        };
        let [a, b] = &cell.players;
        let label = if a.describe() == b.describe() {
            format!("{}, {}", cell.variant, a.describe())
        } else {
            format!("{}, {} vs {}", cell.variant, a.describe(), b.describe())
        };
        first_bars.push(ResultBar {
            label: label.clone(),
            shares: shares(&s.first_mover),
            score: s.first_mover_score(),
            draws: s.draw_rate(),
        });
        a_bars.push(ResultBar {
            label: label.clone(),
            shares: shares(&s.a),
            score: s.a_score(),
            draws: s.draw_rate(),
        });
        // The rules' endings in the game's order, then any other end the rows name.
        let mut counts: Vec<(String, u64)> = G::ENDINGS
            .iter()
            .map(|e| (e.name().to_owned(), 0))
            .collect();
        for row in rows {
            let name = end_label(row);
            match counts.iter_mut().find(|(n, _)| n == name) {
                Some(slot) => slot.1 += 1,
                None => counts.push((name.to_owned(), 1)),
            }
        }
        ending_bars.push(EndingBar {
            label: label.clone(),
            counts,
        });
        let budget = a.budget;
        let rung = budget
            .nodes
            .or(budget.iterations)
            .map(|n| n as f64)
            .or(budget.depth.map(f64::from));
        if let (Some(rung), Some(score)) = (rung, s.a_score()) {
            let point = SkillPoint {
                budget: rung,
                score,
            };
            match skill_series.iter_mut().find(|x| x.label == cell.variant) {
                Some(series) => series.points.push(point),
                None => skill_series.push(SkillSeries {
                    label: cell.variant.clone(),
                    points: vec![point],
                }),
            }
        }
        labelled.push((label, rows));
    }
    std::fs::create_dir_all(dir).map_err(|e| input(format!("--charts {}: {e}", dir.display())))?;
    let game = G::NAME;
    let mut files = vec![(
        "results.svg",
        result_bars(
            &format!("{game}: results of the side that moves first"),
            ["first mover wins", "draws", "first mover loses"],
            &first_bars,
        ),
    )];
    if !study.cells.iter().all(is_self_play) {
        files.push((
            "a-results.svg",
            result_bars(
                &format!("{game}: results of engine A"),
                ["A wins", "draws", "A loses"],
                &a_bars,
            ),
        ));
    }
    if skill {
        let unit = match study.cells.first().map(|c| c.players[0].budget) {
            Some(b) if b.nodes.is_some() => "nodes a move",
            Some(b) if b.iterations.is_some() => "iterations a move",
            _ => "search depth in plies",
        };
        files.push((
            "skill.svg",
            skill_trace(
                &format!("{game}: skill trace, engine A against itself at half the budget"),
                &format!("engine A's budget ({unit}, log scale)"),
                &skill_series,
            ),
        ));
    }
    files.push((
        "endings.svg",
        endings(&format!("{game}: how the games ended"), &ending_bars),
    ));
    if let Some(svg) = margin_chart(game, &labelled) {
        files.push(("margins.svg", svg));
    }
    files.push((
        "lengths.svg",
        length_chart(game, study.max_plies, &labelled),
    ));
    for (name, svg) in files {
        let path = dir.join(name);
        std::fs::write(&path, svg)
            .map_err(|e| input(format!("--charts {}: {e}", path.display())))?;
    }
    Ok(())
}

/// The histograms of the first mover's points margin, one panel per cell with games that
/// score, one bin a point over the range of every cell's margins; `None` when no game scores.
fn margin_chart(game: &str, cells: &[(String, &[GameRow])]) -> Option<String> {
    let margins: Vec<i64> = cells
        .iter()
        .flat_map(|(_, rows)| rows.iter().filter_map(chart::margin_of))
        .collect();
    let low = *margins.iter().min()?;
    let high = *margins.iter().max()?;
    let series: Vec<Series> = cells
        .iter()
        .filter_map(|(label, rows)| {
            let scored = rows.iter().filter(|r| r.scores.is_some()).count();
            (scored > 0).then(|| Series {
                label: if scored == rows.len() {
                    format!("{label} ({scored} games)")
                } else {
                    format!("{label} ({scored} of {} games scored)", rows.len())
                },
                bins: margin_bins(rows, low, high),
            })
        })
        .collect();
    Some(histograms(&Histogram {
        title: &format!("{game}: the first mover's points margin"),
        x_title: "first mover's points minus the second mover's, per game",
        start: low,
        width: 1,
        centres: true,
        open_end: false,
        segments: &chart::MARGIN_SEGMENTS,
        series: &series,
    }))
}

/// The histograms of game lengths, one panel per cell, on one scale from about the shortest
/// game: bins cover the lengths up to the 95th percentile and the last bin also holds the
/// longer games, so that a few very long games do not squeeze the rest into two bins; the
/// games stopped at the cap (`max_plies`) are a segment of their own.
fn length_chart(game: &str, max_plies: u32, cells: &[(String, &[GameRow])]) -> String {
    let mut lengths: Vec<u32> = cells
        .iter()
        .flat_map(|(_, rows)| rows.iter().map(|r| r.plies))
        .collect();
    lengths.sort_unstable();
    let shortest = lengths.first().copied().unwrap_or(0);
    let longest = lengths.last().copied().unwrap_or(0);
    let p95 = lengths
        .get(lengths.len().saturating_sub(1) * 95 / 100)
        .copied()
        .unwrap_or(0);
    let bin = histogram_bin(p95 - shortest);
    let start = shortest / bin * bin;
    let count = (p95 - start) / bin + 1;
    let folded = (longest - start) / bin + 1 > count;
    let series: Vec<Series> = cells
        .iter()
        .map(|(label, rows)| Series {
            label: format!("{label} ({} games)", rows.len()),
            bins: length_bins(rows, start, bin, count as usize),
        })
        .collect();
    let x_title = if folded {
        format!(
            "game length (plies), bins of {bin}; the last bin holds every game of {} plies \
             or more (the cap is {max_plies})",
            start + bin * (count - 1)
        )
    } else {
        format!("game length (plies), bins of {bin} (the cap is {max_plies})")
    };
    histograms(&Histogram {
        title: &format!("{game}: game length per cell"),
        x_title: &x_title,
        start: i64::from(start),
        width: bin,
        centres: false,
        open_end: folded,
        segments: &chart::LENGTH_SEGMENTS,
        series: &series,
    })
}
