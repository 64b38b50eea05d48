//! Bit arithmetic on a board written row after row in one word: the shifts, divisions and
//! reversals a search asks of every region it meets, kept cheap.

/// The cells of `x` a row down (bit `i` to `i + c`): nothing on a board of one row of 64.
pub(super) fn row_down(x: u64, c: u32) -> u64 {
    x.checked_shl(c).unwrap_or(0)
}

/// The cells of `x` a row up (bit `i` to `i - c`).
pub(super) fn row_up(x: u64, c: u32) -> u64 {
    x.checked_shr(c).unwrap_or(0)
}

/// `i / c` for a bit index `i < 64` and `1 <= c <= 64`, by a multiplication: `ceil(2^16 / c)`
/// overshoots `2^16 / c` by less than 1, so the product overshoots `i / c` by less than
/// `64 / 2^16 < 1 / c`, too little to reach the next integer. A search asks this of every region
/// it meets, and a division costs several times as much.
pub(super) fn row_of(i: u32, c: u32) -> u32 {
    const RECIPROCALS: [u32; 65] = {
        let mut r = [0u32; 65];
        let mut c = 1;
        while c <= 64 {
            r[c] = 65536u32.div_ceil(c as u32);
            c += 1;
        }
        r
    };
    (i * RECIPROCALS[c as usize]) >> 16
}

/// Reads the columns of a region of `h` rows written with a stride of `c` bits, each as `h`
/// bits (row `r` at bit `r`). For `h <= c` one multiplication gathers a column: the product of
/// its bits (at `r c`) and `sum 2^(j (c - 1))` for `j < h` has the term of row `r` and
/// `j = h - 1 - r` at bit `(h - 1)(c - 1) + r`, and no two terms meet (`c` and `c - 1` are
/// coprime and `|j - j'| < c`), so nothing carries into those bits.
pub(super) struct Columns {
    h: u32,
    c: u32,
    bits: u64,
    magic: u64,
}

impl Columns {
    pub(super) fn new(h: u32, c: u32) -> Columns {
        let (mut bits, mut magic) = (0u64, 0u64);
        if h <= c {
            for r in 0..h {
                bits |= 1 << (r * c);
                magic |= 1 << (r * (c - 1));
            }
        }
        Columns { h, c, bits, magic }
    }

    /// Column 0 of `x`.
    pub(super) fn first(&self, x: u64) -> u64 {
        let (h, c) = (self.h, self.c);
        if h <= c {
            ((x & self.bits).wrapping_mul(self.magic) >> ((h - 1) * (c - 1))) & ones(h)
        } else {
            (0..h).fold(0, |col, r| col | (x >> (r * c) & 1) << r)
        }
    }
}

/// The least of the four images of a region given as `count` rows of `width` bits (as is, rows
/// reversed, columns reversed, both), each written row after row. Reversing the whole word of
/// an image reverses its rows and its columns at once.
pub(super) fn least_image(rows: impl Iterator<Item = u64>, count: u32, width: u32) -> u64 {
    let (mut id, mut up) = (0u64, 0u64);
    for (r, row) in (0..count).zip(rows) {
        id |= row << (r * width);
        up |= row << ((count - 1 - r) * width);
    }
    let spare = 64 - count * width;
    let (both, across) = (id.reverse_bits() >> spare, up.reverse_bits() >> spare);
    id.min(up).min(across).min(both)
}

pub(super) fn ones(n: u32) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// The indices of the set bits of `x`, lowest first.
pub(super) fn bits(mut x: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (x != 0).then(|| {
            let i = x.trailing_zeros();
            x &= x - 1;
            i
        })
    })
}
