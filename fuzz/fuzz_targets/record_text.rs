//! Arbitrary bytes as a game record, replayed under each of the four games: reading never
//! panics, whatever reads writes back to the same record, and a replay either keeps the
//! contract or says what is wrong.
#![no_main]

use abstract_game::contract::record_bytes_checked;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    record_bytes_checked::<jarmo_core::Position>(data);
    record_bytes_checked::<jetan_core::Position>(data);
    record_bytes_checked::<jersi_core::Position>(data);
    record_bytes_checked::<jericho_core::Position>(data);
});
