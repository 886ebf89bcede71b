//! `jgames match`: games between two engines in pairs (each opening played twice, colours
//! swapped), several at once, scored as wins, draws and losses and as game pairs
//! (pentanomial), with an Elo interval and, when asked, a sequential probability ratio test
//! that stops the match once it decides.

use std::io::Write;
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use abstract_game::record::Record;
use abstract_game::{Evaluate, Game, Solvable, TextGame};
use game_arena::{Arena, Clock, Colours, Openings, Played};
use game_search::{Budget, Engine, EngineSpec};
use game_session::Limits;
use game_stats::{GameResult, Pentanomial, Sprt, SprtResult, Tally};

use crate::progress::STOP;
use crate::sync::{into_inner, locked};
use crate::{CliError, MatchArgs, input};

/// One side of a match: an engine of ours, or an outside program (`ugi:<program> [args]`).
enum Player {
    Spec(EngineSpec),
    External(Vec<String>),
}

impl Player {
    fn of(what: &str, text: &str) -> Result<Player, CliError> {
        match text.strip_prefix("ugi:") {
            Some(command) => {
                let words: Vec<String> = command.split_whitespace().map(str::to_owned).collect();
                if words.is_empty() {
                    return Err(input(format!("{what} {text:?}: ugi: needs a program")));
                }
                Ok(Player::External(words))
            }
            None => Ok(Player::Spec(crate::spec_of(what, text)?)),
        }
    }

    fn build<G: TextGame + Evaluate + Solvable>(
        &self,
        rules: G::Rules,
    ) -> Result<Box<dyn Engine<G>>, CliError> {
        match self {
            Player::Spec(spec) => crate::solve::build_engine::<G>(spec, rules),
            Player::External(command) => {
                let engine = crate::external::UgiEngine::<G>::start(command).map_err(input)?;
                Ok(Box::new(engine))
            }
        }
    }
}

/// A time control `BASE+INC` in seconds (`10+0.1`, `60`): the milliseconds of each.
pub fn parse_time_control(text: &str) -> Result<(u64, u64), String> {
    let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
    let ms = |part: &str| -> Result<u64, String> {
        let seconds: f64 = part
            .trim()
            .parse()
            .map_err(|_| format!("--tc {text:?}: {part:?} is not a number of seconds"))?;
        if !(0.0..=86_400.0 * 365.0).contains(&seconds) {
            return Err(format!("--tc {text:?}: {part:?} is out of range"));
        }
        Ok((seconds * 1000.0).round() as u64)
    };
    let (base, inc) = (ms(base)?, ms(inc)?);
    if base == 0 {
        return Err(format!("--tc {text:?}: the base time must be above 0"));
    }
    Ok((base, inc))
}

/// `elo0=0 elo1=5 alpha=0.05 beta=0.05` (alpha and beta 0.05 when left out).
pub fn parse_sprt(words: &[String]) -> Result<Sprt, String> {
    let mut sprt = Sprt {
        elo0: f64::NAN,
        elo1: f64::NAN,
        alpha: 0.05,
        beta: 0.05,
    };
    for word in words.iter().flat_map(|w| w.split_whitespace()) {
        let (key, value) = word
            .split_once('=')
            .ok_or_else(|| format!("--sprt {word:?}: write key=value"))?;
        let value: f64 = value
            .parse()
            .ok()
            .filter(|v: &f64| v.is_finite())
            .ok_or_else(|| format!("--sprt {word:?}: {value:?} is not a number"))?;
        match key {
            "elo0" => sprt.elo0 = value,
            "elo1" => sprt.elo1 = value,
            "alpha" => sprt.alpha = value,
            "beta" => sprt.beta = value,
            other => {
                return Err(format!(
                    "--sprt: unknown key {other:?} (elo0, elo1, alpha, beta)"
                ));
            }
        }
    }
    if sprt.elo0.is_nan() || sprt.elo1.is_nan() {
        return Err("--sprt needs elo0=... and elo1=...".to_owned());
    }
    if sprt.elo1 <= sprt.elo0 {
        return Err(format!(
            "--sprt: elo1 ({}) must be above elo0 ({})",
            sprt.elo1, sprt.elo0
        ));
    }
    for (name, p) in [("alpha", sprt.alpha), ("beta", sprt.beta)] {
        if !(p > 0.0 && p < 0.5) {
            return Err(format!("--sprt: {name} ({p}) must be between 0 and 0.5"));
        }
    }
    Ok(sprt)
}

/// The openings of `--openings FILE`: position texts, one per line, optionally followed by
/// `|` and moves in notation, and game records (tag lines starting with `[`, then after
/// blank lines the moves, up to the next blank line), whose moves are the opening. Lines
/// starting with `#` are comments.
fn read_openings<G: TextGame>(path: &Path, rules: G::Rules) -> Result<Openings<G>, CliError> {
    let shown = path.display();
    let text = std::fs::read_to_string(path)
        .map_err(|e| input(format!("--openings {shown}: cannot read it: {e}")))?;
    let lines: Vec<&str> = text
        .lines()
        .map(|l| {
            if l.trim_start().starts_with('#') {
                ""
            } else {
                l
            }
        })
        .collect();
    let mut list = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let (number, line) = (i + 1, lines[i].trim());
        let at =
            |e: &dyn std::fmt::Display| input(format!("--openings {shown}: line {number}: {e}"));
        if line.is_empty() {
            i += 1;
        } else if line.starts_with('[') {
            let mut record_text = String::new();
            while i < lines.len() && lines[i].trim_start().starts_with('[') {
                record_text += lines[i];
                record_text.push('\n');
                i += 1;
            }
            while i < lines.len() && lines[i].trim().is_empty() {
                i += 1;
            }
            record_text.push('\n');
            while i < lines.len()
                && !lines[i].trim().is_empty()
                && !lines[i].trim_start().starts_with('[')
            {
                record_text += lines[i];
                record_text.push('\n');
                i += 1;
            }
            let record: Record = record_text.parse().map_err(|e| at(&e))?;
            let replay = record.replay_with::<G>(rules).map_err(|e| at(&e))?;
            list.push((replay.start, replay.moves));
        } else {
            let (position, moves) = line.split_once('|').unwrap_or((line, ""));
            let start = G::from_text(position.trim(), rules).map_err(|e| at(&e))?;
            let mut pos = start.clone();
            let mut played = Vec::new();
            for word in moves.split_whitespace() {
                let mv = pos
                    .parse_move(word)
                    .map_err(|e| at(&format!("move {word:?}: {e}")))?;
                pos.play_unchecked(mv);
                played.push(mv);
            }
            list.push((start, played));
            i += 1;
        }
    }
    Openings::new(list).ok_or_else(|| input(format!("--openings {shown}: no opening in the file")))
}

/// The result of a game for engine A.
fn result_of<G: Game>(game: &Played<G>) -> GameResult {
    match game.winner() {
        Some(side) if side == game.a_side => GameResult::Win,
        Some(_) => GameResult::Loss,
        None => GameResult::Draw,
    }
}

/// The budget of every move of `player` from `--movetime`, `--nodes` and `--depth`, by the one
/// rule of [`Limits`]: none given, the spec's own budget keys, else 100 ms (an outside program
/// has no keys of its own); with `--tc` and no limit, the clock alone.
fn move_budget(args: &MatchArgs, player: &Player) -> Budget {
    let limits = Limits {
        millis: args.movetime,
        nodes: args.nodes,
        depth: args.depth,
    };
    if limits.is_none() && args.tc.is_some() {
        return Budget::DEFAULT;
    }
    match player {
        Player::Spec(spec) => limits.budget(spec),
        Player::External(_) => limits.budget_within(Budget::DEFAULT),
    }
}

/// What the match has counted so far.
#[derive(Default)]
struct MatchCount {
    tally: Tally,
    pairs: Pentanomial,
    /// The first game of each pair whose second is not finished yet, by pair: its result
    /// for A and, for games that score (Jarmo), the points of A and B.
    waiting: Vec<Option<(GameResult, Option<[u32; 2]>)>>,
    time_losses: [u64; 2],
    /// The SPRT's verdict, with the LLR and the number of games when it was reached (games
    /// already under way still finish and count in the other figures).
    decided: Option<(SprtResult, f64, u64)>,
    /// Pairs by each engine's points added over both games: A ahead, level, B ahead.
    by_points: [u64; 3],
    /// The points of A and B over every game that scored.
    points: [u64; 2],
}

impl MatchCount {
    /// Counts game `index` with its `result` for A and, where the game scores, the points of
    /// A and B.
    fn add(&mut self, index: usize, result: GameResult, points: Option<[u32; 2]>) {
        self.tally.add(result);
        let pair = index / 2;
        if self.waiting.len() <= pair {
            self.waiting.resize(pair + 1, None);
        }
        if let Some([a, b]) = points {
            self.points[0] += u64::from(a);
            self.points[1] += u64::from(b);
        }
        let Some((other, other_points)) = self.waiting[pair].take() else {
            self.waiting[pair] = Some((result, points));
            return;
        };
        self.pairs.add(other, result);
        if let (Some([a0, b0]), Some([a1, b1])) = (other_points, points) {
            let (a, b) = (a0 + a1, b0 + b1);
            self.by_points[if a > b {
                0
            } else if a == b {
                1
            } else {
                2
            }] += 1;
        }
    }
}

/// The points of A and B in a game that ended with scores (Jarmo); `None` for games that do
/// not score, for a game lost on time or stopped at the ply cap.
fn points_of<G: TextGame>(game: &Played<G>) -> Option<[u32; 2]> {
    if game.time_loser().is_some() {
        return None;
    }
    let scores = game.end.outcome()?.scores?.0;
    Some([scores[game.a_side.index()], scores[(!game.a_side).index()]])
}

/// A description of the move budgets, for the summary: one when both engines have the same,
/// else each.
fn budget_text(args: &MatchArgs, budgets: [Budget; 2]) -> String {
    if budgets[0] != budgets[1] {
        let [a, b] = budgets.map(|budget| one_budget_text(args, budget));
        return format!("A {a}; B {b}");
    }
    one_budget_text(args, budgets[0])
}

/// A description of one engine's move budget.
fn one_budget_text(args: &MatchArgs, budget: Budget) -> String {
    let mut parts = Vec::new();
    if let Some(tc) = &args.tc {
        parts.push(format!("tc {tc}"));
    }
    if let Some(t) = budget.time {
        parts.push(format!("{} ms a move", t.as_millis()));
    }
    if let Some(n) = budget.nodes {
        parts.push(format!("{n} nodes a move"));
    }
    if let Some(d) = budget.depth {
        parts.push(format!("depth {d}"));
    }
    parts.join(", ")
}

/// `jgames match`: game pairs between two engines, several at once, until `--games` are
/// played or the SPRT decides.
pub fn run_match<G: TextGame + Evaluate + Solvable>(
    start: &G,
    variant: &str,
    args: &MatchArgs,
) -> Result<(), CliError> {
    let specs = [
        Player::of("engine A", &args.engine_a)?,
        Player::of("engine B", &args.engine_b)?,
    ];
    let clock = args
        .tc
        .as_deref()
        .map(parse_time_control)
        .transpose()
        .map_err(input)?;
    let sprt = if args.sprt.is_empty() {
        None
    } else {
        Some(parse_sprt(&args.sprt).map_err(input)?)
    };
    let openings = match &args.openings {
        Some(path) => read_openings(path, start.rules())?,
        None => Openings::one(start.clone()),
    };
    let arena = arena_of(args, clock, &specs);
    let shuffled = args.shuffle.then_some(args.seed);
    if let Some(dir) = &args.records {
        std::fs::create_dir_all(dir).map_err(|e| {
            input(format!(
                "--records {}: cannot create it: {e}",
                dir.display()
            ))
        })?;
    }
    let next = AtomicUsize::new(0);
    let done = AtomicBool::new(false);
    let score = Mutex::new(MatchCount::default());
    let failure: Mutex<Option<CliError>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..args.concurrency.max(1).min(args.games.max(1)) {
            scope.spawn(|| {
                let built = specs[0]
                    .build::<G>(start.rules())
                    .and_then(|a| Ok([a, specs[1].build::<G>(start.rules())?]));
                let mut engines: [Box<dyn Engine<G>>; 2] = match built {
                    Ok(engines) => engines,
                    Err(e) => {
                        locked(&failure).get_or_insert(e);
                        return;
                    }
                };
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let stopped = STOP.load(Ordering::Relaxed) || done.load(Ordering::Relaxed);
                    if index >= args.games as usize || stopped {
                        break;
                    }
                    for engine in engines.iter_mut() {
                        engine.new_game();
                    }
                    let (opening, line) = openings.of_pair(index as u64 / 2, shuffled);
                    let Some(game) = arena.play(opening, line, index as u32, &mut engines, &STOP)
                    else {
                        break;
                    };
                    if STOP.load(Ordering::Relaxed) && !game.end.is_over() {
                        break;
                    }
                    let result = result_of(&game);
                    if let Some(dir) = &args.records {
                        if let Err(e) = write_record(dir, index, &game, variant, args) {
                            locked(&failure).get_or_insert(e);
                        }
                    }
                    let mut s = locked(&score);
                    s.add(index, result, points_of(&game));
                    if let Some(who) = game.time_loser() {
                        s.time_losses[who] += 1;
                    }
                    let llr = sprt.map(|t| t.llr_pentanomial(&s.pairs));
                    if let (Some(test), Some(llr), None) = (sprt, llr, s.decided) {
                        if let Some(verdict) = test.decision(llr) {
                            s.decided = Some((verdict, llr, s.tally.games()));
                            done.store(true, Ordering::Relaxed);
                        }
                    }
                    if !args.quiet {
                        let said = match result {
                            GameResult::Win => "A wins",
                            GameResult::Draw => "draw",
                            GameResult::Loss => "B wins",
                        };
                        let on_time = if game.time_loser().is_some() { " on time" } else { "" };
                        let t = &s.tally;
                        let llr = match (sprt, llr) {
                            (Some(test), Some(llr)) => format!("; LLR {}", test.llr_text(llr)),
                            _ => String::new(),
                        };
                        eprintln!(
                            "game {}/{}: A plays {}, {} plies, {said}{on_time}; A {} D {} B {}, {:.1}%{llr}",
                            index + 1,
                            args.games,
                            G::side_name(game.a_side),
                            game.moves.len(),
                            t.wins,
                            t.draws,
                            t.losses,
                            100.0 * t.score(),
                        );
                    }
                }
            });
        }
    });
    if let Some(e) = into_inner(failure) {
        return Err(e);
    }
    let s = into_inner(score);
    print_summary(&s, args, arena.budgets, clock.is_some(), sprt)?;
    let t = s.tally;
    if t.games() < u64::from(args.games) && s.decided.is_none() {
        return Err(CliError::Interrupted(format!(
            "{} of {} games played",
            t.games(),
            args.games
        )));
    }
    Ok(())
}

/// The games of a match: the random plies of `--opening-plies` (2 without `--openings`),
/// engine A's colour counted from the first engine move, each engine's budget, the
/// clock of `--tc` and the cap of `--max-plies`.
fn arena_of(args: &MatchArgs, clock: Option<(u64, u64)>, players: &[Player; 2]) -> Arena {
    Arena {
        seed: args.seed,
        random_plies: args
            .opening_plies
            .unwrap_or(if args.openings.is_some() { 0 } else { 2 }),
        colours: Colours::FromEngines,
        budgets: [
            move_budget(args, &players[0]),
            move_budget(args, &players[1]),
        ],
        clock: clock.map(|(base_ms, increment_ms)| Clock {
            base_ms,
            increment_ms,
        }),
        max_plies: args.max_plies,
        // A match plays on through repetitions, as the rules do.
        repetition: None,
    }
}

/// Prints the match's figures on stdout, the line `score W D L` last.
fn print_summary(
    s: &MatchCount,
    args: &MatchArgs,
    budgets: [Budget; 2],
    clocked: bool,
    sprt: Option<Sprt>,
) -> Result<(), CliError> {
    let t = s.tally;
    let p = s.pairs;
    let mut out = std::io::stdout().lock();
    writeln!(out, "A: {}", args.engine_a)?;
    writeln!(out, "B: {}", args.engine_b)?;
    writeln!(
        out,
        "games: {} at {}",
        t.games(),
        budget_text(args, budgets)
    )?;
    writeln!(
        out,
        "A wins {}, draws {}, B wins {}",
        t.wins, t.draws, t.losses
    )?;
    writeln!(out, "A scores {:.1}%", 100.0 * t.score())?;
    writeln!(out, "Elo of A over B: {} (95%)", t.elo_text())?;
    writeln!(
        out,
        "pairs: {} (LL {}, LD {}, DD+WL {}, WD {}, WW {})",
        p.pairs(),
        p.ll,
        p.ld,
        p.dd_wl,
        p.wd,
        p.ww
    )?;
    writeln!(out, "Elo of A over B by pairs: {} (95%)", p.elo_text())?;
    writeln!(out, "normalized Elo by pairs: {} (95%)", p.nelo_text())?;
    if s.points != [0, 0] || s.by_points != [0; 3] {
        // The two-game match of the Jarmo text: each pair won by the engine with more points
        // over its two games.
        writeln!(out, "points: A {}, B {}", s.points[0], s.points[1])?;
        writeln!(
            out,
            "pairs by points: A {}, level {}, B {}",
            s.by_points[0], s.by_points[1], s.by_points[2]
        )?;
    }
    if clocked {
        writeln!(
            out,
            "time losses: A {}, B {}",
            s.time_losses[0], s.time_losses[1]
        )?;
    }
    if let Some(test) = sprt {
        let llr = test.llr_pentanomial(&p);
        match s.decided {
            Some((verdict, at, games)) => {
                let verdict = match verdict {
                    SprtResult::H1 => "H1 accepted",
                    SprtResult::H0 => "H0 accepted",
                };
                writeln!(
                    out,
                    "SPRT: LLR {} at game {games}: {verdict}",
                    test.llr_text(at)
                )?;
                if games < t.games() {
                    // Games under way at the verdict finished after it.
                    writeln!(
                        out,
                        "SPRT: LLR {} after all {} games",
                        test.llr_text(llr),
                        t.games()
                    )?;
                }
            }
            None => writeln!(out, "SPRT: LLR {}: no decision", test.llr_text(llr))?,
        }
    }
    writeln!(out, "score {} {} {}", t.wins, t.draws, t.losses)?;
    Ok(())
}

/// Writes the record of game `index` into `dir`, as `<game>-<number>.txt`.
fn write_record<G: TextGame>(
    dir: &Path,
    index: usize,
    game: &Played<G>,
    variant: &str,
    args: &MatchArgs,
) -> Result<(), CliError> {
    let names = [args.engine_a.as_str(), args.engine_b.as_str()];
    let round = index as u64 + 1;
    let record = game
        .record(variant, "jgames match", round, names)
        .map_err(|i| input(format!("game {round}: move {} is not legal", i + 1)))?;
    let path = dir.join(format!("{}-{:04}.txt", G::NAME, index + 1));
    std::fs::write(&path, record.to_string())
        .map_err(|e| input(format!("--records: cannot write {}: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_read_in_seconds() {
        assert_eq!(parse_time_control("10+0.1"), Ok((10_000, 100)));
        assert_eq!(parse_time_control("60"), Ok((60_000, 0)));
        assert_eq!(parse_time_control("0.5+0"), Ok((500, 0)));
        for bad in ["", "x+1", "10+y", "0+1", "-5+1", "1e30"] {
            assert!(parse_time_control(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn sprt_options_read_with_defaults_and_checks() {
        let words = |s: &str| vec![s.to_owned()];
        let t = parse_sprt(&words("elo0=0 elo1=5")).unwrap();
        assert_eq!((t.elo0, t.elo1, t.alpha, t.beta), (0.0, 5.0, 0.05, 0.05));
        let split: Vec<String> = ["elo0=-1", "elo1=3", "alpha=0.1", "beta=0.2"]
            .map(str::to_owned)
            .to_vec();
        let t = parse_sprt(&split).unwrap();
        assert_eq!((t.elo0, t.elo1, t.alpha, t.beta), (-1.0, 3.0, 0.1, 0.2));
        for bad in [
            "elo1=5",
            "elo0=5 elo1=5",
            "elo0=0 elo1=5 alpha=0",
            "elo0=0 elo1=5 beta=0.7",
            "elo0=0 elo1=x",
            "elo0=0 elo1=5 gamma=1",
            "elo0 elo1=5",
            "elo0=nan elo1=5",
        ] {
            assert!(parse_sprt(&words(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn pairs_are_scored_when_both_games_are_in_whatever_the_order() {
        let mut s = MatchCount::default();
        s.add(1, GameResult::Win, None);
        s.add(2, GameResult::Draw, None);
        assert_eq!(s.pairs.pairs(), 0);
        s.add(0, GameResult::Loss, None);
        s.add(3, GameResult::Draw, None);
        assert_eq!((s.pairs.dd_wl, s.pairs.pairs()), (2, 2));
        s.add(5, GameResult::Win, None);
        s.add(4, GameResult::Win, None);
        assert_eq!(s.pairs.ww, 1);
        assert_eq!(s.tally.games(), 6);
        assert_eq!(s.by_points, [0; 3]);
    }

    #[test]
    fn pairs_by_points_add_both_games() {
        // The Jarmo text's match: A loses the first game 2-5 but wins the second 6-1, so A
        // takes the pair by points (8 to 6) while the pair is level by results.
        let mut s = MatchCount::default();
        s.add(0, GameResult::Loss, Some([2, 5]));
        assert_eq!(s.by_points, [0; 3]);
        s.add(1, GameResult::Win, Some([6, 1]));
        assert_eq!(s.by_points, [1, 0, 0]);
        assert_eq!(s.pairs.dd_wl, 1);
        // 3-4 then 4-3: level; 7-0 then 0-8: B by one point.
        s.add(3, GameResult::Win, Some([4, 3]));
        s.add(2, GameResult::Loss, Some([3, 4]));
        s.add(4, GameResult::Win, Some([7, 0]));
        s.add(5, GameResult::Loss, Some([0, 8]));
        assert_eq!(s.by_points, [1, 1, 1]);
        assert_eq!(s.points, [22, 21]);
    }
}
