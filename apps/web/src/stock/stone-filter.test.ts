import { stoneResource } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { readListParams, writeListParams } from '../platform/lists/list-params.ts';
import {
  ALL_GRADES,
  ALL_RANGES,
  clickGrade,
  DIAMETER_KEY,
  filterKey,
  KEY_TO_SYMBOL,
  MAX_STONE_NUMBERS,
  parseStoneNumbers,
  SHOW_KEY,
  SHOW_SERIAL_KEY,
  STATUS_KEY,
  STONE_FILTER_SPEC,
  STONE_ID_KEY,
  stoneSearchBody,
} from './stone-filter.ts';
import { STONE_FIELD_GROUPS, STONE_MEDIA_KEYS, safeMediaUrl } from './stone-groups.ts';

const defaults = { limit: 100, sort: { key: 'stockNumber', direction: 'asc' as const } };
const read = (query: string) =>
  readListParams(new URLSearchParams(query), STONE_FILTER_SPEC, ['stockNumber', 'carat'], defaults);
const TODAY = new Date(2026, 10, 22, 15, 30);

describe('stone search filter in the URL', () => {
  it('round-trips grades, ranges, pasted numbers and New Arrivals', () => {
    const params = read(
      'shapeId=r1&colorId=d&colorId=e&carat=1~1.5&marketingBack=~-20&stoneId=S1,S2&newArrivals=7&sort=carat:desc&limit=500',
    );
    expect(params.filter).toEqual({
      shapeId: ['r1'],
      colorId: ['d', 'e'],
      carat: { from: 1, to: 1.5 },
      marketingBack: { to: -20 },
      stoneId: 'S1,S2',
      newArrivals: 7,
    });
    expect(params.sort).toEqual({ key: 'carat', direction: 'desc' });
    expect(params.limit).toBe(500);
    const again = read(writeListParams(params, defaults).toString());
    expect(again).toEqual(params);
  });

  it('keys a filter the same however it was put together', () => {
    expect(filterKey({ carat: { to: 2, from: 1 }, colorId: ['d'] })).toBe(
      filterKey(read('colorId=d&carat=1~2').filter),
    );
    expect(filterKey({ carat: { from: 1 } })).not.toBe(filterKey({ carat: { to: 1 } }));
  });

  it('drops keys that are not stone filters and malformed ranges', () => {
    expect(read('password=x&carat=big~&colorId=&sort=password:asc').filter).toEqual({});
    expect(read('sort=password:asc').sort).toEqual(defaults.sort);
  });

  it('builds the request body: numbers as a list, the diameter over both fields, New Arrivals as a date', () => {
    const body = stoneSearchBody(
      read(`colorId=d&stoneId=S1, s1;R-2&${DIAMETER_KEY}=6.4~6.6&newArrivals=7`),
      TODAY,
    );
    expect(body).toEqual({
      page: 1,
      limit: 100,
      filter: {
        colorId: ['d'],
        stoneId: ['S1', 'R-2'],
        diameterMin: { from: 6.4 },
        diameterMax: { to: 6.6 },
        marketingIssueDate: { from: '2026-11-15' },
      },
      sort: { stockNumber: 'asc' },
    });
    expect(stoneSearchBody(read('stoneId=,,'), TODAY)).toEqual({
      page: 1,
      limit: 100,
      sort: { stockNumber: 'asc' },
    });
  });

  it('offers only keys the stone declares as filters (and the diameter, over two of them)', () => {
    for (const grade of ALL_GRADES) {
      expect(stoneResource.fields[grade.key]?.masterCode, grade.key).toBe(grade.code);
      expect(stoneResource.fields[grade.key]?.filter, grade.key).toBe('eq');
    }
    for (const range of ALL_RANGES) {
      const keys = range.key === DIAMETER_KEY ? ['diameterMin', 'diameterMax'] : [range.key];
      for (const key of keys) expect(stoneResource.fields[key]?.filter, key).toBe('range');
    }
    for (const key of [KEY_TO_SYMBOL.key, STATUS_KEY, SHOW_KEY, SHOW_SERIAL_KEY]) {
      expect(stoneResource.fields[key]?.filter, key).toBe('eq');
    }
    expect(stoneResource.codeFilters?.[STONE_ID_KEY]).toBeDefined();
  });
});

describe('the paste box', () => {
  it('splits on commas, semicolons, spaces and new lines, and drops blanks and repeats', () => {
    expect(parseStoneNumbers('A-1, A-2\nA-3\tA-4;a-1  \r\n\n 7421903812 ')).toEqual([
      'A-1',
      'A-2',
      'A-3',
      'A-4',
      '7421903812',
    ]);
    expect(parseStoneNumbers('  \n , ')).toEqual([]);
  });

  it('takes at most the numbers one search accepts', () => {
    const many = Array.from({ length: MAX_STONE_NUMBERS + 5 }, (_, index) => `S${index}`).join('\n');
    expect(parseStoneNumbers(many)).toHaveLength(MAX_STONE_NUMBERS);
  });
});

describe('grade buttons', () => {
  const colours = ['D', 'E', 'F', 'G', 'H', 'I', 'J'];

  it('toggles one value and keeps the masters order', () => {
    expect(clickGrade(colours, ['F'], 'D', null, false)).toEqual(['D', 'F']);
    expect(clickGrade(colours, ['D', 'F'], 'D', 'D', false)).toEqual(['F']);
  });

  it('adds the run between the last click and a Shift-click, either way round', () => {
    expect(clickGrade(colours, ['D'], 'H', 'D', true)).toEqual(['D', 'E', 'F', 'G', 'H']);
    expect(clickGrade(colours, ['J'], 'G', 'J', true)).toEqual(['G', 'H', 'I', 'J']);
    // No anchor yet: a Shift-click is a plain click.
    expect(clickGrade(colours, [], 'E', null, true)).toEqual(['E']);
  });
});

describe('stone detail groups', () => {
  it('shows every field of the stone exactly once', () => {
    const shown = [...STONE_FIELD_GROUPS.flatMap((group) => group.keys), ...STONE_MEDIA_KEYS];
    expect(new Set(shown).size).toBe(shown.length);
    expect([...shown].sort()).toEqual(Object.keys(stoneResource.fields).sort());
  });

  it('links media only to web addresses and this server', () => {
    expect(safeMediaUrl('https://cdn.example.com/a.jpg')).toBe('https://cdn.example.com/a.jpg');
    expect(safeMediaUrl('/uploads/x.pdf')).toBe('/uploads/x.pdf');
    expect(safeMediaUrl('javascript:alert(1)')).toBeNull();
    expect(safeMediaUrl('//evil.example/x')).toBeNull();
    expect(safeMediaUrl('')).toBeNull();
  });
});
