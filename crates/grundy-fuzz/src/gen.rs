//! The random source and the mutations every target shares.

/// SplitMix64: small, fast and reproducible from one seed.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True with probability `1/n`.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// A number as a person or an attacker would write it: small most of the time, else a
    /// boundary (2^k and its neighbours, the integer types' limits) or any 64-bit value.
    pub fn number(&mut self) -> String {
        match self.below(10) {
            0..=4 => self.below(12).to_string(),
            5 => self.below(1000).to_string(),
            6 => {
                let k = self.below(65) as u32;
                let base = 1u128 << k;
                let delta = self.below(3) as i64 - 1;
                ((base as i128) + delta as i128).max(0).to_string()
            }
            7 => self.pick(INTERESTING_NUMBERS).to_string(),
            8 => self.next().to_string(),
            _ => format!("-{}", self.below(5)),
        }
    }
}

/// Numbers at the edges of the integer types and of the limits the code knows of.
pub const INTERESTING_NUMBERS: &[&str] = &[
    "0",
    "-0",
    "+0",
    "-1",
    "+1",
    "00",
    "007",
    "1e3",
    "1.5",
    "0x10",
    "255",
    "256",
    "32767",
    "32768",
    "65535",
    "65536",
    "100000",
    "1000000",
    "4194304",
    "4194305",
    "2147483647",
    "2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999999",
    "1000000000000000000",
    "-9223372036854775808",
];

/// Short pieces of text that parsers trip on: separators, odd whitespace, control characters,
/// a byte-order mark, non-ASCII letters and digits.
pub const INTERESTING_TEXT: &[&str] = &[
    " ", "  ", "\t", "\n", "\r\n", "\r", "\0", "\x1b", "\x7f", "\u{feff}", "\u{a0}", "\u{2028}",
    "\u{202e}", "é", "日本", "٣", "１", "𝟙", "#", "+", "-", ":", ",", ";", "x", "X", "/", "@", ".",
    "..", "=", "(", ")", "[", "]", "{", "}", "\"", "'", "\\", "*", "%", "^", "!", "&&", "||", "--",
    "-", "0", "1", "-1",
];

/// Mutates `data` in place a few times: byte flips, insertions, deletions, duplications,
/// splices from `others`, truncations, and the interesting numbers and text above.
pub fn mutate(rng: &mut Rng, data: &mut Vec<u8>, others: &[Vec<u8>], max_len: usize) {
    let rounds = 1 + rng.below(4);
    for _ in 0..rounds {
        let len = data.len();
        let at = if len == 0 { 0 } else { rng.below(len + 1) };
        match rng.below(12) {
            0 if len > 0 => {
                let i = rng.below(len);
                data[i] ^= 1 << rng.below(8);
            }
            1 if len > 0 => {
                let i = rng.below(len);
                data[i] = rng.next() as u8;
            }
            2 => data.insert(at, rng.next() as u8),
            3 if len > 0 => {
                let end = (at + 1 + rng.below(8)).min(len);
                if at < end {
                    data.drain(at..end);
                }
            }
            4 if len > 0 => {
                let start = rng.below(len);
                let end = (start + 1 + rng.below(32)).min(len);
                let piece = data[start..end].to_vec();
                let at = rng.below(data.len() + 1);
                data.splice(at..at, piece);
            }
            5 if !others.is_empty() => {
                let other = rng.pick(others);
                if !other.is_empty() {
                    let start = rng.below(other.len());
                    let end = (start + 1 + rng.below(64)).min(other.len());
                    data.splice(at..at, other[start..end].iter().copied());
                }
            }
            6 => data.truncate(at),
            7 | 8 => {
                // Replace a run of digits (or insert) with an interesting number.
                let number = rng.number();
                let start = data[..at]
                    .iter()
                    .rposition(|b| !b.is_ascii_digit())
                    .map_or(0, |p| p + 1);
                let end = data[at..]
                    .iter()
                    .position(|b| !b.is_ascii_digit())
                    .map_or(data.len(), |p| at + p);
                data.splice(start..end, number.bytes());
            }
            9 => {
                let t = rng.pick(INTERESTING_TEXT);
                data.splice(at..at, t.bytes());
            }
            10 if len > 0 => {
                // Repeat a piece many times (long lines, deep nesting).
                let start = rng.below(len);
                let end = (start + 1 + rng.below(8)).min(len);
                let piece = data[start..end].to_vec();
                let times = 1 + rng.below(200);
                let mut all = Vec::new();
                for _ in 0..times {
                    all.extend_from_slice(&piece);
                }
                data.splice(at.min(data.len())..at.min(data.len()), all);
            }
            _ => {
                let t = rng.pick(INTERESTING_NUMBERS);
                data.splice(at..at, t.bytes());
            }
        }
    }
    data.truncate(max_len);
}

/// Mutates a string (the result may have any bytes; invalid UTF-8 is replaced, as an argument
/// could not hold it anyway).
pub fn mutate_text(rng: &mut Rng, text: &str, others: &[Vec<u8>], max_len: usize) -> String {
    let mut bytes = text.as_bytes().to_vec();
    mutate(rng, &mut bytes, others, max_len);
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Mutates a list of words: a word changed, added, dropped, repeated or swapped.
pub fn mutate_words(rng: &mut Rng, words: &mut Vec<String>, others: &[Vec<u8>], max: usize) {
    for _ in 0..1 + rng.below(3) {
        let n = words.len();
        match rng.below(7) {
            0..=2 if n > 0 => {
                let i = rng.below(n);
                words[i] = mutate_text(rng, &words[i], others, 200);
            }
            3 => {
                let w = if rng.one_in(2) {
                    rng.number()
                } else {
                    rng.pick(INTERESTING_TEXT).to_string()
                };
                words.insert(rng.below(n + 1), w);
            }
            4 if n > 0 => {
                words.remove(rng.below(n));
            }
            5 if n > 0 => {
                let w = words[rng.below(n)].clone();
                for _ in 0..1 + rng.below(20) {
                    words.push(w.clone());
                }
            }
            _ if n > 1 => {
                let (i, j) = (rng.below(n), rng.below(n));
                words.swap(i, j);
            }
            _ => words.push(rng.number()),
        }
    }
    words.truncate(max);
}

/// Shows bytes as one line, escaping anything that is not printable ASCII.
pub fn escape(bytes: &[u8]) -> String {
    bytes.escape_ascii().to_string()
}

/// Quotes a word for a POSIX shell.
pub fn shell_quote(word: &str) -> String {
    if !word.is_empty()
        && word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.,:/=+@%".contains(&b))
    {
        word.to_string()
    } else if word.bytes().all(|b| (0x20..0x7f).contains(&b)) {
        format!("'{}'", word.replace('\'', "'\\''"))
    } else {
        format!("$'{}'", escape(word.as_bytes()).replace('\'', "\\'"))
    }
}
