import { accountResource, createSchemaOf, dayTermResource, masterResource } from '@facet/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { fileNameOf } from '../api/download.ts';
import {
  formFieldsOf,
  missingRequired,
  toFormValues,
  toPayload,
  toPayloadValue,
} from './resource-form-values.ts';

describe('resource form values', () => {
  it('starts a new record from the declared defaults', () => {
    const values = toFormValues(masterResource, null);
    expect(values).toMatchObject({ sequence: 0, isActive: true, isDefault: false, aliases: [] });
  });

  it('builds a payload the contract accepts, with the pinned values', () => {
    const values = { ...toFormValues(masterResource, null), name: 'Round', code: 'RD', description: ' ' };
    const payload = toPayload(masterResource, values, { parentId: null });
    expect(payload).toMatchObject({ name: 'Round', parentId: null, description: null });
    expect(createSchemaOf(masterResource).safeParse(payload).success).toBe(true);
  });

  it('converts dates, JSON and numbers from the inputs', () => {
    expect(toPayloadValue({ kind: 'date', label: 'On' }, dayjs('2024-03-05T10:00:00'))).toBe('2024-03-05');
    expect(toPayloadValue({ kind: 'json', label: 'Data' }, '{"a":1}')).toEqual({ a: 1 });
    expect(toPayloadValue({ kind: 'json', label: 'Data' }, '{oops')).toBeUndefined();
    expect(
      toFormValues(dayTermResource, {
        id: 'x',
        createdAt: '',
        updatedAt: '',
        createdBy: null,
        updatedBy: null,
        creditLimit: '12.50',
      }).creditLimit,
    ).toBe(12.5);
  });

  it("leaves out a flag turned on the record's own screen: a company's approval is never a form switch", () => {
    const keys = formFieldsOf(accountResource, new Set()).map(([key]) => key);
    expect(keys).toContain('isVerified');
    expect(keys).not.toContain('isApproved');
    const values = { ...toFormValues(accountResource, null), name: 'Acme', code: 'ACME', isApproved: true };
    expect(toPayload(accountResource, values, {})).not.toHaveProperty('isApproved');
  });

  it('treats an empty required field as missing, whatever its kind', () => {
    expect(missingRequired({ kind: 'text', label: 'Name', required: true }, '  ')).toBe(true);
    expect(missingRequired({ kind: 'integer', label: 'Days', required: true }, null)).toBe(true);
    expect(missingRequired({ kind: 'boolean', label: 'Active', required: true }, false)).toBe(false);
  });

  it('reads the download name from Content-Disposition', () => {
    expect(fileNameOf('attachment; filename="country.csv"', 'x')).toBe('country.csv');
    expect(fileNameOf("attachment; filename*=UTF-8''pa%C3%ADs.xlsx", 'x')).toBe('país.xlsx');
    expect(fileNameOf(null, 'fallback.csv')).toBe('fallback.csv');
  });
});
