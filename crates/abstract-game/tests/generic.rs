//! The generic tools on a toy game: subtraction Nim where a move takes 1, 2 or 3 stones from
//! one of two heaps and whoever takes the last stone wins (`abstract_game::nim`).
#![cfg(feature = "testing")]

use abstract_game::nim::{Nim, NimRules, NimSetup, NimTextError};
use abstract_game::perft::{Perft, perft};
use abstract_game::playout::{Rng, playouts};
use abstract_game::{Game, GameRules, Outcome, PlayError, Side};
use arrayvec::ArrayVec;

#[test]
fn perft_variants_agree() {
    let start = Nim::new(NimRules::preset("big").unwrap());
    for depth in 0..=6 {
        let plain = perft(&start, depth);
        let count = Perft::new(depth);
        assert_eq!(count.count(&start), Some(plain), "depth {depth}");
        assert_eq!(
            count.enumerated().count(&start),
            Some(plain),
            "depth {depth}"
        );
        assert_eq!(count.threads(3).count(&start), Some(plain), "depth {depth}");
        let hashed = count.hash_table(1 << 12).table_from_depth(1);
        assert_eq!(hashed.count(&start), Some(plain), "depth {depth}");
        assert_eq!(
            hashed.threads(2).count(&start),
            Some(plain),
            "depth {depth}"
        );
        let divided = count.divide(&start, |_| {});
        if depth > 0 {
            assert_eq!(divided.len(), 6);
            assert_eq!(divided.iter().map(|&(_, n)| n).sum::<u64>(), plain);
            let threaded = count
                .threads(4)
                .divide(&start, |c| assert!(c.done <= c.total));
            assert_eq!(threaded, divided);
            assert_eq!(
                count.enumerated().threads(2).divide(&start, |_| {}),
                divided
            );
            assert_eq!(hashed.divide(&start, |_| {}), divided);
        } else {
            assert!(divided.is_empty());
        }
    }
    // Six moves at first, 6 * 6 sequences of two.
    assert_eq!(perft(&start, 1), 6);
    assert_eq!(perft(&start, 2), 36);
}

#[test]
fn checked_play_refuses_illegal_moves_without_change() {
    let mut pos = Nim::new(NimRules::preset("small").unwrap());
    let before = pos;
    assert_eq!(pos.play((0, 4)), Err(PlayError::Illegal));
    assert_eq!(pos.play((2, 1)), Err(PlayError::Illegal));
    assert_eq!(pos, before);
    assert_eq!(pos.play((0, 3)), Ok(()));
    assert_eq!(pos.heaps, [2, 5]);
    let mut done = Nim {
        heaps: [0, 0],
        ..pos
    };
    assert_eq!(done.play((0, 1)), Err(PlayError::GameOver));
}

#[test]
fn playouts_are_reproducible_and_independent_of_threads() {
    let start = Nim::new(NimRules::preset("big").unwrap());
    let one = playouts(&start, 5000, 7, 100, 1, &|_, _| {});
    let four = playouts(&start, 5000, 7, 100, 4, &|_, _| {});
    assert_eq!(one, four);
    assert_eq!(one.games, 5000);
    assert_eq!(one.wins[0] + one.wins[1] + one.draws + one.capped, 5000);
    assert_eq!(one.capped, 0);
    assert!(one.max_plies <= 18 && one.mean_plies() >= 6.0);
    let other_seed = playouts(&start, 5000, 8, 100, 1, &|_, _| {});
    assert_ne!(one, other_seed);
    // A tight cap stops every game.
    let capped = playouts(&start, 100, 7, 2, 2, &|_, _| {});
    assert_eq!(capped.capped, 100);
    let game = start.playout(&mut Rng::seed_from_u64(1), 1);
    assert_eq!((game.plies, game.outcome), (1, None));
}

#[test]
fn position_text_is_the_setup_text_validated() {
    use abstract_game::TextGame;
    let pos = Nim::from_text("3 4 1", NimRules::default()).unwrap();
    assert_eq!((pos.heaps, pos.to_move), ([3, 4], Side::Second));
    assert_eq!(pos.to_text(), "3 4 1");
    // Syntax errors come from the setup's FromStr, impossible setups from from_setup.
    assert!(Nim::from_text("3 4 2", NimRules::default()).is_err());
    assert!(Nim::from_text("3 200 0", NimRules::default()).is_err());
    assert_eq!(Nim::side_name(Side::Second), "Second");
    let done = Nim {
        heaps: [0, 0],
        ..pos
    };
    assert_eq!(
        Nim::describe(done.outcome().unwrap()).to_string(),
        "First wins"
    );
}

#[test]
fn nim_twins_are_mirror_images() {
    // Equal heaps: taking from either heap gives mirror images, of one family a number
    // taken; otherwise no move has a twin.
    for a in 0..=9 {
        for b in 0..=9 {
            let pos = Nim::at(a, b);
            let families = abstract_game::testing::check_families(&pos);
            let expected = if a == b { usize::from(a.min(3)) } else { 0 };
            assert_eq!(families, expected, "{a} {b}");
        }
    }
}

#[cfg(feature = "testing")]
mod suite {
    use super::*;
    use abstract_game::testing::proptest::prelude::*;

    fn rules() -> impl Strategy<Value = NimRules> {
        prop_oneof![Just(NimRules { heap: 5 }), Just(NimRules { heap: 9 })]
    }

    abstract_game::game_properties! {
        game: Nim,
        rules: rules(),
        moves: (0u8..3, 0u8..5),
        max_plies: 20,
        cases: 32,
        hashed_perft_depth: 6,
    }
}

#[test]
fn the_contract_checks_pass_on_a_sound_game() {
    use abstract_game::contract::{check_position, parse_checked, play_checked};
    let start = Nim::new(NimRules::preset("big").unwrap());
    let mut seen = 0;
    let end = play_checked(
        start,
        [0usize, 5, 3, 2, 7, 1, 1, 4, 0, 2, 9, 9, 9, 9],
        |_| seen += 1,
    );
    assert!(seen >= 2);
    check_position(&end);
    let pos: Nim = parse_checked(NimRules::default(), "4 4 1", "0:3 nonsense 1:9 1:4");
    assert_eq!(pos.heaps, [1, 4]); // "1:4" takes more than three: refused
    let fallback: Nim = parse_checked(NimRules::default(), "garbage", "");
    assert_eq!(fallback.heaps, [5, 5]);
}

/// Nim with a bulk count one too high (`TWO` false) or a two-ply count one too high (`TWO`
/// true).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Miscounting<const TWO: bool = false>(Nim);
impl<const TWO: bool> Game for Miscounting<TWO> {
    type Move = (u8, u8);
    type Rules = NimRules;
    type MoveList = ArrayVec<(u8, u8), 6>;
    const NAME: &'static str = "bad";
    const SIDE_NAMES: [&'static str; 2] = Nim::SIDE_NAMES;
    fn new(rules: NimRules) -> Self {
        Miscounting(Nim::new(rules))
    }
    fn rules(&self) -> NimRules {
        self.0.rules
    }
    fn side_to_move(&self) -> Side {
        self.0.to_move
    }
    fn legal_moves(&self, moves: &mut Self::MoveList) {
        self.0.legal_moves(moves)
    }
    fn count_legal_moves(&self) -> usize {
        self.0.count_legal_moves() + usize::from(!TWO)
    }
    fn count_two_plies(&self) -> u64 {
        self.0.count_two_plies() + u64::from(TWO)
    }
    fn play_unchecked(&mut self, mv: (u8, u8)) {
        self.0.play_unchecked(mv)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
    fn piece_counts(&self) -> [u32; 2] {
        self.0.piece_counts()
    }
    fn zobrist(&self) -> u64 {
        self.0.zobrist()
    }
    fn zobrist_from_scratch(&self) -> u64 {
        self.0.zobrist_from_scratch()
    }
}
impl<const TWO: bool> core::fmt::Display for Miscounting<TWO> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.0.fmt(f)
    }
}
impl<const TWO: bool> From<&Miscounting<TWO>> for NimSetup {
    fn from(m: &Miscounting<TWO>) -> NimSetup {
        NimSetup::from(&m.0)
    }
}

impl<const TWO: bool> abstract_game::TextGame for Miscounting<TWO> {
    type Setup = NimSetup;
    type SetupError = NimTextError;
    type MoveError = NimTextError;
    type TextError = NimTextError;
    const ABOUT: &'static str = "Nim, miscounted";
    const NOTATION: &'static [(&'static str, &'static str)] = Nim::NOTATION;
    fn from_setup(setup: NimSetup, rules: NimRules) -> Result<Self, NimTextError> {
        Nim::from_setup(setup, rules).map(Miscounting)
    }
    fn parse_move(&self, text: &str) -> Result<(u8, u8), NimTextError> {
        self.0.parse_move(text)
    }
    fn move_to_string(&self, mv: (u8, u8)) -> String {
        self.0.move_to_string(mv)
    }
    fn diagram(&self) -> String {
        self.0.diagram()
    }
}

#[test]
#[should_panic(expected = "bulk count differs")]
fn the_contract_checks_catch_a_wrong_bulk_count() {
    abstract_game::contract::check_position(&Miscounting::<false>::new(NimRules::default()));
}

#[test]
#[should_panic(expected = "count_two_plies differs")]
fn the_contract_checks_catch_a_wrong_two_ply_count() {
    abstract_game::contract::check_position(&Miscounting::<true>::new(NimRules::default()));
}

/// Runs `check` on 64 random positions of the miscounting Nim (`TWO_PLIES`: the two-ply count
/// is the wrong one, else the bulk count).
#[cfg(feature = "testing")]
fn on_miscounting<const TWO_PLIES: bool>(check: impl Fn(Miscounting<TWO_PLIES>)) {
    use abstract_game::testing::proptest::prelude::Just;
    use abstract_game::testing::{positions, run};
    run(
        64,
        positions::<Miscounting<TWO_PLIES>>(Just(NimRules { heap: 5 }), 12),
        check,
    );
}

/// A wrong two-ply count changes perft itself, which the shared suite compares with
/// enumeration.
#[cfg(feature = "testing")]
#[test]
#[should_panic(expected = "perft(2) of")]
fn the_shared_suite_catches_a_wrong_two_ply_count() {
    on_miscounting::<true>(|p| abstract_game::testing::bulk_counts(&p));
}

/// The shared suite is the contract: a game that miscounts fails it.
#[cfg(feature = "testing")]
#[test]
#[should_panic(expected = "bulk count differs")]
fn the_shared_suite_catches_a_wrong_bulk_count() {
    on_miscounting::<false>(|p| abstract_game::testing::contract_and_setup(&p));
}

#[test]
fn streaming_divide_reports_each_root_move_and_stops_when_asked() {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicBool, Ordering};
    let start = Nim::new(NimRules::preset("big").unwrap());
    let go = AtomicBool::new(false);
    for threads in [1, 3] {
        let seen = Mutex::new(Vec::new());
        let all = Perft::new(5)
            .threads(threads)
            .stop_on(&go)
            .divide(&start, |c| {
                seen.lock()
                    .unwrap()
                    .push((c.index, c.count, c.done, c.total))
            });
        assert_eq!(all, Perft::new(5).divide(&start, |_| {}));
        let mut seen = seen.into_inner().unwrap();
        let dones: Vec<usize> = seen.iter().map(|s| s.2).collect();
        assert_eq!(dones, [1, 2, 3, 4, 5, 6], "done counts up in report order");
        seen.sort();
        let counts: Vec<u64> = seen.iter().map(|s| s.1).collect();
        assert_eq!(counts, all.iter().map(|&(_, n)| n).collect::<Vec<_>>());
        assert!(seen.iter().all(|s| s.3 == 6));
    }
    assert_eq!(
        Perft::new(6).stop_on(&go).count(&start),
        Some(perft(&start, 6))
    );
    // Stopped before it starts: nothing deeper than depth 2 is counted, on any road.
    let stop = AtomicBool::new(true);
    for road in [
        Perft::new(6),
        Perft::new(6).enumerated(),
        Perft::new(6).hash_table(1 << 12),
        Perft::new(6).threads(2),
    ] {
        assert_eq!(road.stop_on(&stop).count(&start), None, "{road:?}");
    }
    assert_eq!(
        Perft::new(2).stop_on(&stop).count(&start),
        Some(perft(&start, 2))
    );
    let nothing = Perft::new(5)
        .threads(2)
        .stop_on(&stop)
        .divide(&start, |_| panic!("nothing counted"));
    assert!(nothing.is_empty());
    // Stopped by the first report: with one thread, exactly one root move is kept.
    let stop = AtomicBool::new(false);
    let kept = Perft::new(5)
        .stop_on(&stop)
        .divide(&start, |_| stop.store(true, Ordering::Relaxed));
    assert_eq!(kept, Perft::new(5).divide(&start, |_| {})[..1]);
}

#[test]
fn stopped_playouts_count_only_the_games_played() {
    use abstract_game::playout::playouts_until;
    use std::sync::atomic::AtomicBool;
    let start = Nim::new(NimRules::preset("big").unwrap());
    let stop = AtomicBool::new(true);
    let none = playouts_until(&start, 10_000, 3, 100, 2, &stop, &|_, _| {});
    assert_eq!(none, Default::default());
    let go = AtomicBool::new(false);
    let all = playouts_until(&start, 3000, 3, 100, 2, &go, &|_, _| {});
    assert_eq!(all, playouts(&start, 3000, 3, 100, 1, &|_, _| {}));
}

/// With one thread the work is done on the calling thread, which sees every report (no
/// thread is spawned, so none is still winding down when the call returns); with more,
/// spawned threads report.
#[test]
fn one_thread_is_the_calling_thread() {
    use abstract_game::playout::playouts_until;
    use std::sync::Mutex;
    use std::sync::atomic::AtomicBool;
    use std::thread::{ThreadId, current};
    let start = Nim::new(NimRules::preset("big").unwrap());
    let go = AtomicBool::new(false);
    let me = current().id();
    for threads in [1, 2] {
        let ids: Mutex<Vec<ThreadId>> = Mutex::new(Vec::new());
        Perft::new(4)
            .threads(threads)
            .divide(&start, |_| ids.lock().unwrap().push(current().id()));
        playouts_until(&start, 5000, 3, 100, threads, &go, &|_, _| {
            ids.lock().unwrap().push(current().id())
        });
        let ids = ids.into_inner().unwrap();
        assert!(!ids.is_empty());
        assert_eq!(
            ids.iter().all(|&id| id == me),
            threads == 1,
            "{threads} threads"
        );
    }
}
