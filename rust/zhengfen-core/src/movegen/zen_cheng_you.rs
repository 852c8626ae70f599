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
fn run_windows(em: &Emitter, kind: Kind, least: u8) -> impl Iterator<Item = (u8, u8, u8)> {
    let floor = em.floor(kind);
    (least..=RUN_RANKS).flat_map(move |length| {
        (0..=RUN_RANKS - length)
            .map(move |low| (low, low + length - 1, length))
            .filter(move |&(_, top, len)| floor.is_none_or(|(r, l)| l == len && top > r))
    })
}

/// §8.3 `pair_seq`, `triple_seq`: products of one choice per rank of the window.
fn group_sequences(hand: CardSet, size: u32, kind: Kind, em: &mut Emitter) {
    let choices: [Choices; 12] = std::array::from_fn(|r| Choices::of(hand, r, size));
    for (low, top, length) in run_windows(em, kind, 2) {
        let window = &choices[low as usize..=top as usize];
        product(window, CardSet::EMPTY, &mut |cards| {
            em.emit(kind, top, length, cards)
        });
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
    let choices: [Choices; 12] = std::array::from_fn(|r| Choices::of(hand, r, 1));
    for (low, top, length) in run_windows(em, Kind::Straight, 5) {
        let window = &choices[low as usize..=top as usize];
        if window.iter().all(|c| c.len > 0) {
            product(window, CardSet::EMPTY, &mut |cards| {
                em.emit(Kind::Straight, top, length, cards)
            });
        }
    }
}

/// §8.3 `full_house`: a triple of one group and a pair of another.
fn full_houses(hand: CardSet, em: &mut Emitter) {
    let floor = em.floor(Kind::FullHouse).map_or(-1, |(r, _)| i16::from(r));
    let pairs: [Choices; GROUPS] = std::array::from_fn(|g| Choices::of(hand, g, 2));
    for top in (0..GROUPS).filter(|&g| i16::from(group_rank(g)) > floor) {
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
    let triples: [Choices; 12] = std::array::from_fn(|r| Choices::of(hand, r, 3));
    for (low, top, length) in run_windows(em, Kind::FullHouseSeq, 2) {
        let window = &triples[low as usize..=top as usize];
        let outside = |g: usize| g < low as usize || g > top as usize;
        let capacity: u32 = (0..GROUPS)
            .filter(|&g| outside(g))
            .map(|g| group_size(hand, g) / 2)
            .sum();
        if window.iter().any(|c| c.len == 0) || capacity < u32::from(length) {
            continue;
        }
        product(window, CardSet::EMPTY, &mut |run| {
            pairs_from(hand, 0, u32::from(length), run, &outside, &mut |cards| {
                em.emit(Kind::FullHouseSeq, top, length, cards)
            })
        });
    }
}

/// Adds `pairs` pairs drawn from groups `group..` allowed by `outside` (a group may give
/// several pairs), calling `f` with each completed set.
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
    let held = if group == JOKER_GROUP {
        2
    } else {
        group_size(hand, group) / 2
    };
    let most = pairs.min(held).min(group_size(hand, group) / 2);
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
