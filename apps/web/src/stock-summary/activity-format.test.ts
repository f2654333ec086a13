import { OFFER_STATUSES, TRACK_TYPES } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import {
  belowListWarning,
  isOpenOffer,
  labelOf,
  matchesText,
  priceMove,
  priceMoveTitle,
  stoneGrades,
  titleFor,
} from './activity-format.ts';

describe('customer activity cells', () => {
  it('reads a stone on one line, leaving out what it lacks', () => {
    expect(stoneGrades({ shape: 'Round', carat: 1.01, color: 'F', clarity: 'VS2' })).toBe(
      'Round 1.01 ct F VS2',
    );
    expect(stoneGrades({ shape: null, carat: 0.5, color: null, clarity: 'SI1' })).toBe('0.50 ct SI1');
    expect(stoneGrades({ shape: null, carat: null, color: null, clarity: null })).toBe('—');
  });

  it('marks a price that moved by a cent or more, either way', () => {
    expect(priceMove(9000, 9000.004)).toBeNull();
    expect(priceMove(9000, 9100)).toBe('up');
    expect(priceMove(9000, 8999.99)).toBe('down');
    expect(priceMove(null, 9000)).toBeNull();
    expect(priceMove(9000, null)).toBeNull();
    expect(priceMoveTitle(9000, 9100)).toBe('Up from USD 9,000.00');
    expect(priceMoveTitle(9000, 9000)).toBeUndefined();
  });

  it('caps the demand matches as the server counts them', () => {
    expect(matchesText(null)).toBe('—');
    expect(matchesText(0)).toBe('0');
    expect(matchesText(999)).toBe('999');
    expect(matchesText(1000)).toBe('1,000 or more');
  });

  it('labels codes and tells open offers apart', () => {
    const options = [
      { value: 1, label: 'Pending' },
      { value: 2, label: 'Accepted' },
    ];
    expect(labelOf(options, 2)).toBe('Accepted');
    expect(labelOf(options, null)).toBe('—');
    expect(isOpenOffer({ trackType: TRACK_TYPES.offer, offerStatus: OFFER_STATUSES.pending })).toBe(true);
    expect(isOpenOffer({ trackType: TRACK_TYPES.offer, offerStatus: OFFER_STATUSES.countered })).toBe(true);
    expect(isOpenOffer({ trackType: TRACK_TYPES.offer, offerStatus: OFFER_STATUSES.accepted })).toBe(false);
    expect(isOpenOffer({ trackType: TRACK_TYPES.cart, offerStatus: null })).toBe(false);
    expect(titleFor('Cart', 'Anna Buyer')).toBe('Cart — Anna Buyer');
    expect(titleFor('Cart', undefined)).toBe('Cart');
  });

  it('warns of a price more than 10% below the list price, naming how far', () => {
    expect(belowListWarning(3423, 4200)).toBe('18.5% below the list price of USD 4,200.00 per carat.');
    expect(belowListWarning(3780, 4200)).toBeNull();
    expect(belowListWarning(3779, 4200)).toBe('10.0% below the list price of USD 4,200.00 per carat.');
    expect(belowListWarning(null, 4200)).toBeNull();
    expect(belowListWarning(3000, null)).toBeNull();
  });
});
