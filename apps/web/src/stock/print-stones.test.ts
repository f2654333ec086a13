import type { ResourceRecord } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { printableList, stoneCellText } from './print-stones.ts';

const stone = (values: Record<string, unknown>): ResourceRecord => ({
  id: String(values.stockNumber),
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  createdBy: null,
  updatedBy: null,
  ...values,
});

describe('the printable stock list', () => {
  it('reads grades by title, codes by label, money and percentages as such, dates spelled out', () => {
    const record = stone({
      stockNumber: 'S-1',
      shapeId: 'uuid-round',
      shapeTitle: 'Round',
      status: 'M',
      carat: 1.2,
      marketingBack: -30,
      keyToSymbol: ['Cloud', 'Feather'],
      marketingIssueDate: '2026-11-20',
      isTypeIIa: true,
      colorId: null,
      colorTitle: null,
    });
    expect(stoneCellText('shapeId', record)).toBe('Round');
    expect(stoneCellText('status', record)).toBe('On memo');
    expect(stoneCellText('carat', record)).toBe('1.20');
    expect(stoneCellText('marketingBack', record)).toBe('-30.00%');
    expect(stoneCellText('keyToSymbol', record)).toBe('Cloud, Feather');
    expect(stoneCellText('marketingIssueDate', record)).toBe('20 Nov 2026');
    expect(stoneCellText('isTypeIIa', record)).toBe('Yes');
    expect(stoneCellText('colorId', record)).toBe('—');
    expect(stoneCellText('amount', record)).toBe('—');
  });

  it('has the grid columns as header, a row per stone and the totals of those stones', () => {
    const list = printableList(
      'Stock',
      ['stockNumber', 'carat', 'amount'],
      [
        stone({ stockNumber: 'S-1', carat: 1, amount: 5000, marketingBack: -20 }),
        stone({ stockNumber: 'S-2', carat: 0.5, amount: 1000, marketingBack: -40 }),
      ],
    );
    expect(list.header).toEqual(['Stock #', 'Carat', 'Amount']);
    expect(list.rows).toEqual([
      ['S-1', '1.00', 'USD 5,000.00'],
      ['S-2', '0.50', 'USD 1,000.00'],
    ]);
    expect(list.numeric).toEqual([false, true, true]);
    expect(list.totals).toMatchObject({ stones: '2', carats: '1.50 ct', averageDiscount: '-30.00%' });
  });
});
