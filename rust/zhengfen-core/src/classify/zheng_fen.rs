//! Readings of a card set in Zheng Fen (RULES.md §4), in the order of §4.10.

use crate::card::{rank, Card};
use crate::cardset::CardSet;
use crate::combo::{Combo, Kind};

/// Pushes every Zheng Fen reading of `cards` onto `out`, strongest first (RULES.md §4.10).
pub(super) fn readings(cards: CardSet, wild: bool, out: &mut Vec<Combo>) {
    let n = cards.len();
    if n == 1 {
        let card = cards.iter().next().unwrap_or(Card::BJ);
        out.push(Combo::new(Kind::Single, card.rank(), 1, cards));
        return;
    }
    let jokers = cards.jokers().len();
    if n == 0 || cards.has_copies() || (jokers > 0 && !wild) {
        return; // §4.2: with jokers tame, a joker is only a single.
    }
    special(cards, out);
    straight_flush(cards, out);
    for (group, kind) in [(4, Kind::FourSeq), (3, Kind::TripleSeq), (2, Kind::PairSeq)] {
        sequence(cards, group, kind, out);
    }
    full_house(cards, out);
    same_rank(cards, out);
}

/// §4.9: four natural 2s; a 5, a 10 and a K, suited or mixed. No jokers.
fn special(cards: CardSet, out: &mut Vec<Combo>) {
    if !cards.jokers().is_empty() {
        return;
    }
    let n = cards.len();
    if n == 4 && cards.suits_of_rank(rank::TWO) == 0xF {
        out.push(Combo::new(Kind::Special, rank::FOUR_TWOS, 1, cards));
    }
    let fives = cards.suits_of_rank(rank::FIVE);
    let tens = cards.suits_of_rank(rank::TEN);
    let kings = cards.suits_of_rank(rank::KING);
    let one_each = [fives, tens, kings].iter().all(|m| m.count_ones() == 1);
    if n == 3 && one_each {
        let tier = if fives == tens && tens == kings {
            rank::SUITED_5_10_K
        } else {
            rank::MIXED_5_10_K
        };
        out.push(Combo::new(Kind::Special, tier, 1, cards));
    }
}

/// The lowest and highest natural rank held, if any.
fn natural_span(cards: CardSet) -> Option<(u8, u8)> {
    let mask = cards.rank_mask();
    if mask == 0 {
        return None;
    }
    Some((mask.trailing_zeros() as u8, 15 - mask.leading_zeros() as u8))
}

/// Pushes `kind` read with every top rank that a window of `groups` consecutive ranks
/// containing all the naturals can have, highest first (§4.5, §4.7: jokers fill the gaps).
fn windows(cards: CardSet, groups: u8, kind: Kind, out: &mut Vec<Combo>) {
    let Some((low, high)) = natural_span(cards) else {
        return;
    };
    if groups > rank::NATURAL {
        return;
    }
    let best = (low + groups - 1).min(rank::TWO);
    let least = high.max(groups - 1);
    for top in (least..=best).rev() {
        out.push(Combo::new(kind, top, groups, cards));
    }
}

/// §4.7: one suit, consecutive ranks, five or more cards.
fn straight_flush(cards: CardSet, out: &mut Vec<Combo>) {
    let n = cards.len();
    let naturals = cards.naturals().len();
    let one_suit = (0..4).any(|s| cards.ranks_of_suit(s).count_ones() == naturals);
    if n >= 5 && one_suit {
        windows(cards, n as u8, Kind::StraightFlush, out);
    }
}

/// §4.5: three or more groups of `group` cards of consecutive ranks.
fn sequence(cards: CardSet, group: u32, kind: Kind, out: &mut Vec<Combo>) {
    let n = cards.len();
    let fits = (0..rank::NATURAL).all(|r| cards.rank_count(r) <= group);
    if n.is_multiple_of(group) && n / group >= 3 && fits {
        windows(cards, (n / group) as u8, kind, out);
    }
}

/// §4.6: the full-house readings, highest triple first.
fn full_house(cards: CardSet, out: &mut Vec<Combo>) {
    if cards.len() != 5 {
        return;
    }
    let held = cards.rank_mask();
    for top in (0..rank::NATURAL).rev().filter(|&t| held >> t & 1 != 0) {
        if is_full_house(cards, top) {
            out.push(Combo::new(Kind::FullHouse, top, 1, cards));
        }
    }
}

/// The highest triple rank at which a five-card set reads as a full house (§4.6).
pub(crate) fn full_house_top(cards: CardSet) -> Option<u8> {
    // A triple needs a natural card of its rank (at most two jokers), so only held ranks count.
    let held = cards.rank_mask();
    (0..rank::NATURAL)
        .rev()
        .filter(|&t| held >> t & 1 != 0)
        .find(|&t| is_full_house(cards, t))
}

/// Whether five cards read as a full house whose triple has rank `top` (§4.6).
pub(crate) fn is_full_house(cards: CardSet, top: u8) -> bool {
    let held = cards.rank_count(top);
    let jokers = cards.jokers().len();
    if held == 0 || held > 3 || held + jokers < 3 {
        return false;
    }
    let joker_kickers = jokers - (3 - held);
    if joker_kickers > 0 {
        return true; // a joker kicker can always match the other kicker (§4.6 a, c).
    }
    // Exactly two natural kickers remain: the natural cards not of rank `top`.
    let (naturals, _) = cards.naturals().planes();
    let kickers = naturals & !(0xF << (4 * u32::from(top)));
    let second = kickers & kickers.wrapping_sub(1);
    match (card_at(kickers), card_at(second)) {
        (Some(x), Some(y)) => kickers_match(x, y),
        _ => false,
    }
}

/// The card of the lowest set bit of `bits`, if any.
fn card_at(bits: u64) -> Option<Card> {
    (bits != 0)
        .then(|| Card::from_index(bits.trailing_zeros() as u8))
        .flatten()
}

/// §4.6 (a)–(d) for two natural kickers.
pub(crate) fn kickers_match(x: Card, y: Card) -> bool {
    let point = |c: Card| c.points() > 0;
    x.rank() == y.rank()
        || (x.suit() == y.suit() && x.rank().abs_diff(y.rank()) == 1)
        || x.rank() == rank::THREE
        || y.rank() == rank::THREE
        || (point(x) && point(y))
}

/// §4.4: a pair, triple or four of one rank, jokers standing in.
fn same_rank(cards: CardSet, out: &mut Vec<Combo>) {
    let n = cards.len();
    let kind = match n {
        2 => Kind::Pair,
        3 => Kind::Triple,
        4 => Kind::Four,
        _ => return,
    };
    let mask = cards.rank_mask();
    if mask == 0 {
        // Only jokers: two jokers are a pair of any rank (§4.2), strongest first.
        for top in (0..rank::NATURAL).rev() {
            out.push(Combo::new(kind, top, 1, cards));
        }
    } else if mask.count_ones() == 1 {
        let top = mask.trailing_zeros() as u8;
        let four_twos = kind == Kind::Four && cards.jokers().is_empty() && top == rank::TWO;
        if !four_twos {
            out.push(Combo::new(kind, top, 1, cards));
        }
    }
}
