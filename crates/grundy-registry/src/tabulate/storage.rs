//! How a table of values is stored: one byte per heap while every value fits, then two, then four
//! ([`Values`]), and the [`Cell`] trait that lets the kernels work in the table's own width. The
//! small accessors are `#[inline]`: the crates above read them once a heap (a game script's line).

/// A compact table of values: one byte per heap while every value is below 256.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Values {
    /// Every value below 2^8.
    U8(Vec<u8>),
    /// Every value below 2^16.
    U16(Vec<u16>),
    /// Any value.
    U32(Vec<u32>),
}

/// Writes `values` as `W` little-endian bytes each, a block of 1024 at a time on the stack.
fn write_le_blocks<T: Copy, const W: usize>(
    values: &[T],
    le: fn(T) -> [u8; W],
    out: &mut impl std::io::Write,
) -> std::io::Result<()> {
    const VALUES: usize = 1 << 10;
    let mut block = [[0u8; W]; VALUES];
    for chunk in values.chunks(VALUES) {
        for (x, bytes) in chunk.iter().zip(block.iter_mut()) {
            *bytes = le(*x);
        }
        out.write_all(block[..chunk.len()].as_flattened())?;
    }
    Ok(())
}

impl Default for Values {
    fn default() -> Self {
        Values::U8(Vec::new())
    }
}

impl Values {
    /// A table from plain values, in the narrowest storage that holds them.
    pub fn from_u32(v: &[u32]) -> Self {
        let max = v.iter().copied().max().unwrap_or(0);
        if max <= u8::MAX as u32 {
            Values::U8(v.iter().map(|&x| x as u8).collect())
        } else if max <= u16::MAX as u32 {
            Values::U16(v.iter().map(|&x| x as u16).collect())
        } else {
            Values::U32(v.to_vec())
        }
    }

    /// An empty table whose storage is the narrowest that holds `max`, with room for `capacity`
    /// values: what a checkpoint is read into, value by value, without a `u32` copy.
    pub fn for_max(max: u32, capacity: usize) -> Self {
        if max <= u8::MAX as u32 {
            Values::U8(Vec::with_capacity(capacity))
        } else if max <= u16::MAX as u32 {
            Values::U16(Vec::with_capacity(capacity))
        } else {
            Values::U32(Vec::with_capacity(capacity))
        }
    }

    /// Appends `G(len)`; it must fit the storage (a table from [`Values::for_max`] holds values
    /// up to its `max`).
    pub fn push(&mut self, v: u32) {
        match self {
            Values::U8(g) => g.push(u8::try_from(v).expect("a value within the storage's width")),
            Values::U16(g) => g.push(u16::try_from(v).expect("a value within the storage's width")),
            Values::U32(g) => g.push(v),
        }
    }

    /// How many values.
    #[inline]
    pub fn len(&self) -> usize {
        match self {
            Values::U8(v) => v.len(),
            Values::U16(v) => v.len(),
            Values::U32(v) => v.len(),
        }
    }

    /// Whether the table is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `G(n)`, if tabulated.
    #[inline]
    pub fn get(&self, n: usize) -> Option<u32> {
        match self {
            Values::U8(v) => v.get(n).map(|&x| x as u32),
            Values::U16(v) => v.get(n).map(|&x| x as u32),
            Values::U32(v) => v.get(n).copied(),
        }
    }

    /// Every value, widened.
    pub fn to_vec(&self) -> Vec<u32> {
        match self {
            Values::U8(v) => v.iter().map(|&x| x as u32).collect(),
            Values::U16(v) => v.iter().map(|&x| x as u32).collect(),
            Values::U32(v) => v.clone(),
        }
    }

    /// The largest value (0 for an empty table).
    pub fn max(&self) -> u32 {
        match self {
            Values::U8(v) => v.iter().copied().max().map_or(0, u32::from),
            Values::U16(v) => v.iter().copied().max().map_or(0, u32::from),
            Values::U32(v) => v.iter().copied().max().unwrap_or(0),
        }
    }

    /// Writes the values in their own width (one, two or four bytes each, little-endian), a
    /// block at a time, as a checkpoint and a cache file store them: a table of `N` values is
    /// written with no copy of it. The block is on the stack: a checkpoint is saved when a table
    /// stops at its memory budget too, when an allocation of the block's size may no longer fit.
    pub fn write_le(&self, out: &mut impl std::io::Write) -> std::io::Result<()> {
        match self {
            Values::U8(v) => out.write_all(v),
            Values::U16(v) => write_le_blocks(v, u16::to_le_bytes, out),
            Values::U32(v) => write_le_blocks(v, u32::to_le_bytes, out),
        }
    }

    /// An empty table whose values are `width` bytes each (1, 2 or 4; `None` for another), with
    /// room for `capacity`: what a file written by [`Values::write_le`] is read into.
    pub fn with_width(width: usize, capacity: usize) -> Option<Self> {
        match width {
            1 => Some(Values::U8(Vec::with_capacity(capacity))),
            2 => Some(Values::U16(Vec::with_capacity(capacity))),
            4 => Some(Values::U32(Vec::with_capacity(capacity))),
            _ => None,
        }
    }

    /// Appends the values `bytes` holds in this table's width, little-endian (a whole number of
    /// values: a last partial one is left out).
    pub fn extend_from_le(&mut self, bytes: &[u8]) {
        match self {
            Values::U8(v) => v.extend_from_slice(bytes),
            Values::U16(v) => v.extend(
                bytes
                    .chunks_exact(2)
                    .map(|b| u16::from_le_bytes([b[0], b[1]])),
            ),
            Values::U32(v) => v.extend(
                bytes
                    .chunks_exact(4)
                    .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]])),
            ),
        }
    }

    /// `G(n)`, tabulated (`n < len`).
    #[inline]
    pub fn at(&self, n: usize) -> u32 {
        match self {
            Values::U8(v) => u32::from(v[n]),
            Values::U16(v) => u32::from(v[n]),
            Values::U32(v) => v[n],
        }
    }

    /// Bytes per stored value.
    #[inline]
    pub fn width(&self) -> usize {
        match self {
            Values::U8(_) => 1,
            Values::U16(_) => 2,
            Values::U32(_) => 4,
        }
    }

    /// The first `n` values only.
    pub fn truncate(&mut self, n: usize) {
        match self {
            Values::U8(v) => v.truncate(n),
            Values::U16(v) => v.truncate(n),
            Values::U32(v) => v.truncate(n),
        }
    }

    /// Room for `total` values in all, exactly (a table's length is known before it is
    /// computed).
    pub fn reserve_total(&mut self, total: usize) {
        match self {
            Values::U8(v) => v.reserve_exact(total.saturating_sub(v.len())),
            Values::U16(v) => v.reserve_exact(total.saturating_sub(v.len())),
            Values::U32(v) => v.reserve_exact(total.saturating_sub(v.len())),
        }
    }

    /// The same values in storage wide enough for `v`, with room for `total` values: converted
    /// directly, so that only the old and the new table are held at once.
    pub fn widened_for(self, v: u32, total: usize) -> Values {
        fn widen<A: Copy, B: From<A>>(old: &[A], total: usize) -> Vec<B> {
            let mut new = Vec::with_capacity(total.max(old.len()));
            new.extend(old.iter().map(|&x| B::from(x)));
            new
        }
        // The old block was reserved for the whole stage: given back first (a shrink in place),
        // so that a budget of a stage's values in the wider width is not held twice, mostly
        // in bytes never written (to 2^32 heaps, 4 GiB of bytes reserved beside 8 GiB of u16).
        fn used<A>(mut old: Vec<A>) -> Vec<A> {
            old.shrink_to_fit();
            old
        }
        match self {
            Values::U8(old) if v <= u16::MAX as u32 => Values::U16(widen(&used(old), total)),
            Values::U8(old) => Values::U32(widen(&used(old), total)),
            Values::U16(old) => Values::U32(widen(&used(old), total)),
            Values::U32(old) => Values::U32(old),
        }
    }
}

/// A storage cell of a table (`u8`, `u16` or `u32`): the table engines of `grundy-games` are
/// generic over it, so each works in its table's own width.
pub trait Cell:
    Copy
    + PartialEq
    + std::ops::BitXor<Output = Self>
    + std::ops::BitOr<Output = Self>
    + Send
    + Sync
    + 'static
{
    /// The largest value a cell holds.
    const MAX: u32;
    /// The value held.
    fn get(self) -> u32;
    /// A cell holding `v` (at most [`Cell::MAX`]).
    fn make(v: u32) -> Self;
    /// The table as bytes, when its cells are bytes (for the kernels that load bytes directly).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    fn bytes(cells: &[Self]) -> Option<&[u8]>;
    /// The table as two-byte values, when its cells are.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    fn halves(cells: &[Self]) -> Option<&[u16]>;
}

macro_rules! cell {
    ($t:ty, $bytes:expr, $halves:expr) => {
        impl Cell for $t {
            const MAX: u32 = <$t>::MAX as u32;
            #[inline(always)]
            fn get(self) -> u32 {
                self as u32
            }
            #[inline(always)]
            fn make(v: u32) -> Self {
                v as $t
            }
            #[inline(always)]
            fn bytes(cells: &[Self]) -> Option<&[u8]> {
                $bytes(cells)
            }
            #[inline(always)]
            fn halves(cells: &[Self]) -> Option<&[u16]> {
                $halves(cells)
            }
        }
    };
}
cell!(u8, Some, |_| None);
cell!(u16, |_| None, Some);
cell!(u32, |_| None, |_| None);
