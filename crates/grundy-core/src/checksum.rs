//! A 64-bit hash fixed here, not a library's (whose algorithm may change between versions): the
//! identity of a script game in a cache file, and the checksum of files of older versions. It
//! finds damage, not forgery (anyone can recompute it): files are believed by their MAC under
//! the user's key ([`crate::seal`]). Eight bytes at a time, multiplied by the FxHash constant,
//! then mixed like SplitMix64.
//!
//! ```
//! use grundy_core::checksum::{checkpoint_checksum, Checksum};
//!
//! // Word by word, as a table is written, or over the bytes at once: the same sum.
//! let words = [3u64, 1, 4, 1, 5];
//! let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
//! let mut sum = Checksum::new(bytes.len() as u64);
//! words.iter().for_each(|&w| sum.word(w));
//! assert_eq!(sum.finish(&[]), checkpoint_checksum(&bytes));
//! ```

const K: u64 = 0x517c_c1b7_2722_0a95;

/// A checksum taken a little-endian word at a time (the data's length is part of it).
pub struct Checksum(u64);

impl Checksum {
    /// A checksum of data of `len` bytes.
    pub fn new(len: u64) -> Checksum {
        Checksum(len)
    }

    /// Takes in the next eight bytes, as a little-endian word.
    pub fn word(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(K);
    }

    /// The checksum, after the last bytes (fewer than eight) of the data.
    pub fn finish(mut self, tail: &[u8]) -> u64 {
        let mut last = [0u8; 8];
        last[..tail.len()].copy_from_slice(tail);
        self.word(u64::from_le_bytes(last));
        let mut h = self.0;
        h ^= h >> 30;
        h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
        h ^= h >> 27;
        h = h.wrapping_mul(0x94d0_49bb_1331_11eb);
        h ^ (h >> 31)
    }
}

/// The checksum of `data`.
pub fn checkpoint_checksum(data: &[u8]) -> u64 {
    let mut sum = Checksum::new(data.len() as u64);
    let mut words = data.chunks_exact(8);
    for w in &mut words {
        sum.word(u64::from_le_bytes(w.try_into().expect("8 bytes")));
    }
    sum.finish(words.remainder())
}
