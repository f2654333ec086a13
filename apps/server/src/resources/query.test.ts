import {
  bannerResource,
  contactUsResource,
  featuredStoneResource,
  feedbackResource,
  MAX_FILTER_CODES,
  MAX_FILTER_IDS,
  masterResource,
  RESOURCE_MESSAGES,
  stoneResource,
} from '@facet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/envelope.ts';
import { afterCursor, type ListRequest, orderBy, orderKeysOf, whereOf } from './query.ts';

const dialect = new PgDialect({ casing: 'snake_case' });

/** As the app's database renders it (db/client.ts): the statement text without identifier quotes (`masters.code`), and its parameters. */
function rendered(condition: SQL | undefined): { text: string; params: unknown[] } {
  if (!condition) throw new Error('no condition');
  const query = dialect.sqlToQuery(condition);
  return { text: query.sql.replaceAll('"', ''), params: query.params };
}

const where = (resource: Parameters<typeof whereOf>[0], request: ListRequest) =>
  rendered(whereOf(resource, request));

const order = (resource: Parameters<typeof orderKeysOf>[0], sort: ListRequest['sort']) =>
  rendered(sql.join(orderBy(orderKeysOf(resource, sort)), sql`, `)).text;

/** The refusal a call throws: its code, the field it names and the message a user reads. */
function refusal(run: () => unknown): { code: string; field: string | undefined; message: string } {
  try {
    run();
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { code: error.code, field: error.errors?.[0]?.field, message: error.message };
  }
  throw new Error('not refused');
}

const ID_A = '11111111-1111-4111-8111-111111111111';
const ID_B = '22222222-2222-4222-8222-222222222222';

describe('whereOf: live rows', () => {
  it('keeps only rows not deleted when nothing is asked', () => {
    expect(where(masterResource, {})).toEqual({ text: 'masters.deleted_at is null', params: [] });
  });

  it("adds the caller's scope beside the request's own filters", () => {
    const { text } = rendered(whereOf(contactUsResource, {}, sql`scope_marker`));
    expect(text).toBe('(contact_messages.deleted_at is null and scope_marker)');
  });
});

describe('whereOf: eq filters', () => {
  it('keeps rows equal to one value, and any of a list of values', () => {
    expect(where(masterResource, { filter: { code: 'SHAPE' } })).toEqual({
      text: '(masters.deleted_at is null and masters.code = $1)',
      params: ['SHAPE'],
    });
    const list = where(masterResource, { filter: { code: ['SHAPE', 'COLOR'] } });
    expect(list.text).toContain('masters.code in ($1, $2)');
    expect(list.params).toEqual(['COLOR', 'SHAPE']);
  });

  it('asks for an empty value with null, alone or beside values', () => {
    expect(where(masterResource, { filter: { parentId: null } }).text).toContain('masters.parent_id is null');
    const either = where(masterResource, { filter: { parentId: [ID_A, null] } });
    expect(either.text).toContain('(masters.parent_id is null or masters.parent_id = $1)');
    expect(either.params).toEqual([ID_A]);
  });

  it('makes the same query whatever the order of the filters and their values (one cached count)', () => {
    const one = where(masterResource, { filter: { isActive: true, code: ['B', 'A'] } });
    const other = where(masterResource, { filter: { code: ['A', 'B'], isActive: true } });
    expect(other).toEqual(one);
  });

  it("reads a value as the field's kind: booleans and numbers sent as text", () => {
    expect(where(contactUsResource, { filter: { isResolved: 'true' } }).params).toEqual([true]);
    expect(where(contactUsResource, { filter: { isResolved: 0 } }).params).toEqual([false]);
    expect(where(feedbackResource, { filter: { rating: { from: '4' } } }).params).toEqual([4]);
  });

  it("refuses a value the field's kind cannot hold, naming the filter", () => {
    expect(refusal(() => whereOf(contactUsResource, { filter: { type: 'complaint' } }))).toEqual({
      code: 'E_BAD_REQUEST',
      field: 'filter.type',
      message: RESOURCE_MESSAGES.invalidOption('Type'),
    });
    expect(refusal(() => whereOf(contactUsResource, { filter: { isResolved: 'yes' } })).field).toBe(
      'filter.isResolved',
    );
    expect(refusal(() => whereOf(masterResource, { filter: { parentId: 'not-an-id' } })).field).toBe(
      'filter.parentId',
    );
    expect(refusal(() => whereOf(feedbackResource, { filter: { rating: { from: 2.5 } } })).field).toBe(
      'filter.rating',
    );
  });

  it('refuses a key that is not a declared filter, even one naming a field', () => {
    expect(refusal(() => whereOf(masterResource, { filter: { password: 'x' } }))).toEqual({
      code: 'E_BAD_REQUEST',
      field: 'filter.password',
      message: 'Unknown filter.',
    });
    // `name` is a field, but not a filter.
    expect(refusal(() => whereOf(masterResource, { filter: { name: 'Round' } })).field).toBe('filter.name');
  });

  it('ignores a filter key given without a value', () => {
    expect(where(masterResource, { filter: { code: undefined } }).text).toBe('masters.deleted_at is null');
  });
});

describe('whereOf: list fields', () => {
  it('keeps rows whose list holds any of the values, or an empty list for null', () => {
    const any = where(stoneResource, { filter: { keyToSymbol: ['Needle', 'Cloud'] } });
    expect(any.text).toContain('stones.key_to_symbol && $1::text[]');
    expect(any.params).toEqual([['Cloud', 'Needle']]);
    const emptyOrAny = where(stoneResource, { filter: { keyToSymbol: [null, 'Cloud'] } });
    expect(emptyOrAny.text).toContain(
      '(cardinality(stones.key_to_symbol) = 0 or stones.key_to_symbol && $1::text[])',
    );
  });
});

describe('whereOf: range filters', () => {
  it('keeps rows from and to the bounds, both included', () => {
    expect(where(feedbackResource, { filter: { rating: { from: 2, to: 4 } } })).toEqual({
      text: '(feedback.deleted_at is null and (feedback.rating >= $1 and feedback.rating <= $2))',
      params: [2, 4],
    });
  });

  it('takes one bound alone', () => {
    const from = where(feedbackResource, { filter: { rating: { from: 3 } } });
    expect(from.text).toContain('feedback.rating >= $1');
    expect(from.text).not.toContain('<=');
    const to = where(feedbackResource, { filter: { rating: { to: 3 } } });
    expect(to.text).toContain('feedback.rating <= $1');
    expect(to.text).not.toContain('>=');
  });

  it('compares dates as days and instants as times', () => {
    const days = where(featuredStoneResource, {
      filter: { fromDate: { from: '2025-01-01', to: '2025-01-31' } },
    });
    expect(days.params).toEqual(['2025-01-01', '2025-01-31']);
    const instants = where(bannerResource, { filter: { fromDate: { from: '2025-01-01T00:00:00Z' } } });
    expect(instants.params).toEqual(['2025-01-01T00:00:00.000Z']);
    // A day of a date-and-time filter is the whole day on the reader's clock: from its midnight to the next.
    const readerDay = where(bannerResource, {
      filter: { toDate: { from: '2025-01-01', to: '2025-01-01' } },
      timeZone: 'America/Los_Angeles',
    });
    expect(readerDay.params).toEqual(['2025-01-01T08:00:00.000Z', '2025-01-02T08:00:00.000Z']);
  });

  it('refuses a range whose start is after its end, and a bound that is not a date', () => {
    expect(refusal(() => whereOf(feedbackResource, { filter: { rating: { from: 5, to: 1 } } }))).toEqual({
      code: 'E_BAD_REQUEST',
      field: 'filter.rating',
      message: RESOURCE_MESSAGES.rangeOrder,
    });
    expect(
      refusal(() =>
        whereOf(featuredStoneResource, { filter: { fromDate: { from: '2025-02-01', to: '2025-01-01' } } }),
      ).message,
    ).toBe(RESOURCE_MESSAGES.rangeOrder);
    expect(
      refusal(() => whereOf(featuredStoneResource, { filter: { fromDate: { from: '31/01/2025' } } })).field,
    ).toBe('filter.fromDate');
  });

  it('keeps a range of one value (from equal to to)', () => {
    expect(where(feedbackResource, { filter: { rating: { from: 3, to: 3 } } }).params).toEqual([3, 3]);
  });
});

describe('whereOf: free-text search', () => {
  it('matches the text case-insensitively in every searched field, and only those', () => {
    const { text, params } = where(contactUsResource, { search: 'acme' });
    for (const column of ['name', 'company_name', 'email', 'phone', 'subject']) {
      expect(text).toContain(`contact_messages.${column} ilike`);
    }
    expect(text).not.toContain('contact_messages.message');
    expect(params).toEqual(Array(5).fill('%acme%'));
  });

  it('matches wildcard characters literally', () => {
    expect(where(feedbackResource, { search: '50%_off' }).params[0]).toBe('%50\\%\\_off%');
  });

  it('searches inside a list field element by element', () => {
    expect(where(masterResource, { search: 'rbc' }).text).toContain(
      'exists (select 1 from unnest(masters.aliases) as e(value) where e.value ilike $3)',
    );
  });

  it('adds no condition for an empty search', () => {
    expect(where(masterResource, { search: '' }).text).toBe('masters.deleted_at is null');
  });
});

describe('whereOf: code filters', () => {
  it('matches any code in any of the filter fields, ignoring case', () => {
    const { text, params } = where(stoneResource, { filter: { stoneId: ['AB12', 'cd34'] } });
    expect(text).toContain(
      '(lower(stones.stock_number) = any($1::text[]) or lower(stones.certificate_number) = any($2::text[]))',
    );
    expect(params).toEqual([
      ['ab12', 'cd34'],
      ['ab12', 'cd34'],
    ]);
  });

  it('splits a pasted text at commas, spaces and lines, once per code', () => {
    const { params } = where(stoneResource, { filter: { stoneId: 'AB12, cd34\nab12\tEF56;gh78  ' } });
    expect(params[0]).toEqual(['ab12', 'cd34', 'ef56', 'gh78']);
  });

  it('adds no condition for a paste holding no code', () => {
    expect(where(stoneResource, { filter: { stoneId: ' ,\n ' } }).text).toBe('stones.deleted_at is null');
  });

  it(`takes up to ${MAX_FILTER_CODES} codes and refuses more`, () => {
    const codes = (count: number) => Array.from({ length: count }, (_, index) => `S${index}`);
    expect(where(stoneResource, { filter: { stoneId: codes(MAX_FILTER_CODES) } }).params[0]).toHaveLength(
      MAX_FILTER_CODES,
    );
    expect(
      refusal(() => whereOf(stoneResource, { filter: { stoneId: codes(MAX_FILTER_CODES + 1) } })),
    ).toEqual({
      code: 'E_BAD_REQUEST',
      field: 'filter.stoneId',
      message: `At most ${MAX_FILTER_CODES} codes at once.`,
    });
  });

  it('counts codes after folding case and repeats, so a paste of repeats is not refused', () => {
    const repeats = Array.from({ length: MAX_FILTER_CODES + 1 }, (_, index) => (index % 2 ? 'ab' : 'AB'));
    expect(where(stoneResource, { filter: { stoneId: repeats } }).params[0]).toEqual(['ab']);
  });

  it('is unknown on a resource that does not declare it', () => {
    expect(refusal(() => whereOf(masterResource, { filter: { stoneId: 'AB12' } })).message).toBe(
      'Unknown filter.',
    );
  });
});

describe('whereOf: id filter', () => {
  it('keeps the selected rows, each id once', () => {
    expect(where(stoneResource, { filter: { id: [ID_B, ID_A, ID_B] } })).toEqual({
      text: '(stones.deleted_at is null and stones.id = any($1::uuid[]))',
      params: [[ID_A, ID_B]],
    });
  });

  it(`refuses an empty selection, a malformed id and more than ${MAX_FILTER_IDS} ids`, () => {
    const refused = {
      code: 'E_BAD_REQUEST',
      field: 'filter.id',
      message: `Give 1 to ${MAX_FILTER_IDS} record ids.`,
    };
    expect(refusal(() => whereOf(stoneResource, { filter: { id: [] } }))).toEqual(refused);
    expect(refusal(() => whereOf(stoneResource, { filter: { id: [ID_A, 'x'] } }))).toEqual(refused);
    expect(
      refusal(() => whereOf(stoneResource, { filter: { id: Array(MAX_FILTER_IDS + 1).fill(ID_A) } })),
    ).toEqual(refused);
  });

  it('is unknown on a resource without the id filter', () => {
    expect(refusal(() => whereOf(masterResource, { filter: { id: [ID_A] } })).message).toBe(
      'Unknown filter.',
    );
  });
});

describe('orderKeysOf: sort', () => {
  it('sorts by the declared default, then by id so that pages never overlap', () => {
    expect(order(contactUsResource, undefined)).toBe(
      'contact_messages.created_at desc, contact_messages.id asc',
    );
  });

  it('sorts by the asked keys in the asked order, either case of direction, instead of the default', () => {
    expect(order(masterResource, { code: 'DESC', name: 'asc' })).toBe(
      'masters.code desc, masters.name asc, masters.id asc',
    );
  });

  it('falls back to the default when every asked key is left without a direction', () => {
    expect(order(contactUsResource, { name: undefined })).toBe(order(contactUsResource, undefined));
  });

  it('puts the empty values of an optional field last, in both directions', () => {
    expect(order(masterResource, { sequence: 'asc' })).toBe(
      '(masters.sequence is null) asc, masters.sequence asc, masters.id asc',
    );
    expect(order(masterResource, { sequence: 'desc' })).toBe(
      '(masters.sequence is null) asc, masters.sequence desc, masters.id asc',
    );
  });

  it('sorts by the creation and update times, never empty', () => {
    expect(order(masterResource, { updatedAt: 'desc' })).toBe('masters.updated_at desc, masters.id asc');
  });

  it('fails, rather than sorting, on a key that is no column (the paginate schema refuses it first)', () => {
    expect(() => orderKeysOf(masterResource, { password: 'asc' })).toThrow('column password missing');
  });
});

describe('afterCursor: the next export batch', () => {
  const keys = orderKeysOf(masterResource, { sequence: 'desc' });

  /** The conditions without their grouping parentheses: which comparisons, joined how. */
  const bare = (condition: SQL | undefined) => rendered(condition).text.replace(/[()]/g, '');

  it('starts strictly after the last row in the order of the keys', () => {
    expect(bare(afterCursor(keys, ['false', '5', ID_A]))).toBe(
      'masters.sequence is null > cast$1 as boolean' +
        ' or masters.sequence is null = cast$2 as boolean and masters.sequence < cast$3 as integer' +
        ' or masters.sequence is null = cast$4 as boolean and masters.sequence = cast$5 as integer and masters.id > cast$6 as uuid',
    );
    expect(rendered(afterCursor(keys, ['false', '5', ID_A])).params).toEqual([
      'false',
      'false',
      '5',
      'false',
      '5',
      ID_A,
    ]);
  });

  it('after a row with an empty value, goes on through the other empty rows only', () => {
    expect(bare(afterCursor(keys, ['true', null, ID_A]))).toBe(
      'masters.sequence is null > cast$1 as boolean' +
        ' or masters.sequence is null = cast$2 as boolean and masters.sequence is null and masters.id > cast$3 as uuid',
    );
  });
});
