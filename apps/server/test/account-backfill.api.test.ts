import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAvailable } from './harness.ts';
import { MIGRATIONS, migrationsBefore, openScratch, type Scratch } from './scratch-migrations.ts';

interface MigratedAccount {
  code: string;
  business_type: string | null;
  nature: string | null;
  company_size: string | null;
  sales_person: string | null;
}

/**
 * The migration from text to references keeps what was typed: on a database holding companies in the
 * old shape, each text ends up pointing at the master value (or staff user) of that name.
 */
describe.skipIf(!(await databaseAvailable()))('company texts become references', () => {
  let scratch: Scratch;
  let before: string;

  beforeAll(async () => {
    scratch = await openScratch();
    // The migration that turned the texts into ids is the one adding accounts.business_type_id.
    before = migrationsBefore('"business_type_id" uuid');
    await scratch.migrate(before);
    await scratch.exec(`
      insert into masters (id, name, code, sequence) values
        ('00000000-0000-4000-8000-0000000000b1', 'Business type', 'BUSINESS_TYPE', 1),
        ('00000000-0000-4000-8000-0000000000c1', 'Company size', 'COMPANY_SIZE', 2),
        ('00000000-0000-4000-8000-0000000000d1', 'Shape', 'SHAPE', 3);
      insert into masters (id, name, code, parent_id, sequence) values
        ('00000000-0000-4000-8000-0000000000b2', 'Retailer', 'RETAILER', '00000000-0000-4000-8000-0000000000b1', 1),
        ('00000000-0000-4000-8000-0000000000c2', 'Large', 'LARGE', '00000000-0000-4000-8000-0000000000c1', 1),
        ('00000000-0000-4000-8000-0000000000d2', 'Retailer', 'RETAILER', '00000000-0000-4000-8000-0000000000d1', 1);
      insert into users (id, type, name, username, username_lower, password_hash) values
        ('00000000-0000-4000-8000-0000000000e1', 2, 'Asha Rao', 'asha', 'asha', 'x'),
        ('00000000-0000-4000-8000-0000000000e2', 3, 'Vik Shah', 'vik', 'vik', 'x');
      insert into accounts (name, code, business_type, nature_of_organisation, company_size, sales_person) values
        ('Old one', 'OLD1', ' retailer ', 'Partnership', 'LARGE', 'asha rao'),
        ('Old two', 'OLD2', 'Wholesaler', 'partnership', null, 'Vik Shah'),
        ('Old three', 'OLD3', '', null, 'Small', 'Nobody');
    `);
    await scratch.migrate(MIGRATIONS);
  });
  afterAll(async () => {
    await scratch?.close();
    if (before) rmSync(before, { recursive: true, force: true });
  });

  it('points each company at the value or user named by its old text', async () => {
    const rows = await scratch.query<MigratedAccount>(`
      select a.code, bt.name || '/' || btp.code as business_type, n.name || '/' || np.code as nature,
        cs.name || '/' || csp.code as company_size, u.name as sales_person
      from accounts a
      left join masters bt on bt.id = a.business_type_id left join masters btp on btp.id = bt.parent_id
      left join masters n on n.id = a.nature_of_organisation_id left join masters np on np.id = n.parent_id
      left join masters cs on cs.id = a.company_size_id left join masters csp on csp.id = cs.parent_id
      left join users u on u.id = a.sales_person_id
      order by a.code`);
    expect(rows).toEqual([
      {
        code: 'OLD1',
        business_type: 'Retailer/BUSINESS_TYPE',
        nature: 'Partnership/NATURE_OF_ORG',
        company_size: 'Large/COMPANY_SIZE',
        sales_person: 'Asha Rao',
      },
      // A customer is no sales person; a text no value had became one, spelled as in the oldest company.
      {
        code: 'OLD2',
        business_type: 'Wholesaler/BUSINESS_TYPE',
        nature: 'Partnership/NATURE_OF_ORG',
        company_size: null,
        sales_person: null,
      },
      {
        code: 'OLD3',
        business_type: null,
        nature: null,
        company_size: 'Small/COMPANY_SIZE',
        sales_person: null,
      },
    ]);
  });

  it('adds the missing values (and a missing main master) once, and drops the text columns', async () => {
    const values = await scratch.query<{ main: string; name: string; code: string }>(`
      select p.code as main, v.name, v.code from masters v join masters p on p.id = v.parent_id
      where p.code in ('BUSINESS_TYPE', 'NATURE_OF_ORG', 'COMPANY_SIZE') order by p.code, v.sequence`);
    expect(values).toEqual([
      { main: 'BUSINESS_TYPE', name: 'Retailer', code: 'RETAILER' },
      { main: 'BUSINESS_TYPE', name: 'Wholesaler', code: 'WHOLESALER' },
      { main: 'COMPANY_SIZE', name: 'Large', code: 'LARGE' },
      { main: 'COMPANY_SIZE', name: 'Small', code: 'SMALL' },
      { main: 'NATURE_OF_ORG', name: 'Partnership', code: 'PARTNERSHIP' },
    ]);
    const columns = await scratch.query<{ column_name: string }>(`
      select column_name from information_schema.columns
      where table_name = 'accounts' and column_name in ('business_type', 'nature_of_organisation', 'company_size', 'sales_person')`);
    expect(columns).toEqual([]);
  });
});
