import { masterResource } from '@facet/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { masters } from '../../db/resource-tables.ts';
import { columnOf } from '../../resources/columns.ts';
import { codeOf } from '../reference-data.ts';
import { createDemoRecord, type DemoContext } from './context.ts';

/**
 * Values of the customer and billing masters, which the first start leaves empty ("the business's
 * own, entered in the panel"): what a trading house would enter.
 */
const DEMO_MASTER_VALUES: Record<string, readonly string[]> = {
  BUSINESS_TYPE: ['Jeweller', 'Wholesaler', 'Retailer', 'Manufacturer', 'Broker', 'Polished dealer'],
  NATURE_OF_ORG: [
    'Sole proprietorship',
    'Partnership',
    'Private limited company',
    'Public limited company',
    'LLC',
  ],
  COMPANY_SIZE: [
    '1-10 employees',
    '11-50 employees',
    '51-200 employees',
    '201-1000 employees',
    '1000+ employees',
  ],
  DOC_TYPE_PERSONAL: ['Passport', 'National identity card', 'Driving licence', 'Proof of address'],
  DOC_TYPE_BUSINESS: [
    'Certificate of incorporation',
    'Trade licence',
    'Tax registration certificate',
    'Bank reference letter',
    'KP membership certificate',
  ],
  BILL_TYPE: ['Invoice', 'Memo', 'Consignment', 'Proforma invoice'],
};

/** Master code → its values' names and ids, in order. */
export type MasterValues = Map<string, { id: string; name: string }[]>;

/** Adds the values a master lacks (a value already entered, by name, is kept and used). */
export async function seedMasterValues(ctx: DemoContext): Promise<MasterValues> {
  const values: MasterValues = new Map();
  for (const [code, names] of Object.entries(DEMO_MASTER_VALUES)) {
    const [main] = await ctx.db
      .select({ id: columnOf(masters, 'id') })
      .from(masters)
      .where(
        and(
          eq(columnOf(masters, 'code'), code),
          isNull(columnOf(masters, 'parentId')),
          isNull(columnOf(masters, 'deletedAt')),
        ),
      );
    if (!main) throw new Error(`master ${code} is not seeded: run the reference data first`);
    const parentId = main.id as string;
    const existing = await ctx.db
      .select({ id: columnOf(masters, 'id'), name: columnOf(masters, 'name') })
      .from(masters)
      .where(and(eq(columnOf(masters, 'parentId'), parentId), isNull(columnOf(masters, 'deletedAt'))))
      .orderBy(asc(columnOf(masters, 'sequence')), asc(sql`lower(${columnOf(masters, 'name')})`));
    const list = existing.map((row) => ({ id: row.id as string, name: row.name as string }));
    for (const [index, name] of names.entries()) {
      const found = list.find((value) => value.name.toLowerCase() === name.toLowerCase());
      if (found) continue;
      const id = await createDemoRecord(
        ctx,
        masterResource,
        { name, code: codeOf(name), parentId, sequence: existing.length + index + 1 },
        { label: 'Master values' },
      );
      list.push({ id, name });
    }
    values.set(code, list);
  }
  return values;
}

export function valuesOf(values: MasterValues, code: string): { id: string; name: string }[] {
  const list = values.get(code);
  if (!list?.length) throw new Error(`master ${code} has no values`);
  return list;
}

/** The ids of the values of the trade's masters (SHAPE, COLOR, ...), by master code and value name. */
export async function stockMasterValues(ctx: DemoContext): Promise<Map<string, Map<string, string>>> {
  const parent = alias(masters, 'parent');
  const rows = await ctx.db
    .select({ code: columnOf(parent, 'code'), name: columnOf(masters, 'name'), id: columnOf(masters, 'id') })
    .from(masters)
    .innerJoin(parent, eq(columnOf(parent, 'id'), columnOf(masters, 'parentId')))
    .where(and(isNull(columnOf(masters, 'deletedAt')), isNull(columnOf(parent, 'parentId'))))
    .orderBy(asc(columnOf(masters, 'sequence')), asc(columnOf(masters, 'createdAt')));
  const byCode = new Map<string, Map<string, string>>();
  for (const row of rows) {
    const values = byCode.get(row.code as string) ?? new Map<string, string>();
    // The first value of a name wins, so a duplicate entered later does not change the demo.
    if (!values.has(row.name as string)) values.set(row.name as string, row.id as string);
    byCode.set(row.code as string, values);
  }
  return byCode;
}
