//! The board tables against the author's board description (`tests/data/board.json`): every
//! cell with its axial coordinates, its half-cell position and its neighbours by direction.

use std::collections::BTreeMap;

use jersi_core::{HexDirection, Square};

/// The direction names of the board data.
fn name(dir: HexDirection) -> &'static str {
    match dir {
        HexDirection::East => "E",
        HexDirection::NorthEast => "NE",
        HexDirection::NorthWest => "NW",
        HexDirection::West => "W",
        HexDirection::SouthWest => "SW",
        HexDirection::SouthEast => "SE",
    }
}

const BOARD_JSON: &str = include_str!("data/board.json");

/// Just enough JSON for the board file: objects, arrays, strings without escapes, integers.
#[derive(Debug)]
enum Json {
    Object(BTreeMap<String, Json>),
    Array(Vec<Json>),
    Text(String),
    Number(i64),
}

impl Json {
    fn get(&self, key: &str) -> &Json {
        match self {
            Json::Object(map) => map.get(key).unwrap_or_else(|| panic!("no key {key:?}")),
            _ => panic!("not an object where {key:?} was expected"),
        }
    }

    fn number(&self) -> i64 {
        match self {
            Json::Number(n) => *n,
            other => panic!("not a number: {other:?}"),
        }
    }

    fn text(&self) -> &str {
        match self {
            Json::Text(s) => s,
            other => panic!("not a string: {other:?}"),
        }
    }
}

fn parse(s: &mut &str) -> Json {
    *s = s.trim_start();
    let first = s.chars().next().expect("more JSON");
    match first {
        '{' => {
            *s = &s[1..];
            let mut map = BTreeMap::new();
            loop {
                *s = s.trim_start_matches(|c: char| c.is_whitespace() || c == ',');
                if let Some(rest) = s.strip_prefix('}') {
                    *s = rest;
                    return Json::Object(map);
                }
                let Json::Text(key) = parse(s) else {
                    panic!("object keys are strings")
                };
                *s = s.trim_start().strip_prefix(':').expect("':' after a key");
                map.insert(key, parse(s));
            }
        }
        '[' => {
            *s = &s[1..];
            let mut items = Vec::new();
            loop {
                *s = s.trim_start_matches(|c: char| c.is_whitespace() || c == ',');
                if let Some(rest) = s.strip_prefix(']') {
                    *s = rest;
                    return Json::Array(items);
                }
                items.push(parse(s));
            }
        }
        '"' => {
            let end = s[1..].find('"').expect("a closing quote") + 1;
            let text = s[1..end].to_string();
            *s = &s[end + 1..];
            Json::Text(text)
        }
        _ => {
            let end = s
                .find(|c: char| !(c == '-' || c.is_ascii_digit()))
                .unwrap_or(s.len());
            let n = s[..end].parse().expect("an integer");
            *s = &s[end..];
            Json::Number(n)
        }
    }
}

#[test]
fn cells_and_neighbours_match_the_board_data() {
    let mut text = BOARD_JSON;
    let data = parse(&mut text);
    let Json::Object(cells) = data.get("cells") else {
        panic!("cells is an object")
    };
    assert_eq!(cells.len(), Square::COUNT);
    for sq in Square::ALL {
        let cell = cells
            .get(&sq.to_string())
            .unwrap_or_else(|| panic!("{sq} missing from the data"));
        // The data's axial (u, v) has v growing towards row i; `Square::hex` has r growing
        // towards row a, so that the directions of `abstract_game::hex` read as White sees
        // the board: u = q + r, v = -r.
        let hex = sq.hex();
        assert_eq!(i64::from(hex.q + hex.r), cell.get("u").number(), "{sq} u");
        assert_eq!(-i64::from(hex.r), cell.get("v").number(), "{sq} v");
        assert_eq!(i64::from(sq.x2()), cell.get("x2").number(), "{sq} x2");
        let Json::Object(neighbours) = cell.get("neighbours") else {
            panic!("{sq}: neighbours is an object")
        };
        for dir in HexDirection::ALL {
            let expected = neighbours.get(name(dir)).map(Json::text);
            let actual = sq.neighbor(dir).map(|n| n.to_string());
            assert_eq!(actual.as_deref(), expected, "{sq} {}", name(dir));
        }
        assert!(
            neighbours
                .keys()
                .all(|k| HexDirection::ALL.iter().any(|&d| name(d) == k)),
            "{sq}: unknown direction in the data"
        );
    }
    // The rows, bottom (White's side) to top, in the order of `Square::ALL`.
    let Json::Object(rows) = data.get("rows_bottom_to_top") else {
        panic!("rows is an object")
    };
    let listed: Vec<String> = rows
        .values()
        .flat_map(|row| -> Vec<String> {
            match row {
                Json::Array(items) => items.iter().map(|c| c.text().to_string()).collect(),
                _ => panic!("a row is an array"),
            }
        })
        .collect();
    let ours: Vec<String> = Square::ALL.iter().map(ToString::to_string).collect();
    assert_eq!(listed, ours);
}
