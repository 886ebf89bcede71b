//! Jarmo for the fuzz targets.

use abstract_game::{BySide, GameRules as _, Side};
use arbitrary::Unstructured;
use jarmo_core::{Blocked, Direction, ReturnRule};
use jarmo_core::{Hole, Holes, Move, Position, Rules, Setup, Shuttle};

use crate::{FuzzGame, Header, any, one_in, pick, side, upto};

const RETURNS: [ReturnRule; 3] = [ReturnRule::Seed, ReturnRule::Reserve, ReturnRule::None];

fn hole(u: &mut Unstructured<'_>) -> Hole {
    pick(u, &Hole::ALL)
}

fn maybe_hole(u: &mut Unstructured<'_>) -> Option<Hole> {
    if one_in(u, 3) { None } else { Some(hole(u)) }
}

/// The holes of the low 25 bits of `mask` (a set cannot hold more).
fn holes(mask: u32) -> Holes {
    Hole::ALL
        .into_iter()
        .filter(|h| mask >> h.index() & 1 != 0)
        .fold(Holes::EMPTY, Holes::with)
}

impl FuzzGame for Position {
    /// Byte 0 modulo 3: the return rule (seed, reserve, none). Byte 1, bit 0: Jasir's
    /// directions; bit 1: the goal-row capture restriction; bit 2: a blocked side loses; bit 3:
    /// the no-shuttling rule; bit 4: White moves first.
    fn rules_of(h: Header) -> Rules {
        let bit = |i: u8| h[1] >> i & 1 != 0;
        Rules {
            direction: if bit(0) {
                Direction::Jasir
            } else {
                Direction::Jarmo
            },
            return_rule: RETURNS[usize::from(h[0]) % 3],
            goal_row_capture_restriction: bit(1),
            blocked: if bit(2) {
                Blocked::Loses
            } else {
                Blocked::Pass
            },
            no_shuttling: bit(3),
            first_player: if bit(4) { Side::Second } else { Side::First },
        }
    }

    fn header_of(r: Rules) -> Header {
        let returns = RETURNS
            .iter()
            .position(|&x| x == r.return_rule)
            .unwrap_or(0) as u8;
        let flags = u8::from(r.direction == Direction::Jasir)
            | u8::from(r.goal_row_capture_restriction) << 1
            | u8::from(r.blocked == Blocked::Loses) << 2
            | u8::from(r.no_shuttling) << 3
            | u8::from(r.first_player == Side::Second) << 4;
        [returns, flags, 0, 0]
    }

    fn arbitrary_setup(u: &mut Unstructured<'_>, rules: Rules) -> Setup {
        if one_in(u, 8) {
            // Raw: whatever the fields hold.
            let shuttle = |u: &mut Unstructured<'_>| Shuttle::new(hole(u), hole(u), any(u));
            return Setup {
                archers: BySide::new(holes(any(u)), holes(any(u))),
                marked: holes(any(u)),
                pool: BySide::new(any(u), any(u)),
                credits: BySide::new(any(u), any(u)),
                to_move: side(u),
                passes: any(u),
                shuttle: BySide::new(shuttle(u), shuttle(u)),
            };
        }
        let mut setup = Setup {
            to_move: side(u),
            ..Setup::default()
        };
        for h in Hole::ALL {
            // Half the holes empty; a marked archer now and then.
            let content = upto(u, 7);
            if content < 4 {
                continue;
            }
            let owner = if content % 2 == 0 {
                Side::First
            } else {
                Side::Second
            };
            if setup.archers[owner].count() < 5 {
                setup.archers[owner] = setup.archers[owner].with(h);
                if content >= 6 {
                    setup.marked = setup.marked.with(h);
                }
            }
        }
        for s in Side::BOTH {
            let room = 5 - setup.archers[s].count();
            if rules.return_rule != ReturnRule::None {
                setup.pool[s] = upto(u, room) as u8;
            }
            if rules.return_rule == ReturnRule::Seed {
                setup.credits[s] = upto(u, 2) as u8;
            }
            if rules.no_shuttling && !one_in(u, 2) {
                let from = hole(u);
                let next: Vec<Hole> = from.neighbours().into_iter().collect();
                if !next.is_empty() {
                    setup.shuttle[s] = Shuttle::new(from, pick(u, &next), 1 + upto(u, 2) as u8);
                }
            }
        }
        if rules.blocked == Blocked::Pass {
            setup.passes = upto(u, 2) as u8;
        }
        setup
    }

    fn arbitrary_move(u: &mut Unstructured<'_>, legal: &[Move]) -> Move {
        if !legal.is_empty() && !one_in(u, 3) {
            let mv = pick(u, legal);
            return match (mv, upto(u, 3)) {
                (Move::Step { to, return_to, .. }, 0) => Move::Step {
                    from: hole(u),
                    to,
                    return_to,
                },
                (
                    Move::Step {
                        from, return_to, ..
                    },
                    1,
                ) => Move::Step {
                    from,
                    to: hole(u),
                    return_to,
                },
                (Move::Step { from, to, .. }, 2) => Move::Step {
                    from,
                    to,
                    return_to: maybe_hole(u),
                },
                (Move::Drop(_), _) => Move::Drop(hole(u)),
                (Move::Step { to, .. }, _) => Move::Drop(to),
                (Move::Pass, _) => Move::step(hole(u), hole(u)),
            };
        }
        match upto(u, 2) {
            0 => Move::Step {
                from: hole(u),
                to: hole(u),
                return_to: maybe_hole(u),
            },
            1 => Move::Drop(hole(u)),
            _ => Move::Pass,
        }
    }

    fn check_extra(&self) {
        for s in Side::BOTH {
            let count = self.archers(s).count() + u32::from(self.pool(s));
            assert!(
                count <= 5,
                "{s:?} has {count} archers on the board and pooled: {self}"
            );
            assert!(self.marked().intersect(self.archers(s)).count() <= 5);
        }
        assert!(
            self.marked()
                .minus(self.archers(Side::First) | self.archers(Side::Second))
                .is_empty()
        );
        assert!(self.passes() <= 2);
    }

    fn check_move_extra(&self, mv: Move, legal: bool) {
        if legal {
            let _ = self.is_capture(mv);
            assert!(!self.notation(mv).to_string().is_empty());
        }
    }

    fn check_units(u: &mut Unstructured<'_>) {
        let (index, text) = crate::index_and_text(u);
        let cell = crate::check_cell(index, &text, Hole::COUNT, Hole::try_new, Hole::index);
        if let Some(h) = cell {
            assert_eq!(Hole::from_coords(h.file(), h.row()), Some(h));
            assert!(h.neighbours().iter().all(|n| n.neighbours().contains(h)));
        }
        let (file, row): (u8, u8) = (any(u), any(u));
        let at = Hole::from_coords(file, row);
        assert_eq!(at.is_some(), file < 5 && row < 5);
        if let Some(h) = at {
            assert_eq!((h.file(), h.row()), (file, row));
        }
        if let Some((h, rest)) = Hole::parse_prefix(&text) {
            assert_eq!(format!("{h}{rest}"), text, "parse_prefix splits the text");
        }
        let (from, to, count) = (hole(u), hole(u), any::<u8>(u));
        let record = Shuttle::new(from, to, count);
        assert_eq!(record.count(), count);
        assert_eq!(record.last_step(), (count > 0).then_some((from, to)));
        let set = holes(any(u));
        assert_eq!(set.iter().count() as u32, set.count());
        assert_eq!(set.first(), set.iter().next());
        if let Some(rules) = Rules::preset(&text) {
            assert!(Rules::preset_names().any(|name| name == text));
            assert_eq!(rules.with_first_player(Side::First), rules);
        }
    }

    crate::json_methods!(
        cell: Hole::ALL[7],
        types: [Hole]
    );
}
