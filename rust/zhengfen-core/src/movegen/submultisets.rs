//! The sub-multisets of one *group* of cards by size, tabulated at compile time.
//!
//! A group is a natural rank's four suits or the two jokers, each held 0, 1 or 2 times. Its
//! cards fit a byte of *nibbles*: bits `0..4` say which "suits" are held at least once, bits
//! `4..8` which are held twice (the [`CardSet`] planes at the group's position). For each of the
//! 81 possible groups and each size `0..=8`, [`of`] returns the sub-multisets of that size in
//! the generator's order: by copies of suit 0, then of suit 1, then of suit 2, each ascending
//! (the copies of suit 3 follow from the size). This order is part of the move list's order.

use crate::cardset::CardSet;

/// The most cards a group holds: four suits, two copies each.
const MOST: usize = 8;
/// Sub-multisets over all groups: every choice of 0..=copies per suit, (1 + 2 + 3)^4.
const ITEMS: usize = 1296;

/// Where each (group, size) list lies in `items`.
struct Table {
    start: [[u16; MOST + 1]; 256],
    len: [[u8; MOST + 1]; 256],
    items: [u8; ITEMS],
}

/// The nibbles of a group holding `copies[s]` copies of suit `s`.
const fn nibbles(copies: [u32; 4]) -> u8 {
    let (mut once, mut twice, mut s) = (0u8, 0u8, 0);
    while s < 4 {
        if copies[s] >= 1 {
            once |= 1 << s;
        }
        if copies[s] >= 2 {
            twice |= 1 << s;
        }
        s += 1;
    }
    once | twice << 4
}

/// Copies of each suit in a group's nibbles.
const fn copies(group: u8) -> [u32; 4] {
    let mut counts = [0; 4];
    let mut s = 0;
    while s < 4 {
        counts[s] = (group >> s & 1) as u32 + (group >> (s + 4) & 1) as u32;
        s += 1;
    }
    counts
}

/// Appends the sub-multisets of `size` cards of a group with `held` copies per suit.
const fn list(table: &mut Table, mut n: usize, held: [u32; 4], size: u32) -> usize {
    let mut x0 = 0;
    while x0 <= held[0] {
        let mut x1 = 0;
        while x1 <= held[1] {
            let mut x2 = 0;
            while x2 <= held[2] {
                let taken = x0 + x1 + x2;
                if taken <= size && size - taken <= held[3] {
                    table.items[n] = nibbles([x0, x1, x2, size - taken]);
                    n += 1;
                }
                x2 += 1;
            }
            x1 += 1;
        }
        x0 += 1;
    }
    n
}

const fn build() -> Table {
    let mut table = Table {
        start: [[0; MOST + 1]; 256],
        len: [[0; MOST + 1]; 256],
        items: [0; ITEMS],
    };
    let mut n = 0;
    let mut group = 0;
    while group < 256 {
        let (once, twice) = (group & 0xF, group >> 4);
        if twice & !once == 0 {
            let held = copies(group as u8);
            let mut size = 0;
            while size <= MOST {
                let end = list(&mut table, n, held, size as u32);
                table.start[group][size] = n as u16;
                table.len[group][size] = (end - n) as u8;
                n = end;
                size += 1;
            }
        }
        group += 1;
    }
    assert!(n == ITEMS);
    table
}

static TABLE: Table = build();

/// The nibbles of group `group` of `hand`: natural ranks `0..13`, then the jokers (whose
/// "suits" are `BJ` and `RJ`).
pub(super) const fn group_of(hand: CardSet, group: usize) -> u8 {
    let (once, twice) = hand.planes();
    let shift = 4 * group as u32;
    ((once >> shift) & 0xF) as u8 | (((twice >> shift) & 0xF) as u8) << 4
}

/// Cards held in a group.
pub(super) const fn size_of(group: u8) -> u32 {
    group.count_ones()
}

/// The sub-multisets of `size` cards of a group, as nibbles (empty when `size` > 8).
pub(super) fn of(group: u8, size: u32) -> &'static [u8] {
    let size = size as usize;
    if size > MOST {
        return &[];
    }
    let g = usize::from(group);
    let start = usize::from(TABLE.start[g][size]);
    &TABLE.items[start..start + usize::from(TABLE.len[g][size])]
}

/// The cards of a sub-multiset `nibbles` of group `group`.
pub(super) const fn cards(group: usize, nibbles: u8) -> CardSet {
    let shift = 4 * group as u32;
    let once = ((nibbles & 0xF) as u64) << shift;
    let twice = ((nibbles >> 4) as u64) << shift;
    match CardSet::from_planes(once, twice) {
        Some(set) => set,
        None => CardSet::EMPTY,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every group and size: exactly the sub-multisets of that size, each once, ordered by
    /// (copies of suit 0, suit 1, suit 2), found here by filtering all 3^4 copy vectors.
    #[test]
    fn lists_every_sub_multiset_once_in_order() {
        for group in (0..=255u8).filter(|g| (g >> 4) & !(g & 0xF) == 0) {
            let held = copies(group);
            for size in 0..=MOST as u32 + 1 {
                let mut naive: Vec<[u32; 4]> = (0..81u32)
                    .map(|i| [i / 27, i / 9 % 3, i / 3 % 3, i % 3])
                    .filter(|x| (0..4).all(|s| x[s] <= held[s]))
                    .filter(|x| x.iter().sum::<u32>() == size)
                    .collect();
                naive.sort();
                let listed: Vec<[u32; 4]> = of(group, size).iter().map(|&n| copies(n)).collect();
                assert_eq!(listed, naive, "group {group:#010b}, size {size}");
            }
        }
    }

    #[test]
    fn cards_sit_at_the_group() {
        use crate::card::Card;
        let jokers = cards(13, 0b0001_0011);
        assert_eq!((jokers.count(Card::BJ), jokers.count(Card::RJ)), (2, 1));
        assert_eq!(cards(1, 0b0001_0101), CardSet::of_rank(1, 0b0101, 0b0001));
        assert_eq!(
            group_of(CardSet::of_rank(4, 0b0111, 0b0010), 4),
            0b0010_0111
        );
        assert_eq!(size_of(0b0010_0111), 4);
    }
}
