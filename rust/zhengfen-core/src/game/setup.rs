//! Who leads a match and who draws first (RULES.md §7.1, §11.1, §12.2).

use crate::card::{Card, Suit};
use crate::cardset::CardSet;
use crate::error::{Error, Result};
use crate::movegen::MAX_HAND;
use crate::rules::{NextLeader, Rules, Variant};

/// The leader of a first match dealt from a seed: the holder of the [`leading_card`] (§7.1),
/// or the `2c` rule (§11.1).
pub(super) fn first_leader(rules: &Rules, hands: &[CardSet]) -> u8 {
    match leading_card(rules) {
        Some(card) => holder(hands, card).unwrap_or(0),
        None => two_of_clubs_leader(hands),
    }
}

/// The card whose holder leads a first match dealt from a seed: `3h` in Zheng Fen (§7.1);
/// none in Zen Cheng You, where the `2c` rule decides (§11.1).
pub(super) fn leading_card(rules: &Rules) -> Option<Card> {
    match rules.variant {
        Variant::ZhengFen => Some(Card::new(0, Suit::Hearts)),
        Variant::ZenChengYou => None,
    }
}

fn holder(hands: &[CardSet], card: Card) -> Option<u8> {
    hands.iter().position(|h| h.contains(card)).map(|s| s as u8)
}

/// §11.1: both `2c` lead; else, of the two holders of one `2c`, the first in
/// `2c 2d 2s 2h 3c 3d 3s 3h … Ac Ad As Ah` of which one holds both copies; else the lower seat.
fn two_of_clubs_leader(hands: &[CardSet]) -> u8 {
    let two_clubs = Card::new(12, Suit::Clubs);
    if let Some(seat) = hands.iter().position(|h| h.count(two_clubs) == 2) {
        return seat as u8;
    }
    let candidates: Vec<u8> = (0..hands.len() as u8)
        .filter(|&s| hands[s as usize].contains(two_clubs))
        .collect();
    let ranks = std::iter::once(12).chain(0..12); // 2, then 3..A
    let suits = [Suit::Clubs, Suit::Diamonds, Suit::Spades, Suit::Hearts];
    for card in ranks.flat_map(|r| suits.map(|s| Card::new(r, s))) {
        if let Some(&seat) = candidates
            .iter()
            .find(|&&s| hands[s as usize].count(card) == 2)
        {
            return seat;
        }
    }
    candidates.first().copied().unwrap_or(0)
}

/// Who draws first and leads the match after one that ended with `out_order` and
/// `match_points` (§7.1 `next_leader`, §11.1).
pub(super) fn next_first_drawer(rules: &Rules, out_order: &[u8], match_points: &[i64]) -> u8 {
    let first_out = out_order.first().copied().unwrap_or(0);
    if rules.variant == Variant::ZenChengYou || rules.next_leader == NextLeader::FirstOut {
        return first_out;
    }
    // Best score of the match; ties go to the earlier finisher.
    let best = out_order.iter().map(|&s| match_points[s as usize]).max();
    out_order
        .iter()
        .copied()
        .find(|&s| Some(match_points[s as usize]) == best)
        .unwrap_or(first_out)
}

/// Checks hands given to `from_hands` (§12.2): one per seat, each holding 1 to 27 cards, all
/// within the decks, and a leader in range.
pub(super) fn check_given_hands(rules: &Rules, hands: &[CardSet], leader: usize) -> Result<()> {
    let bad = |why: String| Err(Error::state(why));
    if hands.len() != usize::from(rules.players) {
        return bad(format!(
            "{} hands given for {} players",
            hands.len(),
            rules.players
        ));
    }
    let mut all = CardSet::EMPTY;
    for (seat, hand) in hands.iter().enumerate() {
        if hand.len() > MAX_HAND {
            return bad(format!(
                "seat {seat} holds {} cards; at most {MAX_HAND}",
                hand.len()
            ));
        }
        match all.plus(*hand) {
            Some(sum) if rules.decks() == 2 || !sum.has_copies() => all = sum,
            _ => {
                return bad(format!(
                    "seat {seat} holds a card that another hand or the decks cannot spare"
                ))
            }
        }
    }
    if let Some(seat) = hands.iter().position(|h| h.is_empty()) {
        return bad(format!(
            "seat {seat} holds no cards; every seat must hold at least one"
        ));
    }
    if leader >= hands.len() || hands[leader].is_empty() {
        return bad(format!(
            "the leader must be a seat holding cards, not {leader}"
        ));
    }
    Ok(())
}
