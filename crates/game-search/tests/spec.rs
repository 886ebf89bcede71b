//! Engine specs: text round trips, every refusal, and the budget a spec gives its engine.

mod common;

use std::time::Duration;

use abstract_game::Game;
use common::Nim;
use game_search::{AlphaBetaOptions, Budget, EngineSpec, MctsOptions, RandomOptions, SpecError};
use proptest::prelude::*;

fn parse(text: &str) -> Result<EngineSpec, SpecError> {
    text.parse()
}

#[test]
fn the_documented_specs_parse_to_their_options() {
    for (text, spec) in [
        ("random", EngineSpec::Random(RandomOptions { seed: 0 })),
        (
            "random:seed=3",
            EngineSpec::Random(RandomOptions { seed: 3 }),
        ),
        ("mcts", EngineSpec::Mcts(MctsOptions::DEFAULT)),
        (
            "mcts:iterations=20000,c=1.4,seed=5,threads=2,playout_cap=500",
            EngineSpec::Mcts(MctsOptions {
                exploration: Some(1.4),
                seed: 5,
                threads: 2,
                playout_cap: 500,
                budget: Budget::iterations(20_000),
                ..MctsOptions::DEFAULT
            }),
        ),
        (
            "alphabeta",
            EngineSpec::AlphaBeta(AlphaBetaOptions::DEFAULT),
        ),
        (
            "alphabeta:depth=4,hash=64",
            EngineSpec::AlphaBeta(AlphaBetaOptions {
                hash_mib: 64,
                budget: Budget::depth(4),
                contempt: None,
                threads: 1,
                tables: true,
            }),
        ),
        (
            "alphabeta:nodes=100000",
            EngineSpec::AlphaBeta(AlphaBetaOptions {
                budget: Budget::nodes(100_000),
                ..AlphaBetaOptions::DEFAULT
            }),
        ),
        (
            " mcts : movetime=250 , reuse=false, max_nodes=1000, nodes=9, c=0.7 ",
            EngineSpec::Mcts(MctsOptions {
                exploration: Some(0.7),
                reuse: false,
                max_nodes: 1000,
                budget: Budget::time(Duration::from_millis(250)).with_nodes(9),
                ..MctsOptions::DEFAULT
            }),
        ),
    ] {
        assert_eq!(parse(text).unwrap(), spec, "{text:?}");
    }
    assert_eq!(
        parse("alphabeta:tables=off").unwrap().to_string(),
        "alphabeta:tables=off"
    );
    assert!(!parse("mcts:tables=off").unwrap().uses_tables());
    assert!(parse("mcts").unwrap().uses_tables());
    assert!(parse("alphabeta:tables=maybe").is_err());
}

#[test]
fn display_is_canonical_and_parses_back() {
    for (text, canonical) in [
        ("random", "random"),
        ("random:seed=0", "random"),
        ("random:seed=3", "random:seed=3"),
        ("mcts", "mcts"),
        ("mcts:", "mcts"),
        // A constant given is kept, even the default one: unset, the game chooses.
        (
            "mcts:iterations=20000,c=1.4,seed=5,threads=2,playout_cap=500",
            "mcts:iterations=20000,c=1.4,seed=5,threads=2,playout_cap=500",
        ),
        ("mcts:cutoff=0", "mcts:cutoff=0"),
        (
            "mcts:widening=1.5,minimax=0.25,cutoff=2",
            "mcts:cutoff=2,minimax=0.25,widening=1.5",
        ),
        ("mcts:minimax=0", "mcts:minimax=0"),
        (
            "mcts:contempt=-40,widening=0,seed=3",
            "mcts:seed=3,widening=0,contempt=-40",
        ),
        (
            "mcts:reuse=false,c=0.25,movetime=100,nodes=7",
            "mcts:nodes=7,movetime=100,c=0.25,reuse=false",
        ),
        ("alphabeta", "alphabeta"),
        ("alphabeta:hash=64,depth=4", "alphabeta:depth=4,hash=64"),
        ("alphabeta:nodes=100000", "alphabeta:nodes=100000"),
        (
            "alphabeta:contempt=-5,depth=2",
            "alphabeta:depth=2,contempt=-5",
        ),
        ("alphabeta:contempt=0", "alphabeta:contempt=0"),
        ("alphabeta:threads=2,depth=3", "alphabeta:depth=3,threads=2"),
        ("alphabeta:threads=1", "alphabeta"),
        (
            "alphabeta:movetime=50,hash=0",
            "alphabeta:movetime=50,hash=0",
        ),
    ] {
        let spec = parse(text).unwrap();
        assert_eq!(spec.to_string(), canonical, "{text}");
        assert_eq!(parse(canonical).unwrap(), spec, "{text}");
    }
}

#[test]
fn bad_specs_are_refused_with_the_reason() {
    assert_eq!(
        parse("minimax"),
        Err(SpecError::UnknownEngine("minimax".into()))
    );
    assert_eq!(parse(""), Err(SpecError::UnknownEngine(String::new())));
    assert_eq!(parse("MCTS"), Err(SpecError::UnknownEngine("MCTS".into())));
    let err = parse("mcts:depth=3").unwrap_err();
    assert!(
        matches!(&err, SpecError::UnknownKey { engine: "mcts", key, .. } if key == "depth"),
        "{err:?}"
    );
    assert!(err.to_string().contains("\"depth\""), "{err}");
    assert!(matches!(
        parse("random:iterations=5"),
        Err(SpecError::UnknownKey {
            engine: "random",
            ..
        })
    ));
    assert!(matches!(
        parse("alphabeta:c=1"),
        Err(SpecError::UnknownKey {
            engine: "alphabeta",
            ..
        })
    ));
    for (text, key, value) in [
        ("alphabeta:depth=0", "depth", "0"),
        ("alphabeta:depth=128", "depth", "128"),
        ("alphabeta:depth=-1", "depth", "-1"),
        ("alphabeta:hash=lots", "hash", "lots"),
        ("alphabeta:hash=100000", "hash", "100000"),
        ("alphabeta:contempt=1.5", "contempt", "1.5"),
        ("alphabeta:contempt=100001", "contempt", "100001"),
        ("alphabeta:nodes=0", "nodes", "0"),
        ("alphabeta:threads=0", "threads", "0"),
        ("alphabeta:threads=257", "threads", "257"),
        ("mcts:iterations=1e4", "iterations", "1e4"),
        ("mcts:c=-1", "c", "-1"),
        ("mcts:c=NaN", "c", "NaN"),
        ("mcts:c=inf", "c", "inf"),
        ("mcts:threads=0", "threads", "0"),
        ("mcts:threads=1000", "threads", "1000"),
        ("mcts:reuse=yes", "reuse", "yes"),
        ("mcts:movetime=0", "movetime", "0"),
        ("mcts:max_nodes=0", "max_nodes", "0"),
        ("mcts:minimax=1.5", "minimax", "1.5"),
        ("mcts:minimax=-0.1", "minimax", "-0.1"),
        ("mcts:minimax=NaN", "minimax", "NaN"),
        ("mcts:widening=-1", "widening", "-1"),
        ("mcts:widening=inf", "widening", "inf"),
        ("mcts:contempt=0.5", "contempt", "0.5"),
        ("mcts:contempt=100001", "contempt", "100001"),
        ("mcts:playout_cap=99999999999", "playout_cap", "99999999999"),
        ("random:seed=", "seed", ""),
        ("random:seed=x", "seed", "x"),
    ] {
        let err = parse(text).unwrap_err();
        match &err {
            SpecError::BadValue {
                key: k, value: v, ..
            } => {
                assert_eq!((k.as_str(), v.as_str()), (key, value), "{text}");
            }
            other => panic!("{text}: {other:?}"),
        }
        let message = err.to_string();
        assert!(
            message.contains(key) && message.contains(&format!("{value:?}")),
            "{message}"
        );
    }
    assert_eq!(
        parse("mcts:seed"),
        Err(SpecError::MissingValue("seed".into()))
    );
    assert_eq!(
        parse("mcts:seed=1,seed=2"),
        Err(SpecError::DuplicateKey("seed".into()))
    );
}

#[test]
fn set_changes_one_option_or_nothing() {
    let mut spec = parse("alphabeta:depth=4").unwrap();
    spec.set("hash", "8").unwrap();
    assert_eq!(spec.to_string(), "alphabeta:depth=4,hash=8");
    let before = spec;
    assert!(spec.set("depth", "many").is_err());
    assert!(spec.set("threads", "0").is_err());
    assert!(spec.set("iterations", "2").is_err());
    assert_eq!(spec, before);
}

#[test]
fn building_needs_an_evaluation_only_for_alphabeta_and_cutoffs() {
    for text in ["random:seed=2", "mcts:iterations=10"] {
        let spec = parse(text).unwrap();
        let mut engine = spec.build_without_evaluation::<Nim>().unwrap();
        assert_eq!(engine.name(), text);
        let pos = Nim::at(3, 2);
        let (mv, _) = engine.choose(&pos, &Budget::default()).unwrap();
        assert!(pos.is_legal(mv));
    }
    // Alpha-beta needs the evaluation; so does a cutoff, and the implicit minimax, which
    // judges every child by it. With the evaluation, each builds and plays.
    for (text, needs) in [
        ("alphabeta", "alphabeta"),
        ("mcts:cutoff=12", "mcts:cutoff"),
        ("mcts:minimax=0.5,widening=2", "mcts:minimax"),
    ] {
        let spec = parse(text).unwrap();
        assert!(
            matches!(spec.build_without_evaluation::<Nim>(), Err(SpecError::NeedsEvaluation(n)) if n == needs),
            "{text}"
        );
        let (mv, _) = spec
            .build::<Nim>()
            .choose(&Nim::at(3, 2), &Budget::iterations(50))
            .unwrap();
        assert!(Nim::at(3, 2).is_legal(mv), "{text}");
    }
    // The cutoff round-trips; a minimax weight of 0 needs no evaluation.
    assert_eq!(
        parse("mcts:cutoff=12").unwrap().to_string(),
        "mcts:cutoff=12"
    );
    assert!(
        parse("mcts:minimax=0")
            .unwrap()
            .build_without_evaluation::<Nim>()
            .is_ok()
    );
}

#[test]
fn the_spec_budget_fills_what_the_call_leaves_unset() {
    let pos = Nim::at(60, 50);
    // Each spec's engine, asked in turn with each budget: the depth alpha-beta searched, the
    // iterations MCTS ran.
    // - Spec depth 2: a call without a budget searches to depth 2, the call's depth wins, and
    //   a call that sets nodes only leaves the spec's depth.
    // - No spec budget: the engine's own default depth.
    // - Spec iterations 300: the call's iterations win; with nodes too, the smaller limit
    //   ends the search.
    // - A depth alone does not limit MCTS: its default applies.
    let defaults = (
        u64::from(game_search::AlphaBeta::<Nim>::DEFAULT_DEPTH),
        game_search::Mcts::<Nim>::DEFAULT_ITERATIONS,
    );
    let cases: [(&str, &[(Budget, u64)]); 4] = [
        (
            "alphabeta:depth=2",
            &[
                (Budget::default(), 2),
                (Budget::depth(4), 4),
                (Budget::nodes(1_000_000), 2),
            ],
        ),
        ("alphabeta", &[(Budget::default(), defaults.0)]),
        (
            "mcts:iterations=300",
            &[
                (Budget::default(), 300),
                (Budget::iterations(50), 50),
                (Budget::nodes(120), 120),
            ],
        ),
        ("mcts", &[(Budget::depth(3), defaults.1)]),
    ];
    for (spec, calls) in cases {
        let mut engine = parse(spec).unwrap().build::<Nim>();
        for (budget, expected) in calls {
            let (_, info) = engine.choose(&pos, budget).unwrap();
            let searched = if spec.starts_with("alphabeta") {
                u64::from(info.depth)
            } else {
                info.iterations
            };
            assert_eq!(searched, *expected, "{spec} with {budget:?}");
        }
    }
}

fn arb_budget(depth: bool) -> impl Strategy<Value = Budget> {
    (
        proptest::option::of(1u64..1_000_000),
        proptest::option::of(1u32..=127),
        proptest::option::of(1u64..100_000),
    )
        .prop_map(move |(nodes, d, ms)| Budget {
            nodes,
            depth: if depth { d } else { None },
            time: ms.map(Duration::from_millis),
            ..Budget::DEFAULT
        })
}

fn arb_spec() -> impl Strategy<Value = EngineSpec> {
    prop_oneof![
        any::<u64>().prop_map(|seed| EngineSpec::Random(RandomOptions { seed })),
        (
            arb_budget(false),
            proptest::option::of(1u64..10_000_000),
            proptest::option::of(0.0f64..10.0),
            any::<u64>(),
            1usize..=256,
            (
                any::<u32>(),
                proptest::option::of(prop_oneof![Just(0u32), any::<u32>()]),
                proptest::option::of(prop_oneof![Just(0.0f64), Just(1.0f64), 0.0f64..=1.0]),
                proptest::option::of(prop_oneof![Just(0.0f64), 0.0f64..100.0]),
                proptest::option::of(-100_000i32..=100_000),
            ),
            1usize..10_000_000,
            any::<bool>(),
        )
            .prop_map(
                |(
                    budget,
                    iterations,
                    exploration,
                    seed,
                    threads,
                    (playout_cap, cutoff, minimax, widening, contempt),
                    max_nodes,
                    reuse,
                )| {
                    EngineSpec::Mcts(MctsOptions {
                        exploration,
                        seed,
                        threads,
                        playout_cap,
                        cutoff,
                        minimax,
                        widening,
                        contempt,
                        max_nodes,
                        reuse,
                        tables: seed % 2 == 0,
                        budget: Budget {
                            iterations,
                            ..budget
                        },
                    })
                }
            ),
        (
            arb_budget(true),
            0usize..=65536,
            proptest::option::of(-100_000i32..=100_000),
            1usize..=256,
        )
            .prop_map(|(budget, hash_mib, contempt, threads)| {
                EngineSpec::AlphaBeta(AlphaBetaOptions {
                    hash_mib,
                    budget,
                    contempt,
                    threads,
                    tables: hash_mib % 3 != 0,
                })
            }),
    ]
}

proptest! {
    #[test]
    fn every_spec_round_trips(spec in arb_spec()) {
        let text = spec.to_string();
        prop_assert_eq!(parse(&text), Ok(spec), "{}", text);
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,40}") {
        let _ = parse(&text);
    }

    #[test]
    fn mangled_specs_never_panic(
        name in prop_oneof!["random", "mcts", "alphabeta"].prop_map(String::from),
        items in proptest::collection::vec(("[a-z_]{0,12}", "[-0-9a-z.]{0,24}"), 0..5),
    ) {
        let options: Vec<String> = items.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let text = format!("{name}:{}", options.join(","));
        if let Ok(spec) = parse(&text) {
            prop_assert_eq!(parse(&spec.to_string()), Ok(spec));
        }
    }
}
