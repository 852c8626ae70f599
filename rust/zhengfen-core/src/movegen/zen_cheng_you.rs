//! Zen Cheng You's legal moves (RULES.md §10), built from the combinations of §8.
//!
//! A hand is a multiset, so the unit of choice is a *sub-multiset of one group* (a natural
//! rank, or the jokers): [`Choices`] lists them by size, and the generators take products of
//! them over groups, windows of ranks and suits. Different choices give different multisets,
//! so nothing is generated twice.

use super::Emitter;
use crate::card::{rank, Card};
use crate::cardset::CardSet;
use crate::classify::{group_rank, JOKER_GROUP};
use crate::combo::Kind;

/// Groups: the 13 natural ranks, then the jokers.
const GROUPS: usize = 14;
/// Sequences, straights and straight flushes use ranks `3`..`A` (§8.2): groups `0..12`.
const RUN_RANKS: u8 = rank::ACE + 1;

/// Pushes every legal Zen Cheng You play of `hand` into the emitter.
pub(super) fn generate(hand: CardSet, em: &mut Emitter) {
    if em.wants(Kind::Single) {
        for card in CardSet::from_planes(hand.planes().0, 0).unwrap_or(hand) {
            em.emit(Kind::Single, card.rank(), 1, CardSet::from_card(card));
        }
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

/// The sub-multisets of one group of a given size (at most 19: four suits, two copies each).
#[derive(Copy, Clone)]
struct Choices {
    sets: [CardSet; 19],
    len: usize,
}

impl Choices {
    /// No choice at all.
    const EMPTY: Choices = Choices {
        sets: [CardSet::EMPTY; 19],
        len: 0,
    };

    /// The sub-multisets of `size` cards of group `group` of `hand`.
    fn of(hand: CardSet, group: usize, size: u32) -> Choices {
        let mut choices = Choices {
            sets: [CardSet::EMPTY; 19],
            len: 0,
        };
        let counts = suit_counts(hand, group);
        for x0 in 0..=counts[0] {
            for x1 in 0..=counts[1] {
                for x2 in 0..=counts[2] {
                    let Some(x3) = size.checked_sub(x0 + x1 + x2) else {
                        continue;
                    };
                    if x3 <= counts[3] {
                        choices.push(build(group, [x0, x1, x2, x3]));
                    }
                }
            }
        }
        choices
    }

    fn push(&mut self, set: CardSet) {
        if self.len < self.sets.len() {
            self.sets[self.len] = set;
            self.len += 1;
        }
    }

    fn iter(&self) -> impl Iterator<Item = CardSet> + '_ {
        self.sets[..self.len].iter().copied()
    }
}

/// Copies held of each "suit" of a group (for the jokers: `BJ`, `RJ`, none, none).
fn suit_counts(hand: CardSet, group: usize) -> [u32; 4] {
    if group == JOKER_GROUP {
        return [
            hand.count(Card::BJ).into(),
            hand.count(Card::RJ).into(),
            0,
            0,
        ];
    }
    let r = group as u8;
    let (once, twice) = (hand.suits_of_rank(r), hand.doubled_suits_of_rank(r));
    std::array::from_fn(|s| u32::from(once >> s & 1) + u32::from(twice >> s & 1))
}

/// The cards of a group with `copies[s]` copies of "suit" `s`.
fn build(group: usize, copies: [u32; 4]) -> CardSet {
    if group == JOKER_GROUP {
        let bj = CardSet::with_copies(Card::BJ, copies[0] as u8);
        return bj | CardSet::with_copies(Card::RJ, copies[1] as u8);
    }
    let mask = |least: u32| {
        (0..4)
            .filter(|&s| copies[s] >= least)
            .fold(0u8, |m, s| m | 1 << s)
    };
    CardSet::of_rank(group as u8, mask(1), mask(2))
}

/// Cards held in a group.
fn group_size(hand: CardSet, group: usize) -> u32 {
    suit_counts(hand, group).iter().sum()
}

/// §8.3 `pair`, `triple`: one group, jokers included.
fn groups(hand: CardSet, size: u32, kind: Kind, em: &mut Emitter) {
    let floor = em.floor(kind).map_or(-1, |(r, _)| i16::from(r));
    for group in 0..GROUPS {
        let rank = group_rank(group);
        if i16::from(rank) > floor {
            for cards in Choices::of(hand, group, size).iter() {
                em.emit(kind, rank, 1, cards);
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
fn group_sequences(hand: CardSet, size: u32, kind: Kind, em: &mut Emitter) {
    run_products(
        hand,
        size,
        run_windows(em, kind, 2),
        &mut |top, length, cards| em.emit(kind, top, length, cards),
    );
}

/// For each window `(low, top, length)` in which every rank holds `size` cards, calls `f` with
/// every union of one `size`-card choice per rank. Choices are built only for ranks that some
/// such window uses.
fn run_products(
    hand: CardSet,
    size: u32,
    windows: impl Iterator<Item = (u8, u8, u8)> + Clone,
    f: &mut impl FnMut(u8, u8, CardSet),
) {
    let enough = |r: u8| group_size(hand, r as usize) >= size;
    let feasible = move |&(low, top, _): &(u8, u8, u8)| (low..=top).all(enough);
    let used = windows
        .clone()
        .filter(feasible)
        .fold(0u16, |m, (low, top, _)| {
            m | ((1u16 << (top + 1)) - (1u16 << low))
        });
    if used == 0 {
        return;
    }
    let choices: [Choices; 12] = std::array::from_fn(|r| {
        if used >> r & 1 != 0 {
            Choices::of(hand, r, size)
        } else {
            Choices::EMPTY
        }
    });
    for (low, top, length) in windows.filter(feasible) {
        product(
            &choices[low as usize..=top as usize],
            CardSet::EMPTY,
            &mut |cards| f(top, length, cards),
        );
    }
}

/// Calls `f` with every union of one choice from each of `parts`.
fn product(parts: &[Choices], acc: CardSet, f: &mut impl FnMut(CardSet)) {
    match parts.split_first() {
        None => f(acc),
        Some((first, rest)) => {
            for set in first.iter() {
                product(rest, acc | set, f);
            }
        }
    }
}

/// §8.3 `straight`: one card of each rank of a window of five or more ranks `3`..`A`.
fn straights(hand: CardSet, em: &mut Emitter) {
    let windows = run_windows(em, Kind::Straight, 5);
    run_products(hand, 1, windows, &mut |top, length, cards| {
        em.emit(Kind::Straight, top, length, cards)
    });
}

/// §8.3 `full_house`: a triple of one group and a pair of another.
fn full_houses(hand: CardSet, em: &mut Emitter) {
    let floor = em.floor(Kind::FullHouse).map_or(-1, |(r, _)| i16::from(r));
    let tops =
        (0..GROUPS).filter(|&g| i16::from(group_rank(g)) > floor && group_size(hand, g) >= 3);
    let tops: Vec<usize> = tops.collect();
    if tops.is_empty() {
        return;
    }
    let pairs: [Choices; GROUPS] = std::array::from_fn(|g| Choices::of(hand, g, 2));
    for top in tops {
        for triple in Choices::of(hand, top, 3).iter() {
            for pair_group in (0..GROUPS).filter(|&g| g != top) {
                for pair in pairs[pair_group].iter() {
                    em.emit(Kind::FullHouse, group_rank(top), 1, triple | pair);
                }
            }
        }
    }
}

/// §8.3 `full_house_seq`: consecutive triples, plus as many pairs from the other groups.
fn full_house_sequences(hand: CardSet, em: &mut Emitter) {
    let windows: Vec<(u8, u8, u8)> = run_windows(em, Kind::FullHouseSeq, 2).collect();
    let mut parts = Vec::new();
    run_products(hand, 3, windows.iter().copied(), &mut |top, length, run| {
        let low = top + 1 - length;
        let outside = |g: usize| g < low as usize || g > top as usize;
        if parts.first().map(|&(l, t, _)| (l, t)) != Some((low, top)) {
            parts.clear();
            pairs_from(
                hand,
                0,
                u32::from(length),
                CardSet::EMPTY,
                &outside,
                &mut |pairs| parts.push((low, top, pairs)),
            );
        }
        for &(_, _, pairs) in &parts {
            em.emit(Kind::FullHouseSeq, top, length, run | pairs);
        }
    });
}

/// Adds `pairs` pairs drawn from groups `group..` allowed by `outside` (a group may give
/// several pairs), calling `f` with each completed set of pairs.
fn pairs_from(
    hand: CardSet,
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
    let most = pairs.min(most_here).min(group_size(hand, group) / 2);
    for taken in 0..=most {
        for set in Choices::of(hand, group, 2 * taken).iter() {
            pairs_from(hand, group + 1, pairs - taken, acc | set, outside, f);
        }
    }
}

/// §8.5 `bomb`: four or more of one natural rank, and the four jokers.
fn bombs(hand: CardSet, em: &mut Emitter) {
    for r in 0..rank::NATURAL {
        for size in 4..=hand.rank_count(r) {
            for cards in Choices::of(hand, r as usize, size).iter() {
                em.emit(Kind::Bomb, r, size as u8, cards);
            }
        }
    }
    let jokers = hand.jokers();
    if jokers.len() == 4 {
        em.emit(Kind::Bomb, rank::JOKER, 6, jokers);
    }
}

/// §8.5 `straight_flush`: five or more consecutive ranks `3`..`A` of one suit.
fn straight_flushes(hand: CardSet, em: &mut Emitter) {
    for suit in 0..4u8 {
        let held = hand.ranks_of_suit(suit);
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
