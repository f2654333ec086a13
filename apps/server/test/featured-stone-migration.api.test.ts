import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAvailable } from './harness.ts';
import { MIGRATIONS, migrationsBefore, openScratch, type Scratch } from './scratch-migrations.ts';

const STONE = {
  live: '00000000-0000-4000-8000-00000000a001',
  other: '00000000-0000-4000-8000-00000000a002',
  removed: '00000000-0000-4000-8000-00000000a003',
};
const FEATURED = (n: number) => `00000000-0000-4000-8000-00000000f00${n}`;

/**
 * Featured stones held a free stock number; the migration that makes them references to stones points
 * each at the live stone of that number and sets aside, unchanged, those that match none.
 */
describe.skipIf(!(await databaseAvailable()))('featured stones become references to stones', () => {
  let scratch: Scratch;
  let before: string;

  beforeAll(async () => {
    scratch = await openScratch();
    before = migrationsBefore('"featured_stones_unmatched"');
    await scratch.migrate(before);
    await scratch.exec(`
      insert into stones (id, stock_number, carat, status, deleted_at) values
        ('${STONE.live}', 'FD100001', 1.01, 'A', null),
        ('${STONE.other}', 'Fd100002', 0.7, 'A', null),
        ('${STONE.removed}', 'FD100003', 0.5, 'A', now());
      insert into featured_stones (id, stock_number, kind, from_date, to_date, sequence, is_active, deleted_at) values
        ('${FEATURED(1)}', 'FD100001', 'stone_of_day', '2026-05-01', '2026-05-02', 1, true, null),
        ('${FEATURED(2)}', ' fd100002 ', 'best', null, null, 2, false, null),
        ('${FEATURED(3)}', 'FD100003', 'pair', '2026-04-01', null, 3, true, null),
        ('${FEATURED(4)}', 'NOT-IN-STOCK', 'exclusive', null, '2026-09-30', 4, true, null),
        ('${FEATURED(5)}', 'FD100001', 'stone', null, null, 5, true, now());
    `);
    await scratch.migrate(MIGRATIONS);
  });
  afterAll(async () => {
    await scratch?.close();
    if (before) rmSync(before, { recursive: true, force: true });
  });

  it('points each featured stone at the live stone of its stock number, ignoring case and spaces', async () => {
    const rows = await scratch.query<{ id: string; stone_id: string; kind: string; deleted: boolean }>(`
      select id, stone_id, kind, deleted_at is not null as deleted from featured_stones order by sequence`);
    expect(rows).toEqual([
      { id: FEATURED(1), stone_id: STONE.live, kind: 'stone_of_day', deleted: false },
      { id: FEATURED(2), stone_id: STONE.other, kind: 'best', deleted: false },
      // A deleted featured stone keeps its history: it too points at its stone.
      { id: FEATURED(5), stone_id: STONE.live, kind: 'stone', deleted: true },
    ]);
    const columns = await scratch.query<{ column_name: string; is_nullable: string }>(`
      select column_name, is_nullable from information_schema.columns
      where table_name = 'featured_stones' and column_name in ('stock_number', 'stone_id')`);
    expect(columns).toEqual([{ column_name: 'stone_id', is_nullable: 'NO' }]);
  });

  it('sets aside, as they were, those whose stock number matches no live stone', async () => {
    const aside = await scratch.query<Record<string, unknown>>(`
      select id, stock_number, kind, from_date::text, to_date::text, sequence, is_active,
        set_aside_at is not null as dated
      from featured_stones_unmatched order by sequence`);
    expect(aside).toEqual([
      {
        id: FEATURED(3),
        stock_number: 'FD100003',
        kind: 'pair',
        from_date: '2026-04-01',
        to_date: null,
        sequence: 3,
        is_active: true,
        dated: true,
      },
      {
        id: FEATURED(4),
        stock_number: 'NOT-IN-STOCK',
        kind: 'exclusive',
        from_date: null,
        to_date: '2026-09-30',
        sequence: 4,
        is_active: true,
        dated: true,
      },
    ]);
  });
});
