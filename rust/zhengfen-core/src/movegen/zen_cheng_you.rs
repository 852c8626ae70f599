//! Zen Cheng You's legal moves (RULES.md §10), built from the combinations of §8.
//!
//! A hand is a multiset, so the unit of choice is a *sub-multiset of one group* (a natural
//! rank, or the jokers): [`Choices`] lists them by size, and the generators take products of
//! them over groups, windows of ranks and suits. Different choices give different multisets,
//! so nothing is generated twice.
//!
//! Speed (issue 12): the choices are slices of a table built at compile time
//! ([`submultisets`]), not arrays filled per call; products are walked as an odometer; and the
//! moves of the table's kind, already pruned by its floor, skip the comparison
//! ([`Emitter::push`]). The order of the list is unchanged (`movegen::tests` pins it).

use super::{submultisets, Emitter};
use crate::card::rank;
use crate::cardset::CardSet;
use crate::classify::{group_rank, JOKER_GROUP};
use crate::combo::Kind;

/// Groups: the 13 natural ranks, then the jokers.
const GROUPS: usize = 14;
/// Sequences, straights and straight flushes use ranks `3`..`A` (§8.2): groups `0..12`.
const RUN_RANKS: u8 = rank::ACE + 1;

/// Pushes every legal Zen Cheng You play of `hand` into the emitter.
pub(super) fn generate(hand: CardSet, em: &mut Emitter) {
    let groups_of = Groups::new(hand);
    let hand = &groups_of;
    if em.wants(Kind::Single) {
        singles(hand, em);
    }
    for (size, kind, seq) in [
        (2, Kind::Pair, Kind::PairSeq),
        (3, Kind::Triple, Kind::TripleSeq),
    ] {
        if em.wants(kind) {
            groups(hand, size, kind, em);
        }
        if em.wants(seq) {
            group_sequences(hand, size, seq, em);
        }
    }
    if em.wants(Kind::Straight) {
        straights(hand, em);
    }
    if em.wants(Kind::FullHouse) {
        full_houses(hand, em);
    }
    if em.wants(Kind::FullHouseSeq) {
        full_house_sequences(hand, em);
    }
    if em.wants(Kind::Bomb) {
        bombs(hand, em);
    }
    if em.wants(Kind::StraightFlush) {
        straight_flushes(hand, em);
    }
}

/// §8.3 `single`: each distinct card once, those above the table's single.
fn singles(hand: &Groups, em: &mut Emitter) {
    let floor = em.floor(Kind::Single).map_or(-1, |(r, _)| i16::from(r));
    for card in CardSet::from_planes(hand.cards.planes().0, 0).unwrap_or(hand.cards) {
        if i16::from(card.rank()) > floor {
            em.push(Kind::Single, card.rank(), 1, CardSet::from_card(card));
        }
    }
}

/// The sub-multisets of one group of a given size, in the order of [`submultisets`].
#[derive(Copy, Clone)]
struct Choices {
    group: usize,
    nibbles: &'static [u8],
}

impl Choices {
    /// No choice at all.
    const EMPTY: Choices = Choices {
        group: 0,
        nibbles: &[],
    };

    /// The sub-multisets of `size` cards of group `group` of `hand`.
    fn of(hand: &Groups, group: usize, size: u32) -> Choices {
        Choices {
            group,
            nibbles: submultisets::of(hand.nibbles[group], size),
        }
    }

    /// The `i`-th choice.
    fn get(self, i: usize) -> CardSet {
        submultisets::cards(self.group, self.nibbles[i])
    }

    fn iter(self) -> impl Iterator<Item = CardSet> {
        let group = self.group;
        self.nibbles
            .iter()
            .map(move |&n| submultisets::cards(group, n))
    }
}

/// A hand and its 14 groups' nibbles (see [`submultisets`]).
struct Groups {
    cards: CardSet,
    nibbles: [u8; GROUPS],
}

impl Groups {
    fn new(cards: CardSet) -> Groups {
        Groups {
            cards,
            nibbles: std::array::from_fn(|g| submultisets::group_of(cards, g)),
        }
    }

    /// Cards held in a group.
    fn size(&self, group: usize) -> u32 {
        submultisets::size_of(self.nibbles[group])
    }
}

/// §8.3 `pair`, `triple`: one group, jokers included.
fn groups(hand: &Groups, size: u32, kind: Kind, em: &mut Emitter) {
    let floor = em.floor(kind).map_or(-1, |(r, _)| i16::from(r));
    for group in 0..GROUPS {
        let rank = group_rank(group);
        if i16::from(rank) > floor {
            for cards in Choices::of(hand, group, size).iter() {
                em.push(kind, rank, 1, cards);
            }
        }
    }
}

/// Every window of two or more consecutive ranks `3`..`A` whose top beats the floor of `kind`
/// (same length, higher top) or any window when leading: `(low, top, length)`.
fn run_windows(em: &Emitter, kind: Kind, least: u8) -> impl Iterator<Item = (u8, u8, u8)> + Clone {
    let floor = em.floor(kind);
    (least..=RUN_RANKS).flat_map(move |length| {
        (0..=RUN_RANKS - length)
            .map(move |low| (low, low + length - 1, length))
            .filter(move |&(_, top, len)| floor.is_none_or(|(r, l)| l == len && top > r))
    })
}

/// §8.3 `pair_seq`, `triple_seq`: products of one choice per rank of the window.
fn group_sequences(hand: &Groups, size: u32, kind: Kind, em: &mut Emitter) {
    run_products(
        hand,
        size,
        run_windows(em, kind, 2),
        &mut |top, length, cards| em.push(kind, top, length, cards),
    );
}

/// For each window `(low, top, length)` in which every rank holds `size` cards, calls `f` with
/// every union of one `size`-card choice per rank.
fn run_products(
    hand: &Groups,
    size: u32,
    windows: impl Iterator<Item = (u8, u8, u8)>,
    f: &mut impl FnMut(u8, u8, CardSet),
) {
    // Ranks `0..12` holding `size` cards, and the run of such ranks ending at each rank.
    let enough: [bool; RUN_RANKS as usize] = std::array::from_fn(|r| hand.size(r) >= size);
    if enough.iter().filter(|&&e| e).count() < 2 {
        return;
    }
    let mut choices = [Choices::EMPTY; RUN_RANKS as usize];
    let mut built = 0u16;
    for (low, top, length) in windows {
        if !(low..=top).all(|r| enough[r as usize]) {
            continue;
        }
        for r in low..=top {
            if built >> r & 1 == 0 {
                choices[r as usize] = Choices::of(hand, r as usize, size);
                built |= 1 << r;
            }
        }
        product(&choices[low as usize..=top as usize], &mut |cards| {
            f(top, length, cards)
        });
    }
}

/// Calls `f` with every union of one choice from each of `parts`, the last part varying
/// fastest (an odometer: the unions of the leading parts are kept, so each step costs one OR).
fn product(parts: &[Choices], f: &mut impl FnMut(CardSet)) {
    let Some((last, leading)) = parts.split_last() else {
        return f(CardSet::EMPTY);
    };
    if parts.iter().any(|p| p.nibbles.is_empty()) {
        return;
    }
    let n = leading.len();
    let mut at = [0usize; RUN_RANKS as usize];
    // `acc[i]`: the union of the chosen sets of `leading[..i]`.
    let mut acc = [CardSet::EMPTY; RUN_RANKS as usize + 1];
    for (i, part) in leading.iter().enumerate() {
        acc[i + 1] = acc[i] | part.get(0);
    }
    let mut lasts = [CardSet::EMPTY; 19];
    for (slot, set) in lasts.iter_mut().zip(last.iter()) {
        *slot = set;
    }
    let lasts = &lasts[..last.nibbles.len()];
    loop {
        let base = acc[n];
        for &set in lasts {
            f(base | set);
        }
        // Advance the odometer's leading digits, then rebuild the unions after the one moved.
        let mut i = n;
        loop {
            if i == 0 {
                return;
            }
            i -= 1;
            at[i] += 1;
            if at[i] < leading[i].nibbles.len() {
                break;
            }
            at[i] = 0;
        }
        for j in i..n {
            acc[j + 1] = acc[j] | leading[j].get(at[j]);
        }
    }
}

/// §8.3 `straight`: one card of each rank of a window of five or more ranks `3`..`A`.
fn straights(hand: &Groups, em: &mut Emitter) {
    let windows = run_windows(em, Kind::Straight, 5);
    run_products(hand, 1, windows, &mut |top, length, cards| {
        em.push(Kind::Straight, top, length, cards)
    });
}

/// §8.3 `full_house`: a triple of one group and a pair of another.
fn full_houses(hand: &Groups, em: &mut Emitter) {
    let floor = em.floor(Kind::FullHouse).map_or(-1, |(r, _)| i16::from(r));
    let can_top = |g: usize| i16::from(group_rank(g)) > floor && hand.size(g) >= 3;
    let tops = (0..GROUPS)
        .filter(|&g| can_top(g))
        .fold(0u16, |m, g| m | 1 << g);
    if tops == 0 {
        return;
    }
    let pairs: [Choices; GROUPS] = std::array::from_fn(|g| Choices::of(hand, g, 2));
    for top in (0..GROUPS).filter(|&g| tops >> g & 1 != 0) {
        let rank = group_rank(top);
        for triple in Choices::of(hand, top, 3).iter() {
            for pair_group in (0..GROUPS).filter(|&g| g != top) {
                for pair in pairs[pair_group].iter() {
                    em.push(Kind::FullHouse, rank, 1, triple | pair);
                }
            }
        }
    }
}

/// §8.3 `full_house_seq`: consecutive triples, plus as many pairs from the other groups.
fn full_house_sequences(hand: &Groups, em: &mut Emitter) {
    let windows = run_windows(em, Kind::FullHouseSeq, 2);
    let mut parts = Vec::new();
    let mut parts_of = None;
    run_products(hand, 3, windows, &mut |top, length, run| {
        let low = top + 1 - length;
        if parts_of != Some((low, top)) {
            parts_of = Some((low, top));
            parts.clear();
            let outside = |g: usize| g < low as usize || g > top as usize;
            pairs_from(
                hand,
                0,
                u32::from(length),
                CardSet::EMPTY,
                &outside,
                &mut |pairs| parts.push(pairs),
            );
        }
        for &pairs in &parts {
            em.push(Kind::FullHouseSeq, top, length, run | pairs);
        }
    });
}

/// Adds `pairs` pairs drawn from groups `group..` allowed by `outside` (a group may give
/// several pairs), calling `f` with each completed set of pairs.
fn pairs_from(
    hand: &Groups,
    group: usize,
    pairs: u32,
    acc: CardSet,
    outside: &impl Fn(usize) -> bool,
    f: &mut impl FnMut(CardSet),
) {
    if pairs == 0 {
        return f(acc);
    }
    if group == GROUPS {
        return;
    }
    if !outside(group) {
        return pairs_from(hand, group + 1, pairs, acc, outside, f);
    }
    // The four jokers together are only the bomb, so they give one pair at most (§8.4).
    let most_here = if group == JOKER_GROUP { 1 } else { 4 };
    let most = pairs.min(most_here).min(hand.size(group) / 2);
    for taken in 0..=most {
        for set in Choices::of(hand, group, 2 * taken).iter() {
            pairs_from(hand, group + 1, pairs - taken, acc | set, outside, f);
        }
    }
}

/// §8.5 `bomb`: four or more of one natural rank, and the four jokers.
fn bombs(hand: &Groups, em: &mut Emitter) {
    for r in 0..rank::NATURAL {
        for size in 4..=hand.size(r as usize) {
            for cards in Choices::of(hand, r as usize, size).iter() {
                em.emit(Kind::Bomb, r, size as u8, cards);
            }
        }
    }
    let jokers = hand.cards.jokers();
    if jokers.len() == 4 {
        em.emit(Kind::Bomb, rank::JOKER, 6, jokers);
    }
}

/// §8.5 `straight_flush`: five or more consecutive ranks `3`..`A` of one suit.
fn straight_flushes(hand: &Groups, em: &mut Emitter) {
    for suit in 0..4u8 {
        let held = hand.cards.ranks_of_suit(suit);
        if held.count_ones() < 5 {
            continue;
        }
        for (low, top, length) in all_windows(5) {
            let window = ((1u16 << length) - 1) << low;
            if held & window == window {
                em.emit(
                    Kind::StraightFlush,
                    top,
                    length,
                    CardSet::of_suit(window, suit),
                );
            }
        }
    }
}

/// Every window of `least` or more ranks within `3`..`A`: `(low, top, length)`.
fn all_windows(least: u8) -> impl Iterator<Item = (u8, u8, u8)> {
    (least..=RUN_RANKS)
        .flat_map(|length| (0..=RUN_RANKS - length).map(move |low| (low, low + length - 1, length)))
}
