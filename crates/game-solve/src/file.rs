//! Table files: a text header that says what the table is, then each layer compressed.
//!
//! ```text
//! jgames-table 1
//! game jarmo
//! index jasir-basic archers
//! index-version 1
//! layers 2716
//! layer 0 2 0 13 2857242263
//! ...
//! header-crc 1234567890
//! end
//! <the layers, compressed with zstd, one after another>
//! ```
//!
//! A `layer` line gives the layer, its number of positions, where its bytes start after the
//! header, how many there are, and the CRC-32 of its values once decompressed. A file is
//! refused, with one line saying why, when any of this disagrees with the index that opens it
//! (another game, another numbering or version, another layer size), when the header's own
//! checksum fails, when the file is shorter than its layers, and (when the layer is read) when a
//! layer's checksum fails. A file is written under a temporary name and renamed when complete,
//! so a stopped write never leaves a file that a later run would open.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use abstract_game::{Game, PositionIndex};

use crate::table::{Table, empty_layers};
use crate::{KeyedIndex, TableError};

/// The first line of every table file.
const MAGIC: &str = "jgames-table 1";
/// The longest header read (a table has at most a few tens of thousands of layers).
const MAX_HEADER: usize = 4 << 20;
/// The zstd level the layers are written with.
const LEVEL: i32 = 6;

/// One layer's place in a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LayerEntry {
    /// The layer.
    pub layer: usize,
    /// Its positions.
    pub len: u64,
    /// Where its compressed bytes start, after the header.
    pub offset: u64,
    /// How many compressed bytes.
    pub size: u64,
    /// CRC-32 of its values.
    pub crc: u32,
}

/// What a table file's header says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The game's name.
    pub game: String,
    /// The index's name ([`PositionIndex::name`]).
    pub index: String,
    /// The index's version.
    pub index_version: u32,
    /// The number of layers of the index.
    pub layers: usize,
    /// The layers stored, in file order.
    pub entries: Vec<LayerEntry>,
    /// The header's length in bytes (where the layers start).
    pub len: usize,
}

fn bad(line: usize, what: &'static str) -> TableError {
    TableError::BadHeader { line, what }
}

/// Reads a header from the start of `bytes` (which may go on past it). Never panics: anything
/// but a well-formed header is an error that names the line.
pub fn parse_header(bytes: &[u8]) -> Result<Header, TableError> {
    let end = bytes
        .windows(5)
        .position(|w| w == b"\nend\n")
        .ok_or(TableError::NotATable)?;
    let text = std::str::from_utf8(&bytes[..end + 1]).map_err(|_| TableError::NotATable)?;
    let mut lines = text.lines().enumerate().map(|(n, l)| (n + 1, l));
    if lines.next().map(|(_, l)| l) != Some(MAGIC) {
        return Err(TableError::NotATable);
    }
    let mut field = |name: &'static str| -> Result<(usize, &str), TableError> {
        let (n, line) = lines.next().ok_or(bad(0, "the header ends early"))?;
        let rest = line
            .strip_prefix(name)
            .and_then(|r| r.strip_prefix(' '))
            .ok_or(bad(n, "a field is missing or out of order"))?;
        Ok((n, rest))
    };
    let game = field("game")?.1.to_string();
    let index = field("index")?.1.to_string();
    let (n, version) = field("index-version")?;
    let index_version = version
        .parse()
        .map_err(|_| bad(n, "not a version number"))?;
    let (n, count) = field("layers")?;
    let layers: usize = count.parse().map_err(|_| bad(n, "not a layer count"))?;
    let mut entries: Vec<LayerEntry> = Vec::new();
    let mut header_crc = None;
    for (n, line) in lines {
        if let Some(crc) = line.strip_prefix("header-crc ") {
            header_crc = Some((n, crc.parse::<u32>().map_err(|_| bad(n, "not a checksum"))?));
            continue;
        }
        if header_crc.is_some() {
            return Err(bad(n, "a line after the header checksum"));
        }
        let fields: Vec<&str> = line.split(' ').collect();
        let ["layer", layer, len, offset, size, crc] = fields[..] else {
            return Err(bad(n, "not a layer line"));
        };
        let number = |s: &str| s.parse::<u64>().map_err(|_| bad(n, "not a number"));
        let entry = LayerEntry {
            layer: usize::try_from(number(layer)?).map_err(|_| bad(n, "not a layer"))?,
            len: number(len)?,
            offset: number(offset)?,
            size: number(size)?,
            crc: u32::try_from(number(crc)?).map_err(|_| bad(n, "not a checksum"))?,
        };
        if entry.layer >= layers {
            return Err(bad(n, "a layer past the count"));
        }
        if let Some(last) = entries.last() {
            if entry.layer <= last.layer || entry.offset != last.offset + last.size {
                return Err(bad(n, "layers out of order"));
            }
        } else if entry.offset != 0 {
            return Err(bad(n, "the first layer does not start at 0"));
        }
        entries.push(entry);
    }
    let (n, crc) = header_crc.ok_or(bad(0, "no header checksum"))?;
    let checked = text
        .find("\nheader-crc ")
        .map(|at| &text.as_bytes()[..=at])
        .ok_or(bad(n, "no header checksum"))?;
    if crc32fast::hash(checked) != crc {
        return Err(TableError::HeaderChecksum);
    }
    Ok(Header {
        game,
        index,
        index_version,
        layers,
        entries,
        len: end + 5,
    })
}

/// The header text of a table of `layers` layers that stores `entries` (the layers' bytes
/// follow it in a file).
pub fn header_text(
    game: &str,
    index: &str,
    version: u32,
    layers: usize,
    entries: &[LayerEntry],
) -> String {
    let mut text =
        format!("{MAGIC}\ngame {game}\nindex {index}\nindex-version {version}\nlayers {layers}\n");
    for e in entries {
        text.push_str(&format!(
            "layer {} {} {} {} {}\n",
            e.layer, e.len, e.offset, e.size, e.crc
        ));
    }
    let crc = crc32fast::hash(text.as_bytes());
    text.push_str(&format!("header-crc {crc}\nend\n"));
    text
}

/// An open table file: its header and a handle to read layers from.
pub(crate) struct TableFile {
    path: PathBuf,
    header: Header,
    /// Entry by layer.
    by_layer: Vec<Option<LayerEntry>>,
    handle: Mutex<File>,
}

impl TableFile {
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    pub(crate) fn has_layer(&self, layer: usize) -> bool {
        self.by_layer.get(layer).is_some_and(Option::is_some)
    }

    /// Reads, checks and decompresses one layer; `None` when the file does not hold it.
    pub(crate) fn read_layer(
        &self,
        layer: usize,
        len: u64,
    ) -> Result<Option<Box<[u8]>>, TableError> {
        let Some(Some(entry)) = self.by_layer.get(layer).copied() else {
            return Ok(None);
        };
        let mut compressed = vec![0u8; entry.size as usize];
        {
            let mut file = self.handle.lock().map_err(|_| TableError::Corrupt {
                what: "a reader panicked",
            })?;
            file.seek(SeekFrom::Start(self.header.len as u64 + entry.offset))
                .and_then(|_| file.read_exact(&mut compressed))
                .map_err(|e| TableError::io(&self.path, e))?;
        }
        let values = zstd::bulk::decompress(&compressed, len as usize)
            .map_err(|_| TableError::LayerChecksum { layer })?;
        if values.len() as u64 != len || crc32fast::hash(&values) != entry.crc {
            return Err(TableError::LayerChecksum { layer });
        }
        Ok(Some(values.into_boxed_slice()))
    }
}

/// The path with `suffix` added to its name.
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// What a file's header names: the game, the index and its version, and the layer count.
struct Names<'a> {
    game: &'a str,
    index: &'a str,
    version: u32,
    layers: usize,
}

/// Writes a table file of `names.layers` layers, asking `layer` for each one's bytes (`None`
/// for a layer not stored): first under `path` with `.part` added, renamed once complete.
/// The layers are compressed one at a time into a body file (so that no more than one
/// compressed layer is in memory beside the table), then the header and the body are put
/// together.
fn write_layers<'t>(
    path: &Path,
    names: &Names<'_>,
    mut layer: impl FnMut(usize) -> Result<Option<std::borrow::Cow<'t, [u8]>>, TableError>,
) -> Result<(), TableError> {
    let (body, part) = (with_suffix(path, ".body.part"), with_suffix(path, ".part"));
    let result = (|| -> Result<(), TableError> {
        let io = |e| TableError::io(path, e);
        let mut out = std::io::BufWriter::new(File::create(&body).map_err(io)?);
        let mut entries = Vec::new();
        let mut offset = 0;
        for l in 0..names.layers {
            let Some(bytes) = layer(l)? else {
                continue;
            };
            let blob = zstd::bulk::compress(&bytes, LEVEL).map_err(io)?;
            out.write_all(&blob).map_err(io)?;
            entries.push(LayerEntry {
                layer: l,
                len: bytes.len() as u64,
                offset,
                size: blob.len() as u64,
                crc: crc32fast::hash(&bytes),
            });
            offset += blob.len() as u64;
        }
        out.flush().map_err(io)?;
        drop(out);
        let header = header_text(
            names.game,
            names.index,
            names.version,
            names.layers,
            &entries,
        );
        let mut file = std::io::BufWriter::new(File::create(&part).map_err(io)?);
        file.write_all(header.as_bytes()).map_err(io)?;
        std::io::copy(&mut File::open(&body).map_err(io)?, &mut file).map_err(io)?;
        file.into_inner()
            .map_err(|e| io(e.into_error()))?
            .sync_all()
            .map_err(io)?;
        std::fs::rename(&part, path).map_err(io)
    })();
    let _ = std::fs::remove_file(&body);
    if result.is_err() {
        let _ = std::fs::remove_file(&part);
    }
    result
}

/// Opens the table file at `path` and checks its header against `names` and its length
/// against the header.
fn open_file(path: &Path, names: &Names<'_>) -> Result<TableFile, TableError> {
    let mut file = File::open(path).map_err(|e| TableError::io(path, e))?;
    let mut head = Vec::new();
    (&mut file)
        .take(MAX_HEADER as u64)
        .read_to_end(&mut head)
        .map_err(|e| TableError::io(path, e))?;
    let header = parse_header(&head)?;
    if header.game != names.game {
        return Err(TableError::OtherGame {
            found: header.game,
            expected: names.game.to_string(),
        });
    }
    if header.index != names.index {
        return Err(TableError::OtherIndex {
            found: header.index,
            expected: names.index.to_string(),
        });
    }
    if header.index_version != names.version || header.layers != names.layers {
        return Err(TableError::OtherVersion {
            found: header.index_version,
            expected: names.version,
        });
    }
    let size = file.metadata().map_err(|e| TableError::io(path, e))?.len();
    let body = header.entries.last().map_or(0, |e| e.offset + e.size);
    if size != header.len as u64 + body {
        return Err(TableError::Truncated {
            expected: header.len as u64 + body,
            found: size,
        });
    }
    let mut by_layer = vec![None; header.layers];
    for entry in &header.entries {
        by_layer[entry.layer] = Some(*entry);
    }
    Ok(TableFile {
        path: path.to_path_buf(),
        header,
        by_layer,
        handle: Mutex::new(file),
    })
}

impl<I: PositionIndex> Table<I> {
    /// Writes the layers the table holds to `path`: first under `path` with `.part` added,
    /// renamed to `path` once complete.
    pub fn write(&self, path: &Path) -> Result<(), TableError> {
        let index = self.index.name();
        let names = Names {
            game: <I::Game as Game>::NAME,
            index: &index,
            version: I::INDEX_VERSION,
            layers: self.layers.len(),
        };
        write_layers(path, &names, |l| {
            Ok(self.layer(l)?.map(std::borrow::Cow::Borrowed))
        })
    }

    /// Opens the table file at `path` for `index`: the header is read and checked at once, the
    /// layers when probes first need them.
    pub fn open(index: I, path: &Path) -> Result<Table<I>, TableError> {
        let name = index.name();
        let file = open_file(
            path,
            &Names {
                game: <I::Game as Game>::NAME,
                index: &name,
                version: I::INDEX_VERSION,
                layers: index.layer_count(),
            },
        )?;
        for entry in &file.header.entries {
            if entry.len != index.layer_len(entry.layer) {
                return Err(TableError::OtherVersion {
                    found: file.header.index_version,
                    expected: I::INDEX_VERSION,
                });
            }
        }
        let layers = empty_layers(index.layer_count());
        Ok(Table {
            index,
            layers,
            spot: std::collections::HashMap::new(),
            file: Some(file),
        })
    }
}

/// The sorted keys of a layer as bytes: each key's difference from the one before (the
/// first from 0) in 7-bit groups, low first, the top bit set on all but the last.
pub fn encode_keys(keys: &[u128]) -> Vec<u8> {
    let mut out = Vec::with_capacity(keys.len() * 4);
    let mut last = 0u128;
    for &key in keys {
        let mut delta = key - last;
        last = key;
        loop {
            let low = (delta & 0x7f) as u8;
            delta >>= 7;
            if delta == 0 {
                out.push(low);
                break;
            }
            out.push(low | 0x80);
        }
    }
    out
}

/// The keys of [`encode_keys`] back, refused unless there are exactly `count` and each is
/// above the one before.
pub fn decode_keys(bytes: &[u8], count: usize) -> Option<Vec<u128>> {
    let mut keys = Vec::with_capacity(count);
    let (mut last, mut delta, mut shift) = (0u128, 0u128, 0u32);
    for &b in bytes {
        if shift >= 128 || (shift > 0 && u128::from(b & 0x7f) >> (128 - shift) != 0) {
            return None;
        }
        delta |= u128::from(b & 0x7f) << shift;
        shift += 7;
        if b & 0x80 == 0 {
            if delta == 0 && !keys.is_empty() {
                return None;
            }
            last = last.checked_add(delta)?;
            keys.push(last);
            (delta, shift) = (0, 0);
        }
    }
    (shift == 0 && keys.len() == count).then_some(keys)
}

impl<G: Game> Table<KeyedIndex<G>> {
    /// Writes a table of keyed positions to `path`: the values of each wave, then the keys of
    /// each wave (the layers after the values), so that the file alone gives the index back.
    pub fn write_keyed(&self, path: &Path) -> Result<(), TableError> {
        let waves = self.layers.len();
        let index = self.index.name();
        let names = Names {
            game: G::NAME,
            index: &index,
            version: self.index.positions().key_version(),
            layers: 2 * waves,
        };
        write_layers(path, &names, |l| {
            if l < waves {
                Ok(self.layer(l)?.map(std::borrow::Cow::Borrowed))
            } else {
                Ok(Some(std::borrow::Cow::Owned(encode_keys(
                    &self.index.keys()[l - waves],
                ))))
            }
        })
    }

    /// Opens a table of `positions` written by [`write_keyed`](Table::write_keyed): the
    /// keys are read and checked at once, the values when probes first need them.
    pub fn open_keyed(
        positions: Box<dyn abstract_game::KeyedPositions<Game = G>>,
        path: &Path,
    ) -> Result<Table<KeyedIndex<G>>, TableError> {
        let waves = positions.waves() as usize;
        let name = positions.name();
        let file = open_file(
            path,
            &Names {
                game: G::NAME,
                index: &name,
                version: positions.key_version(),
                layers: 2 * waves,
            },
        )?;
        let corrupt = |what| TableError::Corrupt { what };
        let mut keys = Vec::with_capacity(waves);
        for wave in 0..waves {
            let count = file.by_layer[wave]
                .ok_or(corrupt("a wave without values"))?
                .len;
            let bytes_len = file.by_layer[waves + wave]
                .ok_or(corrupt("a wave without keys"))?
                .len;
            let bytes = file
                .read_layer(waves + wave, bytes_len)?
                .ok_or(corrupt("a wave without keys"))?;
            let count = usize::try_from(count).map_err(|_| corrupt("too many keys"))?;
            keys.push(decode_keys(&bytes, count).ok_or(corrupt("keys out of order"))?);
        }
        let index = KeyedIndex::from_keys(positions, keys);
        Ok(Table {
            layers: empty_layers(waves),
            index,
            spot: std::collections::HashMap::new(),
            file: Some(file),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_header_round_trips_and_refuses_a_changed_byte() {
        let entries = [
            LayerEntry {
                layer: 0,
                len: 4,
                offset: 0,
                size: 9,
                crc: 7,
            },
            LayerEntry {
                layer: 2,
                len: 8,
                offset: 9,
                size: 3,
                crc: 1,
            },
        ];
        let text = header_text("nim", "heaps", 1, 3, &entries);
        let header = parse_header(text.as_bytes()).unwrap();
        assert_eq!(header.entries, entries);
        assert_eq!(
            (header.game.as_str(), header.layers, header.len),
            ("nim", 3, text.len())
        );
        let changed = text.replace("layer 2 8", "layer 2 9");
        assert_ne!(changed, text);
        assert!(matches!(
            parse_header(changed.as_bytes()),
            Err(TableError::HeaderChecksum)
        ));
        for bad in [
            "",
            "jgames-table 2\nend\n",
            "jgames-table 1\ngame x\nend\n",
            "\u{0}\nend\n",
        ] {
            assert!(parse_header(bad.as_bytes()).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn keys_round_trip_and_refuse_disorder_and_a_wrong_count() {
        let keys = [0u128, 1, 127, 128, 1 << 90, u128::MAX];
        let bytes = encode_keys(&keys);
        assert_eq!(decode_keys(&bytes, keys.len()).as_deref(), Some(&keys[..]));
        assert_eq!(decode_keys(&bytes, keys.len() - 1), None);
        // A repeat (a zero difference after the first key) and a cut-off last key.
        assert_eq!(decode_keys(&encode_keys(&[3, 3]), 2), None);
        assert_eq!(decode_keys(&bytes[..bytes.len() - 1], keys.len()), None);
        // Past 128 bits.
        assert_eq!(decode_keys(&[0xff; 20], 1), None);
    }
}
