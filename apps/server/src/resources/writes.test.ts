import { bannerResource, masterResource } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { HttpError } from '../http/envelope.ts';
import type { Actor } from './audit-log.ts';
import { saveSequence } from './bulk-sequence.ts';
import { fieldValues } from './writes.ts';

const ID_A = '11111111-1111-4111-8111-111111111111';

describe('fieldValues: a record as the trail keeps it', () => {
  it('keeps the declared fields only, an absent one as empty, dates as ISO strings', () => {
    const updatedAt = new Date('2025-03-01T10:00:00.000Z');
    const values = fieldValues(masterResource, {
      id: ID_A,
      name: 'Round',
      code: 'RD',
      aliases: ['RB', 'RBC'],
      createdBy: ID_A,
      deletedAt: updatedAt,
      updatedAt,
    });
    expect(Object.keys(values).sort()).toEqual(Object.keys(masterResource.fields).sort());
    expect(values).toMatchObject({ name: 'Round', code: 'RD', aliases: ['RB', 'RBC'], parentId: null });
    expect(values).not.toHaveProperty('deletedAt');
  });

  it('writes a declared time field as its ISO text', () => {
    const at = new Date('2025-03-01T10:00:00.000Z');
    expect(fieldValues(bannerResource, { fromDate: at }).fromDate).toBe(at.toISOString());
  });
});

/**
 * saveSequence refuses a bad list before it opens a transaction: the database given is never reached
 * (what it checks against stored rows is covered by the API suites).
 */
describe('saveSequence: refusals before any query', () => {
  const unreached = {} as Db;
  const actor = {} as Actor;

  it('refuses a list naming a record twice, on the list', async () => {
    const refusal = saveSequence(unreached, actor, masterResource, [
      { id: ID_A, sequence: 1 },
      { id: ID_A, sequence: 2 },
    ]);
    await expect(refusal).rejects.toBeInstanceOf(HttpError);
    await expect(refusal).rejects.toMatchObject({
      code: 'E_BAD_REQUEST',
      errors: [{ field: 'list', message: 'Each record may appear once.' }],
    });
  });

  it('is a programming error on a resource without a sequence', async () => {
    const noSequence = { ...masterResource, sequenceField: undefined };
    await expect(saveSequence(unreached, actor, noSequence, [{ id: ID_A, sequence: 1 }])).rejects.toThrow(
      'master has no sequence field',
    );
  });
});
