import { describe, expect, it } from 'vitest';
import { readListParams, toPaginateBody, writeListParams } from './list-params.ts';

const defaults = { limit: 50, sort: { key: 'name', direction: 'asc' as const } };
const spec = { days: 'numberRange', on: 'dateRange', isActive: 'boolean', code: 'string' } as const;

describe('list params', () => {
  it('reads and writes ranges as from~to', () => {
    const params = readListParams(
      new URLSearchParams('days=10~&on=2024-01-01~2024-02-01'),
      spec,
      ['name'],
      defaults,
    );
    expect(params.filter).toEqual({ days: { from: 10 }, on: { from: '2024-01-01', to: '2024-02-01' } });
    expect(writeListParams(params, defaults).toString()).toBe('days=10%7E&on=2024-01-01%7E2024-02-01');
  });

  it('drops malformed ranges', () => {
    const params = readListParams(new URLSearchParams('days=a~b&on=yesterday~&code=X'), spec, [], defaults);
    expect(params.filter).toEqual({ code: 'X' });
  });

  it('puts the fixed filter over the URL filter', () => {
    const params = readListParams(new URLSearchParams('isActive=true'), spec, ['name'], defaults);
    expect(toPaginateBody(params, { parentId: null })).toEqual({
      page: 1,
      limit: 50,
      filter: { isActive: true, parentId: null },
      sort: { name: 'asc' },
    });
  });
});
