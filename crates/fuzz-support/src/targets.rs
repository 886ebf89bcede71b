//! The bodies of the fuzz targets: each takes the raw input of one run and panics when a
//! promise of a game crate is broken.
//!
//! Targets named `<game>_...` are generic over the game; the others start with a game byte
//! (its value modulo [`GAMES`](crate::GAMES), in the order of
//! [`GAME_NAMES`](crate::GAME_NAMES)) and go on as the generic body of that game.

use std::sync::atomic::AtomicBool;

use abstract_game::actions::{check_actions, observation_len};
use abstract_game::perft::{Perft, PerftTable, RootCount, perft};
use abstract_game::playout::Rng;
use abstract_game::record::{Record, parse_result_tag, result_tag};
use abstract_game::{Game, PlayError, TextGame, contract};
use game_search::{
    AlphaBeta, AlphaBetaOptions, Budget, Engine, EngineSpec, Mcts, MctsOptions, Random,
    SETTLE_PLIES, settled_value,
};

use crate::{Decisions, FuzzGame, Header, MAX_PLIES, check_full, check_light, split_header, start};

/// Runs `$body::<Position>($data)` for the game that `$game` (a byte) names.
macro_rules! by_game {
    ($game:expr, $body:ident, $data:expr) => {
        jgames_registry::with_game_at!($game as usize % crate::GAMES, |G| $body::<G>($data))
            .expect("the game number is below the count")
    };
}

/// Runs `$body::<G>` on the bytes after the first, for the game that byte names (modulo the
/// count of games); nothing for empty input. The prologue of the targets that take a game byte.
macro_rules! by_game_byte {
    ($data:expr, $body:ident) => {
        if let Some((&game, rest)) = $data.split_first() {
            by_game!(game, $body, rest);
        }
    };
}

/// The rules of a header and the bytes after it.
fn rules_and_rest<G: FuzzGame>(data: &[u8]) -> (G::Rules, &[u8]) {
    let (header, rest): (Header, &[u8]) = split_header(data);
    (G::rules_of(header), rest)
}

/// The rules header, then a start read from the decisions after it (see `start`): the
/// prologue of the targets that play from a start, with the decisions left.
fn started<G: FuzzGame>(data: &[u8]) -> (G, Decisions<'_>) {
    let (rules, rest) = rules_and_rest::<G>(data);
    let mut d = Decisions::new(rest);
    let pos = start(&mut d, rules);
    (pos, d)
}

/// `<game>_text`: the rules header, then text read as UTF-8 (bad sequences replaced): a
/// position text and, after the first `|`, moves separated by white space.
///
/// Whatever parses as a setup writes a text that parses back to it; the setup is a position
/// exactly when the text is; a position keeps the whole contract ([`check_full`]); the moves go
/// through [`contract::parse_checked`] (legal when they parse, nothing changed when refused)
/// and through `play_line`, which must stop at the first refused move with the moves before
/// it played.
pub fn text<G: FuzzGame>(data: &[u8]) {
    let (rules, rest) = rules_and_rest::<G>(data);
    let text = String::from_utf8_lossy(rest);
    let (position_text, moves_text) = text.split_once('|').unwrap_or((&text, ""));
    let start = match position_text.parse::<G::Setup>() {
        Ok(setup) => {
            let written = setup.to_string();
            let again: G::Setup = written
                .parse()
                .unwrap_or_else(|e| panic!("the text {written:?} of a setup is refused: {e}"));
            assert_eq!(again, setup, "setup text does not round-trip: {written:?}");
            assert_eq!(again.to_string(), written, "setup text is not stable");
            match G::from_setup(setup, rules) {
                Ok(pos) => {
                    check_full(&pos);
                    let read = G::from_text(position_text, rules)
                        .unwrap_or_else(|e| panic!("from_text refuses a legal setup: {e}"));
                    assert_eq!(read, pos, "from_text differs from parse and from_setup");
                    Some(pos)
                }
                Err(e) => {
                    assert!(!e.to_string().is_empty(), "an error says what is wrong");
                    assert!(G::from_text(position_text, rules).is_err());
                    None
                }
            }
        }
        Err(e) => {
            assert!(!e.to_string().is_empty(), "an error says what is wrong");
            assert!(G::from_text(position_text, rules).is_err());
            None
        }
    };
    contract::parse_checked::<G>(rules, position_text, moves_text);
    check_play_line(&start.unwrap_or_else(|| G::new(rules)), moves_text);
}

/// `play_line` plays the moves word by word and stops at the first that does not parse.
fn check_play_line<G: FuzzGame>(start: &G, line: &str) {
    let mut by_line = start.clone();
    let result = by_line.play_line(line);
    let mut by_word = start.clone();
    for (i, word) in line.split_whitespace().enumerate() {
        match by_word.parse_move(word) {
            Ok(mv) => by_word.play_unchecked(mv),
            Err(_) => {
                assert_eq!(
                    result.as_ref().err().map(|(k, _)| *k),
                    Some(i),
                    "play_line stops at another move"
                );
                assert_eq!(by_line, by_word, "play_line played other moves");
                return;
            }
        }
    }
    assert!(result.is_ok(), "play_line refuses moves that parse");
    assert_eq!(by_line, by_word, "play_line played other moves");
}

/// `<game>_play`: the rules header, a start, then one decision per turn (see the crate docs):
/// the whole game to its end (at most [`MAX_PLIES`] plies). While the bytes last, every
/// position gets the cheap checks ([`check_light`]) and the chosen move the game's own move
/// checks, and the whole contract ([`check_full`]) comes on each of the first 32 positions and
/// on every 4th after; after the bytes the game goes on with the game's own `random_move` (seeded by the input),
/// with the cheap checks ([`check_light`]) on every 8th position, the whole contract on every
/// 64th and on the last. Returns the number of plies played.
pub fn play<G: FuzzGame>(data: &[u8]) -> u32 {
    let (mut pos, mut d) = started::<G>(data);
    check_full(&pos);
    let mut moves = G::MoveList::default();
    let mut plies = 0;
    while plies < MAX_PLIES && !d.exhausted() {
        pos.legal_moves(&mut moves);
        check_light(&pos, &moves);
        if moves.is_empty() {
            return plies;
        }
        let mv = moves[d.choose(moves.len())];
        pos.check_move_extra(mv, true);
        pos.play(mv)
            .unwrap_or_else(|e| panic!("generated move {mv:?} refused: {e}"));
        plies += 1;
        if plies <= 32 || plies % 4 == 0 {
            check_full(&pos);
        }
    }
    while plies < MAX_PLIES {
        let Some(mv) = pos.random_move(d.rng()) else {
            break;
        };
        pos.play_unchecked(mv);
        plies += 1;
        if plies % 8 == 0 {
            pos.legal_moves(&mut moves);
            check_light(&pos, &moves);
        }
        if plies % 64 == 0 {
            check_full(&pos);
        }
    }
    pos.legal_moves(&mut moves);
    check_light(&pos, &moves);
    check_full(&pos);
    plies
}

/// Plays `plies` moves chosen by `d` (fewer when the game ends).
fn advance<G: FuzzGame>(pos: &mut G, d: &mut Decisions<'_>, plies: u8) {
    let mut moves = G::MoveList::default();
    for _ in 0..plies {
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[d.choose(moves.len())];
        pos.play_unchecked(mv);
    }
}

/// Up to 31 random moves (a byte of seed, a byte of count), played until the game ends.
fn random_plies<G: FuzzGame>(pos: &mut G, d: &mut Decisions<'_>) {
    let mut rng = Rng::seed_from_u64(u64::from(d.byte()));
    for _ in 0..d.byte() % 32 {
        match pos.random_move(&mut rng) {
            Some(mv) => pos.play_unchecked(mv),
            None => break,
        }
    }
}

/// `setup`: a game byte, the rules header, then bytes that build a setup
/// ([`FuzzGame::arbitrary_setup`]). Writing any setup never panics; validating it gives a
/// position or a reason; a position keeps the whole contract, the setup's text reads back to
/// the same position, bulk counts equal enumeration, and a few moves chosen by the remaining
/// bytes keep the contract.
pub fn setup(data: &[u8]) {
    by_game_byte!(data, setup_of);
}

fn setup_of<G: FuzzGame>(data: &[u8]) {
    let (rules, rest) = rules_and_rest::<G>(data);
    let mut d = Decisions::new(rest);
    let setup = G::arbitrary_setup(d.unstructured(), rules);
    let text = setup.to_string();
    match G::from_setup(setup, rules) {
        Ok(pos) => {
            check_full(&pos);
            let read = G::from_text(&text, rules)
                .unwrap_or_else(|e| panic!("the text {text:?} of a legal setup is refused: {e}"));
            assert_eq!(
                read, pos,
                "the text of a setup is another position: {text:?}"
            );
            if pos.count_legal_moves() <= 64 {
                assert_eq!(
                    Some(perft(&pos, 2)),
                    Perft::new(2).enumerated().count(&pos),
                    "bulk counts of {pos}"
                );
            }
            let mut pos = pos;
            let mut moves = G::MoveList::default();
            for _ in 0..16 {
                pos.legal_moves(&mut moves);
                if moves.is_empty() || d.exhausted() {
                    break;
                }
                let mv = moves[d.choose(moves.len())];
                pos.play(mv)
                    .unwrap_or_else(|e| panic!("generated move {mv:?} refused: {e}"));
                check_full(&pos);
            }
        }
        Err(e) => assert!(!e.to_string().is_empty(), "an error says what is wrong"),
    }
}

/// Checks one move value `mv` against `pos`: `is_legal` agrees with the move list, `play`
/// plays it exactly when it is legal (leaving the position unchanged otherwise, with
/// `GameOver` exactly when the game is over), `play_unchecked` never panics and plays a legal
/// move as `play` does, whose notation reads back to it. Returns whether it is legal.
pub fn try_move<G: FuzzGame>(pos: &G, mv: G::Move) -> bool {
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    let legal = moves.contains(&mv);
    assert_eq!(
        pos.is_legal(mv),
        legal,
        "is_legal({mv:?}) differs from the move list: {pos}"
    );
    pos.check_move_extra(mv, legal);
    let mut checked = pos.clone();
    match checked.play(mv) {
        Ok(()) => assert!(legal, "play accepts {mv:?}, not in the move list: {pos}"),
        Err(e) => {
            assert!(!legal, "play refuses the legal {mv:?}: {pos}");
            assert_eq!(&checked, pos, "a refused move changed the position");
            assert_eq!(
                e == PlayError::GameOver,
                pos.is_over(),
                "{e} for {mv:?}: {pos}"
            );
        }
    }
    let mut unchecked = pos.clone();
    unchecked.play_unchecked(mv);
    if legal {
        assert_eq!(
            unchecked, checked,
            "play_unchecked plays another move than play"
        );
        assert_eq!(unchecked.zobrist(), checked.zobrist());
        let written = pos.move_to_string(mv);
        assert_eq!(
            pos.parse_move(&written).ok(),
            Some(mv),
            "notation {written:?} of {mv:?}"
        );
        assert_eq!(pos.count_after(mv), checked.count_legal_moves());
    }
    legal
}

/// `moves`: a game byte, the rules header, a start, then steps until the bytes run out (at
/// most 200), each a decision among: two kinds of arbitrary move values
/// ([`FuzzGame::arbitrary_move`]) checked by [`try_move`], a legal move chosen and played, and
/// a byte's worth of random moves played.
pub fn moves(data: &[u8]) {
    by_game_byte!(data, moves_of);
}

fn moves_of<G: FuzzGame>(data: &[u8]) {
    let (mut pos, mut d) = started::<G>(data);
    let mut list = G::MoveList::default();
    for _ in 0..200 {
        if d.exhausted() {
            break;
        }
        pos.legal_moves(&mut list);
        match d.choose(4) {
            0 | 1 => {
                let mv = G::arbitrary_move(d.unstructured(), &list);
                try_move(&pos, mv);
            }
            2 => {
                if !list.is_empty() {
                    let mv = list[d.choose(list.len())];
                    assert!(try_move(&pos, mv));
                    pos.play_unchecked(mv);
                }
            }
            _ => {
                random_plies(&mut pos, &mut d);
            }
        }
    }
    check_full(&pos);
}

/// `actions`: a game byte, the rules header, a start, then steps until the bytes run out (at
/// most 100), each a decision among: an arbitrary id (two bytes, up to a little past
/// `ACTIONS`) decoded, a legal turn's ids (main, then follow-up where it has one) decoded and
/// the turn played, and a byte's worth of random moves played. An id decodes to nothing or
/// to a legal turn that has it; a follow-up id (arbitrary or real) to nothing or to a legal
/// version of the same main id; the observations (plain and of a follow-up) are finite and
/// written whole; and every 8th position keeps the whole `check_actions` contract.
pub fn actions(data: &[u8]) {
    by_game_byte!(data, actions_of);
}

fn actions_of<G: FuzzGame>(data: &[u8]) {
    let (mut pos, mut d) = started::<G>(data);
    let mut list = G::MoveList::default();
    let mut follow_ups = Vec::new();
    let mut planes = vec![f32::NAN; observation_len::<G>()];
    for step in 0..100 {
        if d.exhausted() {
            break;
        }
        if step % 8 == 0 {
            check_actions(&pos, 257);
        }
        pos.legal_moves(&mut list);
        let decodes = |id: usize| match pos.move_of_action(id) {
            Some(mv) => {
                assert!(list.contains(&mv), "id {id} decodes to an illegal turn");
                assert_eq!(pos.action_of(mv), id, "id {id} decodes to another turn's");
                Some(mv)
            }
            None => None,
        };
        match d.choose(3) {
            0 => {
                let id = d.choose(G::ACTIONS + 64);
                if let Some(mv) = decodes(id) {
                    let other = d.choose(G::ACTIONS + 64);
                    if let Some(version) = pos.move_of_follow_up(mv, other) {
                        assert!(list.contains(&version));
                        assert_eq!(pos.action_of(version), id);
                        assert_eq!(pos.follow_up_of(version), Some(other));
                    }
                }
            }
            1 => {
                if !list.is_empty() {
                    let chosen = list[d.choose(list.len())];
                    let main = decodes(pos.action_of(chosen)).expect("a legal turn's id decodes");
                    pos.follow_up_actions(main, &mut follow_ups);
                    if !follow_ups.is_empty() {
                        pos.observe_follow_up(main, &mut planes);
                        assert!(planes.iter().all(|v| v.is_finite()));
                        let follow_up = pos.follow_up_of(chosen).expect("a version");
                        assert_eq!(pos.move_of_follow_up(main, follow_up), Some(chosen));
                    }
                    pos.play_unchecked(chosen);
                }
            }
            _ => {
                random_plies(&mut pos, &mut d);
            }
        }
        planes.fill(f32::NAN);
        pos.observe(&mut planes);
        assert!(
            planes.iter().all(|v| v.is_finite()),
            "an observation value left unwritten"
        );
    }
    check_actions(&pos, 61);
}

/// `perft`: a game byte, the rules header, a decision of the depth (1 to 3, lowered on wide
/// positions), a byte of plies, a start, then the decisions of those plies. perft with bulk
/// counting equals perft by enumeration and through a table, `Perft::divide` lists the legal
/// moves with counts that add up to it, in generation order and as reported, and every road
/// stopped before it starts counts nothing deeper than two plies.
pub fn perft_body(data: &[u8]) {
    by_game_byte!(data, perft_of);
}

fn perft_of<G: FuzzGame>(data: &[u8]) {
    let (rules, rest) = rules_and_rest::<G>(data);
    let mut d = Decisions::new(rest);
    let mut depth = 1 + d.choose(3) as u32;
    let plies = d.byte();
    let mut pos: G = start(&mut d, rules);
    advance(&mut pos, &mut d, plies);
    let wide = pos.count_legal_moves();
    if wide > 300 {
        depth = 1;
    } else if depth == 3 && perft(&pos, 2) > 3000 {
        depth = 2;
    }
    assert_eq!(perft(&pos, 0), 1);
    assert!(Perft::new(0).divide(&pos, |_| {}).is_empty());
    let total = perft(&pos, depth);
    let count = Perft::new(depth);
    let enumerated = count.enumerated().count(&pos);
    assert_eq!(enumerated, Some(total), "bulk perft({depth}) of {pos}");
    let mut table = PerftTable::with_bytes(1 << 12).storing_from(1);
    let hashed = count.count_with_table(&pos, &mut table);
    assert_eq!(hashed, Some(total), "hashed perft({depth}) of {pos}");
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    let order: Vec<G::Move> = moves.to_vec();
    let divide = count.divide(&pos, |c: RootCount<G::Move>| {
        assert!(c.index < c.total && (1..=c.total).contains(&c.done));
        assert_eq!(c.mv, order[c.index]);
    });
    assert!(divide.iter().map(|&(mv, _)| mv).eq(moves.iter().copied()));
    assert_eq!(divide.iter().map(|&(_, n)| n).sum::<u64>(), total);
    let go = AtomicBool::new(false);
    assert_eq!(count.stop_on(&go).count(&pos), Some(total));
    let stop = AtomicBool::new(true);
    let stopped = count.stop_on(&stop).count(&pos);
    assert_eq!(stopped, if depth < 3 { Some(total) } else { None });
    let none = count
        .stop_on(&stop)
        .divide(&pos, |_| panic!("counted after stop"));
    assert!(none.is_empty());
}

/// `search`: a game byte, the rules header, a decision of the engine (random, MCTS, MCTS
/// guided by the evaluation with a contempt, alpha-beta, alpha-beta on two threads), a byte of its budget, a byte of seed, a byte of plies, a start, the decisions
/// of those plies; what is left is read as an engine spec text.
///
/// A search with a tiny budget (at most 64 MCTS iterations, alpha-beta to depth 3 and 3,000
/// nodes) returns a legal move exactly while the game goes on, with a principal variation of
/// legal moves; a second engine made alike chooses the same move. A spec text that reads writes
/// a text that reads back to the same spec.
pub fn search(data: &[u8]) {
    by_game_byte!(data, search_of);
}

fn search_of<G: FuzzGame>(data: &[u8]) {
    let (rules, rest) = rules_and_rest::<G>(data);
    let mut d = Decisions::new(rest);
    let engine = d.choose(5);
    let size = u64::from(d.byte());
    let seed = u64::from(d.byte());
    let plies = d.byte();
    let mut pos: G = start(&mut d, rules);
    advance(&mut pos, &mut d, plies);
    let make = || -> (Box<dyn Engine<G>>, Budget) {
        match engine {
            0 => (Box::new(Random::new(seed)), Budget::DEFAULT),
            1 => (
                Box::new(Mcts::<G>::new(MctsOptions {
                    seed,
                    playout_cap: 1 + (size as u32 % 200),
                    ..MctsOptions::DEFAULT
                })),
                Budget::iterations(1 + size % 64),
            ),
            // The implicit minimax, widening, settled cut-offs and a draw contempt.
            2 => (
                Box::new(
                    Mcts::<G>::new(MctsOptions {
                        seed,
                        playout_cap: 1 + (size as u32 % 200),
                        cutoff: Some(1 + (size as u32 % 3)),
                        minimax: Some(f64::from((size % 5) as u8) / 4.0),
                        widening: Some(f64::from((size % 3) as u8)),
                        contempt: Some(100),
                        max_nodes: 1 + (size as usize * 7),
                        ..MctsOptions::DEFAULT
                    })
                    .with_prior(|p: &G| p.evaluate())
                    .with_evaluator(|p: &G| settled_value(p, SETTLE_PLIES, &|q: &G| q.evaluate())),
                ),
                Budget::iterations(1 + size % 64),
            ),
            3 => (
                Box::new(AlphaBeta::<G>::new(AlphaBetaOptions {
                    hash_mib: 1,
                    ..AlphaBetaOptions::DEFAULT
                })),
                Budget::depth(1 + (size % 3) as u32).with_nodes(3000),
            ),
            // Lazy SMP: the helper shares the table while the main thread searches.
            _ => (
                Box::new(AlphaBeta::<G>::new(AlphaBetaOptions {
                    hash_mib: 1,
                    threads: 2,
                    ..AlphaBetaOptions::DEFAULT
                })),
                Budget::depth(1 + (size % 3) as u32).with_nodes(3000),
            ),
        }
    };
    let (mut first, budget) = make();
    let found = first.choose(&pos, &budget);
    match found {
        None => assert!(pos.is_over(), "no move from an unfinished position: {pos}"),
        Some((mv, info)) => {
            assert!(!pos.is_over(), "a move from a finished position: {pos}");
            assert!(
                try_move(&pos, mv),
                "the engine chose an illegal {mv:?}: {pos}"
            );
            let mut line = pos.clone();
            for &m in &info.pv {
                assert!(line.is_legal(m), "illegal {m:?} in the principal variation");
                line.play_unchecked(m);
            }
            let (mut second, budget) = make();
            let again = second.choose(&pos, &budget).map(|(m, _)| m);
            if engine == 4 {
                // Two threads are not repeatable, only legal.
                assert!(
                    again.is_some_and(|m| pos.is_legal(m)),
                    "no legal move again: {pos}"
                );
            } else {
                assert_eq!(again, Some(mv), "the same engine chose another move: {pos}");
            }
        }
    }
    let u = d.unstructured();
    let rest = u.bytes(u.len()).unwrap_or(&[]);
    let text = String::from_utf8_lossy(rest);
    if let Ok(spec) = text.trim().parse::<EngineSpec>() {
        let written = spec.to_string();
        let again = written
            .parse::<EngineSpec>()
            .unwrap_or_else(|e| panic!("spec text {written:?} refused: {e}"));
        assert_eq!(again.to_string(), written, "spec text does not round-trip");
    }
}

/// `record_text`: the rules header, then a game record read as UTF-8. A record that reads
/// writes a text that reads back to it; under each game it is replayed by its variant and by
/// the header's rules, and a replay keeps the contract, plays the same moves by hand, and
/// writes (by `Record::of_game`) a record that replays to the same end. A `Result` tag that
/// reads writes back to itself.
pub fn record(data: &[u8]) {
    let (header, rest) = split_header(data);
    let text = String::from_utf8_lossy(rest);
    let Ok(record) = text.parse::<Record>() else {
        return;
    };
    assert!(!record.game.is_empty());
    let written = record.to_string();
    let again: Record = written
        .parse()
        .unwrap_or_else(|e| panic!("written record {written:?} refused: {e}"));
    assert_eq!(again, record, "record text does not round-trip");
    record_under::<jarmo_core::Position>(&record, header);
    record_under::<jetan_core::Position>(&record, header);
    record_under::<jersi_core::Position>(&record, header);
    record_under::<jericho_core::Position>(&record, header);
}

fn record_under<G: FuzzGame>(record: &Record, header: Header) {
    let mut record = record.clone();
    record.game = G::NAME.to_owned();
    if let Some(outcome) = record
        .result
        .as_deref()
        .and_then(|tag| parse_result_tag(tag, G::SIDE_NAMES))
    {
        let written = result_tag(outcome, G::SIDE_NAMES);
        assert_eq!(
            parse_result_tag(&written, G::SIDE_NAMES),
            Some(outcome),
            "{written:?}"
        );
    }
    for replay in [
        record.replay::<G>(),
        record.replay_with::<G>(G::rules_of(header)),
    ] {
        match replay {
            Ok(replay) => {
                check_full(&replay.start);
                check_full(&replay.end);
                assert_eq!(replay.moves.len(), record.moves.len());
                let mut pos = replay.start.clone();
                for &mv in &replay.moves {
                    pos.play(mv)
                        .unwrap_or_else(|e| panic!("replayed {mv:?} refused: {e}"));
                }
                assert_eq!(pos, replay.end, "the replayed moves end elsewhere");
                let written =
                    Record::of_game(&replay.start, record.variant.as_deref(), &replay.moves)
                        .unwrap_or_else(|i| panic!("move {i} of a replay is illegal"));
                let again = written
                    .replay_with::<G>(replay.rules)
                    .unwrap_or_else(|e| panic!("a written record does not replay: {e}\n{written}"));
                assert_eq!(again.end, replay.end);
                assert_eq!(again.moves, replay.moves);
            }
            Err(e) => assert!(!e.to_string().is_empty(), "an error says what is wrong"),
        }
    }
}

/// `jersi_record`: the rules header, then text in the Jersi author's two-column record format.
/// `read_record` and `replay_record` agree: what reads either replays to a position that keeps
/// the contract (the same as playing the moves by hand) or is refused at one of its turns.
pub fn jersi_record(data: &[u8]) {
    use jersi_core::{Position, RecordError, read_record, replay_record};
    let (rules, rest) = rules_and_rest::<Position>(data);
    let text = String::from_utf8_lossy(rest);
    let read = read_record(&text);
    let replayed = replay_record(&text, rules);
    match (read, replayed) {
        (Ok(moves), Ok((end, played))) => {
            assert!(
                moves
                    .iter()
                    .all(|m| !m.is_empty() && !m.contains(char::is_whitespace))
            );
            assert_eq!(played.len(), moves.len());
            check_full(&end);
            let mut pos = Position::new(rules);
            for (text, &mv) in moves.iter().zip(&played) {
                assert_eq!(pos.parse_move(text), Ok(mv));
                pos.play(mv)
                    .unwrap_or_else(|e| panic!("replayed {text} refused: {e}"));
            }
            assert_eq!(pos, end, "replay_record ends elsewhere than the moves");
        }
        (Ok(moves), Err(RecordError::Move { turn, text, error })) => {
            assert!(
                (1..=moves.len()).contains(&(turn as usize)),
                "turn {turn} of {}",
                moves.len()
            );
            assert_eq!(moves[turn as usize - 1], text);
            assert!(!error.to_string().is_empty());
        }
        (Ok(_), Err(e)) => panic!("read_record reads what replay_record cannot read: {e}"),
        (Err(e), replayed) => {
            assert!(
                replayed.is_err(),
                "replay_record reads what read_record refuses"
            );
            assert!(!e.to_string().is_empty());
        }
    }
}

/// `cells`: a game byte, then values for the game's parsers and constructors of cells,
/// pieces, sets and presets ([`FuzzGame::check_units`]), as long as bytes are left (at most 64
/// rounds).
pub fn cells(data: &[u8]) {
    by_game_byte!(data, cells_of);
}

fn cells_of<G: FuzzGame>(data: &[u8]) {
    let mut u = arbitrary::Unstructured::new(data);
    for _ in 0..64 {
        G::check_units(&mut u);
        if u.is_empty() {
            break;
        }
    }
}

/// `json`: a game byte, then bytes read as JSON into each serde type of the game
/// ([`FuzzGame::check_json`]): whatever reads writes JSON that reads back to it; positions
/// keep the whole contract; moves are checked by [`try_move`].
#[cfg(feature = "json")]
pub fn json(data: &[u8]) {
    by_game_byte!(data, json_of);
}

#[cfg(feature = "json")]
fn json_of<G: FuzzGame>(data: &[u8]) {
    G::check_json(data);
}

/// `study_rows`: a game byte, then text read as UTF-8 (bad sequences replaced), at most 64
/// lines, each read as a row of `jgames study --merge` ([`game_study::GameRow::parse`]) and as
/// a variant text (`preset+switch`, [`GameRules::variant`](abstract_game::GameRules::variant)).
/// A row that reads has a full 16-digit opening key and, where the points decide, the winner
/// they give, and writes a text that reads back to it; a variant that reads starts a game.
/// Neither panics on any line, and their errors say something.
pub fn study_rows(data: &[u8]) {
    by_game_byte!(data, study_rows_of);
}

fn study_rows_of<G: FuzzGame>(data: &[u8]) {
    use abstract_game::GameRules as _;
    use game_study::GameRow;
    let text = String::from_utf8_lossy(data);
    for line in text.lines().take(64) {
        match GameRow::parse::<G>(line) {
            Ok(row) => {
                // What the reader promises: a key of 16 digits, and where the points decide,
                // the winner they give.
                let key = line.trim().split(',').nth(10).unwrap_or_default();
                assert_eq!(key.len(), 16, "{line:?}: a short key read");
                if let (Some(points), true) = (
                    row.scores,
                    row.ending
                        .is_none_or(abstract_game::Ending::decided_by_points),
                ) {
                    let by_points =
                        abstract_game::Outcome::by_scores(abstract_game::Scores(points)).winner;
                    assert_eq!(
                        row.winner, by_points,
                        "{line:?}: a winner against the points read"
                    );
                }
                let written = row.to_string();
                assert_eq!(
                    GameRow::parse::<G>(&written),
                    Ok(row),
                    "{written:?} does not read back"
                );
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
        match G::Rules::variant(G::NAME, line) {
            Ok(rules) => {
                let pos = G::new(rules);
                contract::check_position(&pos);
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
}

/// `table_header`: bytes read as the start of a table file ([`game_solve::file::parse_header`]).
/// Never panics; a header that reads has its layers in order, each starting where the last
/// ended, below the layer count, and writes back to the same header text; an error says
/// something.
pub fn table_header(data: &[u8]) {
    use game_solve::file::{header_text, parse_header};
    match parse_header(data) {
        Ok(header) => {
            let mut end = 0;
            for (k, e) in header.entries.iter().enumerate() {
                assert!(e.layer < header.layers);
                assert_eq!(e.offset, end);
                if k > 0 {
                    assert!(e.layer > header.entries[k - 1].layer);
                }
                end = e.offset + e.size;
            }
            let again = header_text(
                &header.game,
                &header.index,
                header.index_version,
                header.layers,
                &header.entries,
            );
            let reread = parse_header(again.as_bytes()).expect("a written header reads");
            assert_eq!(
                (
                    &reread.game,
                    &reread.index,
                    reread.index_version,
                    reread.layers
                ),
                (
                    &header.game,
                    &header.index,
                    header.index_version,
                    header.layers
                )
            );
            assert_eq!(reread.entries, header.entries);
            assert_eq!(reread.len, again.len());
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
}

/// `table_keys`: bytes read as the keys of one wave of an endgame table
/// ([`game_solve::file::decode_keys`]), the first byte saying how many keys are expected.
/// Never panics; keys that read are exactly that many, rise strictly, and read the same again
/// once written back.
pub fn table_keys(data: &[u8]) {
    use game_solve::file::{decode_keys, encode_keys};
    let Some((&count, bytes)) = data.split_first() else {
        return;
    };
    if let Some(keys) = decode_keys(bytes, usize::from(count)) {
        assert_eq!(keys.len(), usize::from(count));
        assert!(keys.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(
            decode_keys(&encode_keys(&keys), keys.len()).as_deref(),
            Some(&keys[..])
        );
    }
}
