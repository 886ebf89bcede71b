//! Checks of the [`Game`] and [`TextGame`] contract, for the tests and fuzz targets of game
//! crates. Each function panics, with a message naming the broken promise, when a position
//! breaks the contract; they are assertions, not error handling.

use core::fmt::{Debug, Display};

use crate::{Game, GameRules, TextGame};

/// Checks one position: the move list against the bulk count and the outcome, the ending
/// against the outcome and [`ENDINGS`](crate::Game::ENDINGS), the hash against
/// the hash from scratch, the position text round trip, and legal moves (all of them, or 16
/// spread over a longer list) against `is_legal`, `count_after` and their notation, and
/// `count_two_plies` against the sum of `count_after`.
pub fn check_position<G>(pos: &G)
where
    G: TextGame + PartialEq + Debug,
{
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    assert_eq!(
        moves.len(),
        pos.count_legal_moves(),
        "bulk count differs from the move list: {pos:?}"
    );
    assert_eq!(
        pos.outcome().is_some(),
        moves.is_empty(),
        "a game goes on exactly while moves exist: {pos:?}"
    );
    assert_eq!(
        pos.ending().is_some(),
        pos.outcome().is_some(),
        "an ending is named exactly when the game is over: {pos:?}"
    );
    if let (Some(ending), Some(outcome)) = (pos.ending(), pos.outcome()) {
        assert!(
            G::ENDINGS.contains(&ending),
            "ending {ending} is not in ENDINGS: {pos:?}"
        );
        assert!(
            ending != crate::Ending::DRAW || outcome.winner.is_none(),
            "a won game called a draw: {pos:?}"
        );
    }
    assert_eq!(
        pos.zobrist(),
        pos.zobrist_from_scratch(),
        "incremental hash differs from scratch: {pos:?}"
    );
    let text = pos.to_text();
    let again = G::from_text(&text, pos.rules())
        .unwrap_or_else(|e| panic!("own text {text:?} refused: {e}"));
    assert_eq!(&again, pos, "position text does not round-trip: {text:?}");
    assert_eq!(again.to_text(), text, "position text is not stable");
    assert_eq!(
        pos.count_two_plies(),
        moves
            .iter()
            .map(|&mv| pos.count_after(mv) as u64)
            .sum::<u64>(),
        "count_two_plies differs from the sum of count_after: {pos:?}"
    );
    let stride = moves.len().div_ceil(16).max(1);
    for &mv in moves.iter().step_by(stride) {
        assert!(pos.is_legal(mv), "generated move {mv:?} is not legal");
        let written = pos.move_to_string(mv);
        match pos.parse_move(&written) {
            Ok(parsed) => assert_eq!(parsed, mv, "notation {written:?} parses to another move"),
            Err(e) => panic!("notation {written:?} of a legal move is refused: {e}"),
        }
        assert_eq!(
            pos.count_after(mv),
            pos.after(mv).count_legal_moves(),
            "count_after({written}) is wrong"
        );
    }
}

/// Plays a game from `start`, each move chosen by the next number of `choices` (modulo the
/// number of legal moves), checking [`check_position`] and then `extra` on every position.
/// Returns the last position.
pub fn play_checked<G>(
    start: G,
    choices: impl IntoIterator<Item = usize>,
    mut extra: impl FnMut(&G),
) -> G
where
    G: TextGame + PartialEq + Debug,
{
    let mut pos = start;
    let mut moves = G::MoveList::default();
    check_position(&pos);
    extra(&pos);
    for choice in choices {
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[choice % moves.len()];
        pos.play(mv)
            .unwrap_or_else(|e| panic!("generated move {mv:?} refused: {e}"));
        check_position(&pos);
        extra(&pos);
    }
    pos
}

/// Parses `position_text` (falling back to the start position when it is refused) and then
/// the whitespace-separated `moves_text` word by word: whatever parses must round-trip and be
/// legal, and a refused move must leave the position unchanged. Returns the last position.
pub fn parse_checked<G>(rules: G::Rules, position_text: &str, moves_text: &str) -> G
where
    G: TextGame + PartialEq + Debug,
{
    let mut pos = match G::from_text(position_text, rules) {
        Ok(pos) => {
            check_position(&pos);
            let _ = pos.diagram();
            pos
        }
        Err(e) => {
            assert!(!e.to_string().is_empty(), "an error says what is wrong");
            G::new(rules)
        }
    };
    for word in moves_text.split_whitespace() {
        let before = pos.clone();
        match pos.parse_move(word) {
            Ok(mv) => {
                assert!(pos.is_legal(mv), "parsed move {word:?} is not legal");
                let canonical = pos.move_to_string(mv);
                assert_eq!(
                    pos.parse_move(&canonical).ok(),
                    Some(mv),
                    "canonical {canonical:?} of {word:?}"
                );
                pos.play(mv)
                    .unwrap_or_else(|e| panic!("parsed move {word:?} refused: {e}"));
                check_position(&pos);
            }
            Err(e) => {
                assert!(!e.to_string().is_empty(), "an error says what is wrong");
                assert_eq!(pos, before, "a refused move changed the position");
            }
        }
    }
    pos
}

/// The text forms of `pos` agree: `Display` is the position text, the setup writes the same
/// text, that text parses back to the same setup, and validating the setup gives `pos` again.
pub fn check_setup_round_trip<G: TextGame + PartialEq + Debug + Display>(pos: &G) {
    let text = pos.to_text();
    assert_eq!(pos.to_string(), text, "Display is not the position text");
    let setup = pos.to_setup();
    assert_eq!(setup.to_string(), text, "the setup writes another text");
    let parsed: G::Setup = text
        .parse()
        .unwrap_or_else(|e| panic!("own setup text {text:?} refused: {e}"));
    assert_eq!(parsed, setup, "setup text does not round-trip: {text:?}");
    let back = G::from_setup(setup, pos.rules())
        .unwrap_or_else(|e| panic!("own setup {text:?} refused: {e}"));
    assert_eq!(
        &back, pos,
        "from_setup(to_setup) is another position: {text:?}"
    );
}

/// Checks a game's preset table: at least one preset, names distinct and non-empty, each
/// with a summary, rules distinct, `preset` finding each by its name, and `Default` being the
/// first preset's rules.
pub fn check_presets<G: TextGame>() {
    let presets = <G::Rules as GameRules>::PRESETS;
    assert!(!presets.is_empty(), "{} has no preset", G::NAME);
    assert_eq!(
        G::Rules::default(),
        presets[0].rules,
        "{}: Default is not the first preset",
        G::NAME
    );
    for (i, preset) in presets.iter().enumerate() {
        assert!(!preset.name.is_empty() && !preset.summary.is_empty());
        assert_eq!(G::Rules::preset(preset.name), Some(preset.rules));
        assert_eq!(preset.rules.preset_name(), Some(preset.name));
        for other in &presets[..i] {
            assert_ne!(other.name, preset.name, "{}: a name twice", G::NAME);
            assert_ne!(
                other.rules,
                preset.rules,
                "{}: the same rules twice",
                G::NAME
            );
        }
    }
    let unknown =
        G::Rules::find_preset(G::NAME, "no such variant").expect_err("an unknown name is refused");
    assert!(unknown.to_string().contains(presets[0].name), "{unknown}");
    // Rule switches: named like presets, distinct, each changing some preset's rules, each
    // reached through `variant`.
    let switches = <G::Rules as GameRules>::SWITCHES;
    for (i, switch) in switches.iter().enumerate() {
        assert!(!switch.name.is_empty() && !switch.summary.is_empty());
        assert!(!switch.name.contains('+'), "{}: {}", G::NAME, switch.name);
        for other in &switches[..i] {
            assert_ne!(other.name, switch.name, "{}: a switch twice", G::NAME);
        }
        assert!(
            presets.iter().any(|p| (switch.apply)(p.rules) != p.rules),
            "{}: switch {} changes no preset",
            G::NAME,
            switch.name
        );
        for preset in presets {
            let text = format!("{}+{}", preset.name, switch.name);
            assert_eq!(
                G::Rules::variant(G::NAME, &text),
                Ok((switch.apply)(preset.rules)),
                "{text}"
            );
        }
    }
    for preset in presets {
        assert_eq!(G::Rules::variant(G::NAME, preset.name), Ok(preset.rules));
    }
    let text = format!("{}+no-such-switch", presets[0].name);
    assert!(G::Rules::variant(G::NAME, &text).is_err(), "{text}");
}

/// Checks a game's table of endings ([`Game::ENDINGS`]) with
/// [`check_ending_names`], and that the start of every preset has no ending yet (the check of
/// each position, [`check_position`], ties endings to outcomes).
pub fn check_endings<G: Game>() {
    check_ending_names(G::ENDINGS);
    for preset in <G::Rules as GameRules>::PRESETS {
        assert_eq!(
            G::new(preset.rules).ending(),
            None,
            "{}: the start of {} has an ending",
            G::NAME,
            preset.name
        );
    }
}

/// Checks a list of endings: at least one, each with a name and a line, no name twice (a
/// study counts its games by ending name).
pub fn check_ending_names(endings: &[crate::Ending]) {
    assert!(!endings.is_empty(), "no ending");
    for (i, ending) in endings.iter().enumerate() {
        assert!(
            !ending.name().is_empty() && !ending.about().is_empty(),
            "ending {i} is unnamed or unexplained"
        );
        for other in &endings[..i] {
            assert_ne!(other.name(), ending.name(), "an ending name twice");
        }
    }
}
