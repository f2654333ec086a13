import type { LayoutStone, ResourceRecord } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { stonesChanged, toLayoutStone, withStones } from './layout-stones.ts';

const record = (id: string, extra: Record<string, unknown> = {}): ResourceRecord => ({
  id,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdBy: null,
  updatedBy: null,
  stockNumber: `S-${id}`,
  status: 'A',
  carat: 1.01,
  ...extra,
});

describe('layout stones', () => {
  it('reads a stock record with its grade titles and prices', () => {
    const stone = toLayoutStone(
      record('1', {
        shapeTitle: 'Round',
        colorTitle: 'D',
        clarityTitle: 'VS1',
        rapPrice: '10000',
        marketingBack: -30,
        marketingPricePerCarat: 7000,
        amount: 7070,
      }),
      0,
    );
    expect(stone).toMatchObject({
      id: '1',
      stockNumber: 'S-1',
      shapeTitle: 'Round',
      colorTitle: 'D',
      carat: 1.01,
      rapPrice: 10_000,
      amount: 7070,
      cutTitle: null,
    });
  });

  it('shows the fancy colour where there is no colour grade', () => {
    expect(toLayoutStone(record('2', { fancyColorTitle: 'Yellow' }), 0).colorTitle).toBe('Yellow');
  });

  it('appends new stones only, and sees a change of stones or order', () => {
    const first = withStones([], [record('1'), record('2')]);
    const again = withStones(first, [record('2'), record('3')]);
    expect(again.map((stone) => stone.id)).toEqual(['1', '2', '3']);
    expect(stonesChanged(first, first)).toBe(false);
    expect(stonesChanged(first, again)).toBe(true);
    expect(stonesChanged(first, [...first].reverse() as LayoutStone[])).toBe(true);
  });
});
