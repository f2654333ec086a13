import type { ResourceRecord } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { criteriaText } from './master-criteria.ts';

const record = (id: string, extra: Record<string, unknown> = {}): ResourceRecord => ({
  id,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdBy: null,
  updatedBy: null,
  ...extra,
});

describe('layout master criteria', () => {
  it('reads as a trader writes them, leaving out what is not set', () => {
    expect(
      criteriaText(
        record('m', {
          shapeTitle: 'Round',
          colorFromTitle: 'D',
          colorToTitle: 'F',
          clarityFromTitle: 'VS1',
          clarityToTitle: 'VS1',
          sizeTitle: '1.00-1.49',
        }),
      ),
    ).toBe('Round · D-F · VS1 · 1.00-1.49');
    expect(criteriaText(record('m', { colorToTitle: 'H' }))).toBe('H');
    expect(criteriaText(record('m'))).toBeNull();
  });
});
