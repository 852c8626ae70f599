//! Zheng Fen's legal moves (RULES.md §6), built from the combinations of §4.
//!
//! Each generator walks the hand by rank, window or suit. Where jokers let one card set be
//! built in several ways, a generator builds it only in its *canonical* way — the one with the
//! highest value (§6.2): a window of ranks is canonical when its lowest rank holds a natural
//! card or its top is the `2`; a full house when its triple is the highest one it can read as.
//!
//! Speed (issue 12): kicker pairs are found by bit masks ([`kicker_partners`]) instead of a
//! list built per call; a full house with jokers is checked for a higher reading only at its
//! kickers' ranks; suit submasks come from a table; and moves pruned by the table's floor skip
//! the comparison ([`Emitter::push`]). The order of the list is unchanged.

use super::Emitter;
use crate::card::{rank, Card};
use crate::cardset::CardSet;
use crate::classify::{full_house_top, is_full_house, kickers_match};
use crate::combo::Kind;

/// Pushes every legal Zheng Fen play of `hand` into the emitter.
pub(super) fn generate(hand: CardSet, wild: bool, em: &mut Emitter) {
    let hand = Hand::new(hand, wild);
    if em.wants(Kind::Single) {
        let floor = em.floor(Kind::Single).map_or(-1, |(r, _)| i16::from(r));
        // One deck: each card is held once, so the `once` plane lists the hand.
        for_bits(hand.cards.planes().0, |i| {
            if let Some(card) = Card::from_index(i as u8) {
                if i16::from(card.rank()) > floor {
                    em.push(Kind::Single, card.rank(), 1, CardSet::from_card(card));
                }
            }
        });
    }
    if em.wants(Kind::Special) {
        specials(&hand, em);
    }
    for (kind, group) in [(Kind::Pair, 2), (Kind::Triple, 3), (Kind::Four, 4)] {
        if em.wants(kind) {
            same_rank(&hand, kind, group, em);
        }
    }
    for (kind, group) in [(Kind::PairSeq, 2), (Kind::TripleSeq, 3), (Kind::FourSeq, 4)] {
        if em.wants(kind) {
            sequences(&hand, kind, group, em);
        }
    }
    if em.wants(Kind::FullHouse) {
        full_houses(&hand, em);
    }
    if em.wants(Kind::StraightFlush) {
        straight_flushes(&hand, em);
    }
}

/// A hand split for generation: its suits per rank and the jokers usable as wild cards.
struct Hand {
    cards: CardSet,
    suits: [u8; 13],
    /// The jokers that may stand in for other cards (none with jokers tame, §4.2).
    wild: CardSet,
    /// How many jokers are wild (0, 1 or 2).
    wild_count: u32,
    /// The subsets of `wild` by size: `by_size[k][..ways[k]]` are the ways to take `k` of them.
    by_size: [[CardSet; 2]; 3],
    ways: [usize; 3],
}

impl Hand {
    fn new(cards: CardSet, wild: bool) -> Hand {
        let suits = std::array::from_fn(|r| cards.suits_of_rank(r as u8));
        let wild = if wild { cards.jokers() } else { CardSet::EMPTY };
        let mut hand = Hand {
            cards,
            suits,
            wild,
            wild_count: wild.len(),
            by_size: [[CardSet::EMPTY; 2]; 3],
            ways: [0; 3],
        };
        for subset in joker_subsets(wild) {
            let k = subset.len() as usize;
            hand.by_size[k][hand.ways[k]] = subset;
            hand.ways[k] += 1;
        }
        hand
    }

    fn wild_count(&self) -> u32 {
        self.wild_count
    }

    /// Every subset of the wild jokers with its size.
    fn joker_sets(&self) -> impl Iterator<Item = (u32, CardSet)> + '_ {
        (0..=self.wild_count).flat_map(move |k| self.joker_choices(k).iter().map(move |&j| (k, j)))
    }

    /// The ways to take exactly `need` of the wild jokers: none, either one, or both.
    fn joker_choices(&self, need: u32) -> &[CardSet] {
        match need {
            0..=2 => &self.by_size[need as usize][..self.ways[need as usize]],
            _ => &[],
        }
    }
}

/// Number of suits in a 4-bit suit mask. A table, because the portable x86-64 target that
/// wheels are built for has no `popcnt` instruction.
const SUITS_IN: [u32; 16] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

/// Number of suits in a suit mask.
fn suit_count(suits: u8) -> u32 {
    SUITS_IN[usize::from(suits & 0xF)]
}

/// The submasks of each 4-bit suit mask in descending order (`SUBMASKS[m][..1 << |m|]`): the
/// walk from `m` down to 0 by the `(sub - 1) & m` step, tabulated at compile time.
const SUBMASKS: [[u8; 16]; 16] = {
    let mut table = [[0u8; 16]; 16];
    let mut mask = 0;
    while mask < 16 {
        let (mut sub, mut n) = (mask, 0);
        loop {
            table[mask as usize][n] = sub;
            n += 1;
            if sub == 0 {
                break;
            }
            sub = (sub - 1) & mask;
        }
        mask += 1;
    }
    table
};

/// The subsets of a 4-bit suit mask (the empty one included) with at most `most` suits, the
/// largest mask first.
fn suit_subsets(mask: u8, most: u32) -> impl Iterator<Item = u8> {
    let mask = usize::from(mask & 0xF);
    SUBMASKS[mask][..1 << SUITS_IN[mask]]
        .iter()
        .copied()
        .filter(move |&s| suit_count(s) <= most)
}

/// Every subset of the wild jokers.
fn joker_subsets(wild: CardSet) -> impl Iterator<Item = CardSet> {
    let (planes, _) = wild.planes();
    (0..4u64)
        .map(|i| i << 52)
        .filter(move |bits| bits & !planes == 0)
        .filter_map(|bits| CardSet::from_planes(bits, 0))
}

/// §4.9: four 2s and every 5-10-K.
fn specials(hand: &Hand, em: &mut Emitter) {
    if hand.suits[rank::TWO as usize] == 0xF {
        em.emit(
            Kind::Special,
            rank::FOUR_TWOS,
            1,
            CardSet::of_rank(rank::TWO, 0xF, 0),
        );
    }
    let suits = |r: u8| hand.suits[r as usize];
    if suits(rank::FIVE) == 0 || suits(rank::TEN) == 0 || suits(rank::KING) == 0 {
        return; // no 5-10-K (most calls)
    }
    let held = |r: u8| suit_subsets(suits(r), 1).filter(|s| *s != 0);
    for five in held(rank::FIVE) {
        for ten in held(rank::TEN) {
            for king in held(rank::KING) {
                let tier = if five == ten && ten == king {
                    rank::SUITED_5_10_K
                } else {
                    rank::MIXED_5_10_K
                };
                let cards = CardSet::of_rank(rank::FIVE, five, 0)
                    | CardSet::of_rank(rank::TEN, ten, 0)
                    | CardSet::of_rank(rank::KING, king, 0);
                em.emit(Kind::Special, tier, 1, cards);
            }
        }
    }
}

/// §4.4: pairs, triples and fours of each rank, with jokers standing in.
fn same_rank(hand: &Hand, kind: Kind, group: u32, em: &mut Emitter) {
    let floor = em.floor(kind).map_or(-1, |(r, _)| i16::from(r));
    let enough = |r: u8| suit_count(hand.suits[r as usize]) + hand.wild_count() >= group;
    for r in (0..rank::NATURAL).filter(|&r| i16::from(r) > floor && enough(r)) {
        for suits in suit_subsets(hand.suits[r as usize], group).filter(|s| *s != 0) {
            let need = group - suit_count(suits);
            let four_twos = kind == Kind::Four && r == rank::TWO && need == 0;
            if need > hand.wild_count() || four_twos {
                continue;
            }
            let naturals = CardSet::of_rank(r, suits, 0);
            for &jokers in hand.joker_choices(need) {
                em.push(kind, r, 1, naturals | jokers);
            }
        }
    }
    if kind == Kind::Pair && hand.wild_count() == 2 {
        em.emit(Kind::Pair, rank::TWO, 1, hand.wild); // two jokers: a pair of 2s at best
    }
}

/// §4.5: sequences of `group`-card groups over every window of three or more ranks.
fn sequences(hand: &Hand, kind: Kind, group: u32, em: &mut Emitter) {
    let floor = em.floor(kind);
    for low in 0..rank::NATURAL {
        // Grow the window upwards while the jokers can still cover what the ranks lack.
        let mut short = 0;
        for top in low..rank::NATURAL {
            short += group.saturating_sub(suit_count(hand.suits[top as usize]));
            if short > hand.wild_count() {
                break;
            }
            let length = top - low + 1;
            if length < 3 || floor.is_some_and(|f| (top, length) <= f) {
                continue;
            }
            let window = Window {
                hand,
                kind,
                group,
                low,
                top,
            };
            window.extend(low, CardSet::EMPTY, 0, em);
        }
    }
}

/// One window of consecutive ranks being filled, rank by rank.
struct Window<'a> {
    hand: &'a Hand,
    kind: Kind,
    group: u32,
    low: u8,
    top: u8,
}

impl Window<'_> {
    /// Chooses the naturals of rank `r` and above; `need` jokers are owed so far.
    fn extend(&self, r: u8, cards: CardSet, need: u32, em: &mut Emitter) {
        if r > self.top {
            let length = self.top - self.low + 1;
            for &jokers in self.hand.joker_choices(need) {
                em.push(self.kind, self.top, length, cards | jokers);
            }
            return;
        }
        // Canonical window: a natural at its lowest rank, unless its top is the 2.
        let must_hold = r == self.low && self.top != rank::TWO;
        for suits in suit_subsets(self.hand.suits[r as usize], self.group) {
            let owed = need + self.group - suit_count(suits);
            if (must_hold && suits == 0) || owed > self.hand.wild_count() {
                continue;
            }
            self.extend(r + 1, cards | CardSet::of_rank(r, suits, 0), owed, em);
        }
    }
}

/// §4.6: full houses, each card set at its highest triple.
fn full_houses(hand: &Hand, em: &mut Emitter) {
    let floor = em.floor(Kind::FullHouse).map_or(-1, |(r, _)| i16::from(r));
    let can_be_top = |t: u8| {
        let held = suit_count(hand.suits[t as usize]);
        i16::from(t) > floor && held > 0 && held + hand.wild_count() >= 3
    };
    let tops = (0..rank::NATURAL).filter(|&t| can_be_top(t));
    let tops = tops.fold(0u16, |m, t| m | 1 << t);
    if tops == 0 {
        return;
    }
    for top in (0..rank::NATURAL).filter(|&t| tops >> t & 1 != 0) {
        for suits in suit_subsets(hand.suits[top as usize], 3).filter(|s| *s != 0) {
            for (taken, jokers) in hand.joker_sets() {
                // The triple takes 3 - |suits| of the jokers; the rest are kickers.
                if let Some(spare) = taken.checked_sub(3 - suit_count(suits)) {
                    let triple = CardSet::of_rank(top, suits, 0) | jokers;
                    add_kickers(hand, top, triple, spare, em);
                }
            }
        }
    }
}

/// Completes the triple of rank `top` (with its jokers) by two kickers, `spare` of them
/// jokers already in `triple`, the rest natural cards of other ranks (§4.6).
fn add_kickers(hand: &Hand, top: u8, triple: CardSet, spare: u32, em: &mut Emitter) {
    let has_jokers = !triple.jokers().is_empty();
    // The set reads with the triple of rank `top`. With jokers it may also read with a higher
    // triple, of the rank of a natural kicker above `top` (`kickers`: their ranks' mask).
    let mut emit = |set: CardSet, kickers: u16| {
        debug_assert!(is_full_house(set, top));
        let above = if has_jokers { kickers >> (top + 1) } else { 0 };
        let higher = (0..rank::NATURAL - top - 1)
            .filter(|&t| above >> t & 1 != 0)
            .any(|t| is_full_house(set, top + 1 + t));
        let old_rule =
            !(has_jokers && set.has_natural_above(top)) || full_house_top(set) == Some(top);
        debug_assert_eq!(!higher, old_rule, "{set}");
        if !higher {
            em.push(Kind::FullHouse, top, 1, set);
        }
    };
    let rank_bit = |card: u32| 1u16 << (card / 4);
    match spare {
        // Two natural kickers must match (§4.6 a–d) and avoid the triple's rank.
        0 => {
            let (naturals, _) = hand.cards.naturals().planes();
            let others = naturals & !(0xF << (4 * u32::from(top)));
            for_bits(others, |x| {
                for_bits(kicker_partners(others, x), |y| {
                    let kickers = CardSet::from_planes(1 << x | 1 << y, 0).unwrap_or_default();
                    emit(triple | kickers, rank_bit(x) | rank_bit(y))
                })
            })
        }
        // A joker kicker matches any natural kicker of another rank.
        1 => {
            let own = CardSet::of_rank(top, hand.suits[top as usize], 0);
            let naturals = hand.cards.naturals();
            let others = naturals
                .minus(own)
                .expect("the triple's rank is taken from the hand's naturals");
            others
                .iter()
                .for_each(|x| emit(triple | CardSet::from_card(x), 1 << x.rank()))
        }
        _ => emit(triple, 0),
    }
}

/// The natural cards of ranks 5, 10 and K, which hold points (RULES.md §1.8).
const POINT_CARDS: u64 = 0xF << (4 * rank::FIVE) | 0xF << (4 * rank::TEN) | 0xF << (4 * rank::KING);

/// The cards of `naturals` after card `x` (by index) that may be the other natural kicker of a
/// full house with it (§4.6 a–d, as [`kickers_match`]): the same rank, the same suit one rank
/// up, anything when `x` is a 3, another point card when `x` is one. (A later card is never of
/// a lower rank, so "a 3 with anything" and "one rank apart" need only look upwards.)
fn kicker_partners(naturals: u64, x: u32) -> u64 {
    let after = !((2u64 << x) - 1);
    let rank = x / 4;
    let mut matching = 0xF << (4 * rank) | 1 << (x + 4);
    if rank == u32::from(rank::THREE) {
        matching = u64::MAX;
    }
    if POINT_CARDS >> x & 1 != 0 {
        matching |= POINT_CARDS;
    }
    debug_assert!((0..52).all(|y| {
        let listed = (naturals & after & matching) >> y & 1 != 0;
        let card = |i: u32| crate::card::Card::from_index(i as u8).expect("a natural card");
        listed == (naturals >> y & 1 != 0 && y > x && kickers_match(card(x), card(y)))
    }));
    naturals & after & matching
}

/// Calls `f` with the index of each set bit of `bits`, lowest first.
fn for_bits(mut bits: u64, mut f: impl FnMut(u32)) {
    while bits != 0 {
        f(bits.trailing_zeros());
        bits &= bits - 1;
    }
}

/// §4.7: straight flushes of each suit over every window of five or more ranks.
fn straight_flushes(hand: &Hand, em: &mut Emitter) {
    let floor = em.floor(Kind::StraightFlush);
    let wild = hand.wild_count();
    for suit in 0..4u8 {
        let held = hand.cards.ranks_of_suit(suit);
        // A window longer than the suit's cards and the jokers would lack too many ranks.
        let longest = (held.count_ones() + wild).min(u32::from(rank::NATURAL)) as u8;
        for length in 5..=longest {
            for low in 0..=(rank::NATURAL - length) {
                let top = low + length - 1;
                if floor.is_some_and(|f| (top, length) <= f) {
                    continue;
                }
                let window = ((1u16 << length) - 1) << low;
                flush_window(hand, suit, held & window, (low, top, length), em);
            }
        }
    }
}

/// The straight flushes over one window: the suit's cards `present` in it, any of them
/// replaced by spare jokers, the missing ranks filled by jokers.
fn flush_window(
    hand: &Hand,
    suit: u8,
    present: u16,
    (low, top, length): (u8, u8, u8),
    em: &mut Emitter,
) {
    let missing = u32::from(length) - present.count_ones();
    let Some(spare) = hand.wild_count().checked_sub(missing) else {
        return;
    };
    for replaced in replacements(present, spare) {
        let kept = present & !replaced;
        if top != rank::TWO && kept >> low & 1 == 0 {
            continue; // not canonical: the window could slide up
        }
        let naturals = CardSet::of_suit(kept, suit);
        for &jokers in hand.joker_choices(missing + replaced.count_ones()) {
            em.push(Kind::StraightFlush, top, length, naturals | jokers);
        }
    }
}

/// The subsets of `present` with at most `most` (0, 1 or 2) ranks.
fn replacements(present: u16, most: u32) -> impl Iterator<Item = u16> {
    let bits = move || (0..13u16).map(|r| 1 << r).filter(move |b| present & b != 0);
    let ones = bits().filter(move |_| most >= 1);
    let twos = bits()
        .flat_map(move |a| bits().filter(move |&b| b > a).map(move |b| a | b))
        .filter(move |_| most >= 2);
    std::iter::once(0).chain(ones).chain(twos)
}
