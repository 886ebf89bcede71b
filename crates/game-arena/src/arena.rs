//! The game loop: the opening line, the random plies of the game's pair, then the two engines
//! in turn, each within its budget and, under a clock, its time, until the rules end the game,
//! the ply cap stops it or an engine forfeits, or (when the arena counts them) a position
//! comes back once too often.
//!
//! Along the way the arena keeps a [`Ply`] for every position where a move was chosen (random
//! plies and engine moves, not the fixed opening line): the root evaluation of the engine that
//! moved, the legal moves, the pieces in play and how often the position had occurred before.
//! The studies measure a game's course from this trace.
//!
//! Everything a game depends on comes in through [`Arena`] and the arguments of
//! [`Arena::play`]; with node or depth budgets and no clock, a game is a function of them
//! alone, which is what lets studies split their games over machines and merge them exactly.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use abstract_game::playout::{Rng, game_seed};
use abstract_game::{Game, Side};
use game_search::{Budget, Engine, Score, SearchInfo};

use crate::{Clock, Finish, Played, Ply};

/// The bound of the evaluations in a trace: a heuristic value beyond it is cut to it, and a
/// proven win or loss (a mate score) is written as `+EVAL_CLAMP` or `-EVAL_CLAMP`. The games'
/// evaluations count about 100 for a pawn-like piece, so the bound is a hundred such pieces:
/// above any heuristic value met in play, and small enough that one proven result does not
/// swamp a mean over a game.
pub const EVAL_CLAMP: i32 = 10_000;

/// The root evaluation of a search as a plain integer from `first`'s view (`mover` moved),
/// within [`EVAL_CLAMP`]; `None` for an engine that searched nothing (no depth, nodes or
/// iterations: the random player, an opening plan's move), whose score means nothing.
pub fn trace_eval<G: Game>(info: &SearchInfo<G>, mover: Side, first: Side) -> Option<i32> {
    if info.depth == 0 && info.nodes == 0 && info.iterations == 0 {
        return None;
    }
    let value = match info.score {
        Score::Value(v) => v.clamp(-EVAL_CLAMP, EVAL_CLAMP),
        Score::Win(_) => EVAL_CLAMP,
        Score::Loss(_) => -EVAL_CLAMP,
    };
    Some(if mover == first { value } else { -value })
}

/// Where engine A's side is counted from: A plays the side to move there in even games and the
/// other side in odd games, so that both games of a pair see the same opening with the colours
/// swapped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colours {
    /// The side to move in the start position, before any opening move (the studies: A moves
    /// first in even games, whatever the random plies leave).
    FromStart,
    /// The side to move where the engines take over, after the opening line and the random
    /// plies (`jgames match`: A makes the first engine move in even games).
    FromEngines,
}

/// How every game between two engines is played: what is the same for all of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arena {
    /// The seed of the random opening plies: pair `k` (games `2k` and `2k + 1`) draws them
    /// from `game_seed(seed, k)`.
    pub seed: u64,
    /// Random plies played after the opening line, before the engines take over (fewer if the
    /// game ends first).
    pub random_plies: u32,
    /// Which side engine A plays.
    pub colours: Colours,
    /// The budget of each move of engine A and of engine B.
    pub budgets: [Budget; 2],
    /// A clock per engine; on top of the budgets, each move may take the clock's allotment,
    /// and an engine whose move takes longer than its time left loses.
    pub clock: Option<Clock>,
    /// The most plies the engines play; a game still going then stops, with no winner.
    pub max_plies: u32,
    /// When set to `n`, a game stops, with no winner ([`Finish::Repetition`]), as soon as one
    /// position with the same side to move occurs for the `n`th time, the start, the opening
    /// line and the random plies included. `None` (what `jgames match` keeps) plays on: this
    /// is how a study counts, not a rule of any game.
    pub repetition: Option<u32>,
}

impl Arena {
    /// Engines with `budgets` and the given colours, no random plies (seed 0), no clock and a
    /// cap of 400 engine plies.
    pub const fn new(colours: Colours, budgets: [Budget; 2]) -> Arena {
        Arena {
            seed: 0,
            random_plies: 0,
            colours,
            budgets,
            clock: None,
            max_plies: 400,
            repetition: None,
        }
    }

    /// Plays game `game` from `start`: the moves of `line` (legal moves, played unchecked),
    /// the random plies of pair `game / 2`, then `engines[0]` (A) and `engines[1]` (B) in
    /// turn. The engines are used as they are: a caller that reuses them between games calls
    /// [`Engine::new_game`] first. Returns `None` when `stop` is set before the game ends.
    pub fn play<G: Game>(
        &self,
        start: &G,
        line: &[G::Move],
        game: u32,
        engines: &mut [Box<dyn Engine<G>>; 2],
        stop: &AtomicBool,
    ) -> Option<Played<G>> {
        let mut board = Board {
            pos: start.clone(),
            moves: Vec::with_capacity(line.len() + self.random_plies as usize),
            choices: 0,
            first: start.side_to_move(),
            trace: Vec::new(),
            seen: HashMap::new(),
            repeated: false,
        };
        board.count_position(self.repetition);
        for &mv in line {
            board.play(mv, self.repetition);
        }
        let mut rng = Rng::seed_from_u64(game_seed(self.seed, u64::from(game / 2)));
        for _ in 0..self.random_plies {
            if board.pos.is_over() || board.repeated {
                break;
            }
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            let moves = board.pos.count_legal_moves();
            board.choices += moves as u64;
            // A game goes on exactly while it has a legal move.
            let Some(mv) = board.pos.random_move(&mut rng) else {
                break;
            };
            board.note(None, moves);
            board.play(mv, self.repetition);
        }
        let reference = match self.colours {
            Colours::FromStart => start.side_to_move(),
            Colours::FromEngines => board.pos.side_to_move(),
        };
        let a_side = if game % 2 == 0 { reference } else { !reference };
        let opening_len = board.moves.len();
        let opening_key = board.pos.zobrist();
        let finish = self.engines_play(&mut board, a_side, engines, stop)?;
        Some(Played {
            start: start.clone(),
            moves: board.moves,
            opening_len,
            opening_key,
            end: board.pos,
            a_side,
            finish,
            choices: board.choices,
            trace: board.trace,
        })
    }

    /// The engines' part of a game: moves until the game ends, the cap or a forfeit; `None`
    /// when `stop` is set first.
    fn engines_play<G: Game>(
        &self,
        board: &mut Board<G>,
        a_side: Side,
        engines: &mut [Box<dyn Engine<G>>; 2],
        stop: &AtomicBool,
    ) -> Option<Finish> {
        let mut left = self.clock.map(|clock| [clock.base_ms; 2]);
        let mut plies = 0;
        loop {
            if board.pos.is_over() {
                return Some(Finish::Rule);
            }
            if board.repeated {
                return Some(Finish::Repetition);
            }
            if plies >= self.max_plies {
                return Some(Finish::PlyCap);
            }
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            let moves = board.pos.count_legal_moves();
            board.choices += moves as u64;
            let mover = board.pos.side_to_move();
            let who = usize::from(mover != a_side);
            let mut budget = self.budgets[who];
            if let (Some(left), Some(clock)) = (left, self.clock) {
                budget = budget.with_time(clock.allotment(left[who]));
            }
            let began = Instant::now();
            let chosen = engines[who].choose(&board.pos, &budget);
            if let (Some(left), Some(clock)) = (left.as_mut(), self.clock) {
                let spent = began.elapsed().as_millis() as u64;
                let Some(now) = clock.after_move(left[who], spent) else {
                    return Some(Finish::OutOfTime(mover));
                };
                left[who] = now;
            }
            let eval = chosen
                .as_ref()
                .and_then(|(_, info)| trace_eval(info, mover, board.first));
            let mv = chosen.map(|(mv, _)| mv);
            // Our engines always play a legal move; an outside program that fails to, or stops
            // answering, loses the game.
            let Some(mv) = mv.filter(|&mv| board.pos.is_legal(mv)) else {
                return Some(Finish::NoMove(mover));
            };
            board.note(eval, moves);
            board.play(mv, self.repetition);
            plies += 1;
        }
    }
}

/// A game in progress: the position, the moves from the start, the legal moves summed over
/// the positions where a move was chosen, the trace of those positions and how often each
/// position (with its side to move) has occurred.
struct Board<G: Game> {
    pos: G,
    moves: Vec<G::Move>,
    choices: u64,
    /// The side to move at the start: the evaluations' point of view.
    first: Side,
    trace: Vec<Ply>,
    /// Occurrences so far of each position, by key and side to move.
    seen: HashMap<(u64, Side), u32>,
    /// Whether a position has occurred as often as the arena's repetition count allows.
    repeated: bool,
}

impl<G: Game> Board<G> {
    fn play(&mut self, mv: G::Move, repetition: Option<u32>) {
        self.pos.play_unchecked(mv);
        self.moves.push(mv);
        self.count_position(repetition);
    }

    /// Counts one more occurrence of the current position.
    fn count_position(&mut self, repetition: Option<u32>) {
        let count = self
            .seen
            .entry((self.pos.zobrist(), self.pos.side_to_move()))
            .or_insert(0);
        *count += 1;
        if repetition.is_some_and(|n| *count >= n) {
            self.repeated = true;
        }
    }

    /// Adds the current position, where a move is about to be played, to the trace.
    fn note(&mut self, eval: Option<i32>, moves: usize) {
        let key = (self.pos.zobrist(), self.pos.side_to_move());
        let earlier = self.seen.get(&key).map_or(0, |n| n.saturating_sub(1));
        self.trace.push(Ply {
            eval,
            moves: moves as u32,
            pieces: self.pos.piece_counts(),
            seen: earlier,
        });
    }
}

#[cfg(test)]
mod tests {
    use abstract_game::nim::{Nim, NimRules};
    use game_search::EngineSpec;

    use super::*;
    use game_search::{Found, Watch};

    use crate::{EVAL_CLAMP, Ply};

    fn engines(specs: [&str; 2]) -> [Box<dyn Engine<Nim>>; 2] {
        specs.map(|s| s.parse::<EngineSpec>().unwrap().build())
    }

    fn never() -> AtomicBool {
        AtomicBool::new(false)
    }

    #[test]
    fn colours_swap_within_a_pair_from_the_chosen_reference() {
        // One random ply: the side to move after it is the start's opponent.
        let start = Nim::new(NimRules { heap: 9 });
        for (colours, even_side) in [
            (Colours::FromStart, Side::First),
            (Colours::FromEngines, Side::Second),
        ] {
            let arena = Arena {
                random_plies: 1,
                ..Arena::new(colours, [Budget::depth(2); 2])
            };
            let mut pair = engines(["random", "random"]);
            let even = arena.play(&start, &[], 4, &mut pair, &never()).unwrap();
            let odd = arena.play(&start, &[], 5, &mut pair, &never()).unwrap();
            assert_eq!((even.a_side, odd.a_side), (even_side, !even_side));
            // Both games of the pair open with the same random ply.
            assert_eq!(even.moves[..1], odd.moves[..1]);
            assert_eq!(even.opening_len, 1);
        }
    }

    #[test]
    fn the_line_comes_first_and_the_cap_counts_engine_plies_only() {
        let start = Nim::new(NimRules { heap: 20 });
        let line = [(0, 1), (1, 1), (0, 2)];
        let arena = Arena {
            random_plies: 2,
            max_plies: 3,
            ..Arena::new(Colours::FromEngines, [Budget::depth(1); 2])
        };
        let mut pair = engines(["alphabeta", "random"]);
        let game = arena.play(&start, &line, 0, &mut pair, &never()).unwrap();
        assert_eq!(game.moves[..3], line);
        assert_eq!((game.opening_len, game.moves.len()), (5, 8));
        assert_eq!(game.finish, Finish::PlyCap);
        assert_eq!(game.winner(), None);
        assert!(!game.end.is_over());
        // The key is that of the position after the line and the two random plies.
        let mut after = start;
        for &mv in &game.moves[..5] {
            after.play_unchecked(mv);
        }
        assert_eq!(game.opening_key, after.zobrist());
        assert_eq!(after.side_to_move(), Side::Second);
    }

    #[test]
    fn choices_add_the_legal_moves_of_every_chosen_ply() {
        // Heaps of 2: every position has at most four moves; the sum is checked by replaying.
        let start = Nim::new(NimRules { heap: 2 });
        let arena = Arena {
            random_plies: 1,
            ..Arena::new(Colours::FromStart, [Budget::depth(8); 2])
        };
        let game = arena
            .play(&start, &[], 0, &mut engines(["random", "random"]), &never())
            .unwrap();
        let mut pos = start;
        let mut sum = 0;
        for &mv in &game.moves {
            let mut list = Default::default();
            pos.legal_moves(&mut list);
            sum += list.len() as u64;
            pos.play_unchecked(mv);
        }
        assert_eq!(game.choices, sum);
        assert_eq!(game.finish, Finish::Rule);
        assert_eq!(game.end, pos);
    }

    #[test]
    fn a_stop_before_the_end_gives_no_game() {
        let start = Nim::new(NimRules { heap: 9 });
        let arena = Arena::new(Colours::FromStart, [Budget::depth(2); 2]);
        let stop = AtomicBool::new(true);
        let mut pair = engines(["random", "random"]);
        assert!(arena.play(&start, &[], 0, &mut pair, &stop).is_none());
    }

    /// A stand-in for an outside program: it thinks for `think` and then plays the first
    /// legal move, or none.
    struct Stub {
        think: std::time::Duration,
        answers: bool,
    }

    impl Engine<Nim> for Stub {
        fn name(&self) -> String {
            "stub".to_owned()
        }
        fn new_game(&mut self) {}
        fn search(&mut self, pos: &Nim, _budget: &Budget, _watch: Watch<'_, Nim>) -> Found<Nim> {
            std::thread::sleep(self.think);
            let mut list = <Nim as Game>::MoveList::default();
            pos.legal_moves(&mut list);
            let first = list.first().copied().filter(|_| self.answers)?;
            Some((first, game_search::SearchInfo::empty()))
        }
    }

    fn stub(think_ms: u64, answers: bool) -> Box<dyn Engine<Nim>> {
        Box::new(Stub {
            think: std::time::Duration::from_millis(think_ms),
            answers,
        })
    }

    #[test]
    fn an_engine_that_overruns_its_clock_loses_on_time() {
        // Each side has 100 ms and no increment; B takes 60 ms a move, so its second move
        // overruns, while A answers at once.
        let start = Nim::new(NimRules { heap: 9 });
        let arena = Arena {
            clock: Some(Clock {
                base_ms: 100,
                increment_ms: 0,
            }),
            ..Arena::new(Colours::FromStart, [Budget::DEFAULT; 2])
        };
        let mut pair = [stub(0, true), stub(60, true)];
        let game = arena.play(&start, &[], 0, &mut pair, &never()).unwrap();
        assert_eq!(game.finish, Finish::OutOfTime(Side::Second));
        assert_eq!(game.winner(), Some(Side::First));
        assert_eq!(game.moves.len(), 3);
    }

    /// A token going round a ring of four cells, one cell a ply, the sides taking turns: the
    /// position after `4k` plies is the start again, with the same side to move. At cell `c`
    /// there are `c + 1` moves, all to the next cell. It never ends by itself.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct Ring {
        cell: u8,
        to_move: Side,
    }

    impl Game for Ring {
        type Move = u8;
        type Rules = NimRules;
        type MoveList = arrayvec::ArrayVec<u8, 4>;
        const NAME: &'static str = "ring";
        const SIDE_NAMES: [&'static str; 2] = ["First", "Second"];
        fn new(_: NimRules) -> Ring {
            Ring {
                cell: 0,
                to_move: Side::First,
            }
        }
        fn rules(&self) -> NimRules {
            NimRules::default()
        }
        fn side_to_move(&self) -> Side {
            self.to_move
        }
        fn legal_moves(&self, moves: &mut Self::MoveList) {
            moves.clear();
            for k in 0..=self.cell {
                moves.push(k);
            }
        }
        fn play_unchecked(&mut self, _: u8) {
            self.cell = (self.cell + 1) % 4;
            self.to_move = !self.to_move;
        }
        fn outcome(&self) -> Option<abstract_game::Outcome> {
            None
        }
        fn piece_counts(&self) -> [u32; 2] {
            [1, u32::from(self.cell)]
        }
        fn zobrist(&self) -> u64 {
            self.zobrist_from_scratch()
        }
        fn zobrist_from_scratch(&self) -> u64 {
            u64::from(self.cell) * 2 + self.to_move.index() as u64
        }
    }

    /// Plays the first legal move and reports `score` from the mover's view, as a search of
    /// depth 1 would.
    struct Sure(Score);

    impl Engine<Ring> for Sure {
        fn name(&self) -> String {
            "sure".to_owned()
        }
        fn new_game(&mut self) {}
        fn search(&mut self, pos: &Ring, _: &Budget, _: Watch<'_, Ring>) -> Found<Ring> {
            let mut list = <Ring as Game>::MoveList::default();
            pos.legal_moves(&mut list);
            let info = SearchInfo {
                depth: 1,
                nodes: 1,
                score: self.0,
                ..SearchInfo::empty()
            };
            list.first().map(|&mv| (mv, info))
        }
    }

    /// The game of the ring from its start between two [`Sure`] engines of `score`.
    fn sure_game(arena: &Arena, score: Score) -> Played<Ring> {
        let start = Ring::new(NimRules::default());
        let mut pair: [Box<dyn Engine<Ring>>; 2] = [Box::new(Sure(score)), Box::new(Sure(score))];
        arena.play(&start, &[], 0, &mut pair, &never()).unwrap()
    }

    #[test]
    fn the_third_occurrence_stops_the_game_and_the_trace_counts_the_earlier_ones() {
        // Two random plies (cells 0 and 1), then the engines. The start (cell 0, First to
        // move) comes back after plies 4 and 8: its third occurrence stops the game after 8
        // plies, before anyone moves there again.
        let arena = Arena {
            random_plies: 2,
            repetition: Some(3),
            ..Arena::new(Colours::FromStart, [Budget::depth(1); 2])
        };
        let game = sure_game(&arena, Score::Value(7));
        assert_eq!(game.finish, Finish::Repetition);
        assert_eq!(game.winner(), None);
        assert_eq!(game.moves.len(), 8);
        // Cells 0 1 2 3 0 1 2 3: moves 1 2 3 4 1 2 3 4 (sum 20, the choices), seen 0 four
        // times then 1 four times; the random plies have no evaluation, and the engines'
        // +7 for the mover reads +7 when First moved (cells 0, 2) and -7 when Second did.
        let ply = |eval, cell: u32, seen| Ply {
            eval,
            moves: cell + 1,
            pieces: [1, cell],
            seen,
        };
        let expected = vec![
            ply(None, 0, 0),
            ply(None, 1, 0),
            ply(Some(7), 2, 0),
            ply(Some(-7), 3, 0),
            ply(Some(7), 0, 1),
            ply(Some(-7), 1, 1),
            ply(Some(7), 2, 1),
            ply(Some(-7), 3, 1),
        ];
        assert_eq!(game.trace, expected);
        assert_eq!(game.choices, 20);
    }

    #[test]
    fn without_the_repetition_stop_the_cap_ends_the_game_and_mates_are_clamped() {
        // Off, the ring goes round until the cap: 10 engine plies, the start seen a third
        // time at ply 8 (seen 2) and played on. A proven win for the mover is +EVAL_CLAMP
        // for First's moves and -EVAL_CLAMP for Second's.
        let arena = Arena {
            max_plies: 10,
            ..Arena::new(Colours::FromStart, [Budget::depth(1); 2])
        };
        let game = sure_game(&arena, Score::Win(3));
        assert_eq!(game.finish, Finish::PlyCap);
        let seen: Vec<u32> = game.trace.iter().map(|p| p.seen).collect();
        assert_eq!(seen, [0, 0, 0, 0, 1, 1, 1, 1, 2, 2]);
        let evals: Vec<Option<i32>> = game.trace.iter().map(|p| p.eval).collect();
        let (w, l) = (Some(EVAL_CLAMP), Some(-EVAL_CLAMP));
        assert_eq!(evals, [w, l, w, l, w, l, w, l, w, l]);
    }

    #[test]
    fn a_repetition_in_the_random_plies_stops_the_game_before_the_engines() {
        // Eight random plies but a stop at the second occurrence: the start comes back after
        // ply 4, so the engines never move.
        let arena = Arena {
            random_plies: 8,
            repetition: Some(2),
            ..Arena::new(Colours::FromStart, [Budget::depth(1); 2])
        };
        let game = sure_game(&arena, Score::DRAW);
        assert_eq!(game.finish, Finish::Repetition);
        assert_eq!((game.moves.len(), game.opening_len), (4, 4));
        assert!(game.trace.iter().all(|p| p.eval.is_none() && p.seen == 0));
    }

    #[test]
    fn an_engine_without_a_legal_move_forfeits() {
        let start = Nim::new(NimRules { heap: 9 });
        let arena = Arena::new(Colours::FromStart, [Budget::DEFAULT; 2]);
        // In the odd game of the pair, A plays second: B moves, then A gives no move.
        let mut pair = [stub(0, false), stub(0, true)];
        let game = arena.play(&start, &[], 1, &mut pair, &never()).unwrap();
        assert_eq!(game.finish, Finish::NoMove(Side::Second));
        assert_eq!(
            (game.a_side, game.winner()),
            (Side::Second, Some(Side::First))
        );
        assert_eq!(game.moves.len(), 1);
    }
}
