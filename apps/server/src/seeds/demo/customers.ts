import { type CustomerAction, USER_TYPES } from '@facet/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { users } from '../../access/user-table.ts';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/resource-tables.ts';
import { columnOf } from '../../resources/columns.ts';
import type { Company } from './companies.ts';
import { type DemoContext, demoInstant } from './context.ts';
import { emailOf, type Identities, personOf, phoneOf } from './people.ts';
import { hubByKey } from './places.ts';
import { createDemoRole, createDemoUser, type Grants } from './users.ts';

const VIEW: readonly CustomerAction[] = ['view'];
const KEEP: readonly CustomerAction[] = ['view', 'insert', 'update', 'delete'];
const REPORT: readonly CustomerAction[] = ['view', 'downloadExcel', 'mailExcel', 'printPDF'];

/** A buyer searches, keeps lists, makes offers and orders, and books viewings. */
const BUYER: Grants = {
  scope: 'customer',
  modules: [
    ['dashboard', VIEW],
    ['searchDiamond', VIEW],
    ['quickSearch', VIEW],
    ['searchResult', REPORT],
    ['compare', VIEW],
    ['savedSearch', KEEP],
    ['recentSearch', VIEW],
    ['demand', KEEP],
    ['matchPair', VIEW],
    ['newArrival', VIEW],
    ['upcoming', VIEW],
    ['stoneOfTheDay', VIEW],
    ['exclusive', VIEW],
    ['bestBuy', VIEW],
    ['featuredStone', VIEW],
    ['cart', KEEP],
    ['watchlist', KEEP],
    ['reminder', KEEP],
    ['enquiry', KEEP],
    ['comment', KEEP],
    ['offer', KEEP],
    ['hold', ['view', 'insert']],
    ['order', ['view', 'insert', 'printPDF']],
    ['shipment', VIEW],
    ['invoice', REPORT],
    ['appointment', KEEP],
    ['parcel', VIEW],
    ['parcelOrder', ['view', 'insert']],
    ['show', VIEW],
    ['notification', ['view', 'update']],
    ['myAccount', ['view', 'update']],
    ['companyProfile', VIEW],
  ],
};

/** The company's own administrator adds its colleagues and keeps the company profile. */
const COMPANY_ADMIN: Grants = {
  scope: 'customer',
  modules: [
    ...BUYER.modules.filter(([module]) => module !== 'companyProfile'),
    ['companyProfile', ['view', 'update']],
    ['subUser', KEEP],
    ['memo', ['view', 'insert']],
  ] as Extract<Grants, { scope: 'customer' }>['modules'],
};

/** A guest looks around: stock, featured stones and shows, nothing to buy. */
const GUEST_VIEWER: Grants = {
  scope: 'customer',
  modules: [
    ['dashboard', VIEW],
    ['searchDiamond', VIEW],
    ['quickSearch', VIEW],
    ['searchResult', VIEW],
    ['newArrival', VIEW],
    ['featuredStone', VIEW],
    ['show', VIEW],
    ['myAccount', VIEW],
  ],
};

const DESIGNATIONS = ['Director', 'Partner', 'Owner', 'Purchase manager', 'Buyer', 'Accounts', 'Gemologist'];

export interface Customer {
  name: string;
  username: string;
  company: Company | null;
  hubKey: string;
}

/** Each company gets one to three users; the first administers the company's own users. */
export async function seedCustomers(
  ctx: DemoContext,
  identities: Identities,
  companies: readonly Company[],
): Promise<Customer[]> {
  const companyAdmin = await createDemoRole(
    ctx,
    'Company admin',
    "Buys, and manages the company's own users and profile.",
    COMPANY_ADMIN,
  );
  const buyer = await createDemoRole(ctx, 'Buyer', 'Searches, offers, orders and books viewings.', BUYER);
  const customers: Customer[] = [];
  for (const company of companies) {
    const count = ctx.faker.helpers.weightedArrayElement([
      { weight: 3, value: 1 },
      { weight: 4, value: 2 },
      { weight: 2, value: 3 },
    ]);
    for (let index = 0; index < count; index += 1) {
      const person = personOf(ctx.faker, company.hub);
      const username = identities.username(person);
      const first = index === 0;
      // Users of a company that is not active, and the odd one who left, cannot sign in.
      const isActive = company.isActive && ctx.faker.number.float() < 0.95;
      await createDemoUser(ctx, {
        type: USER_TYPES.CUSTOMER,
        name: person.full,
        username,
        email: emailOf(username, company.domain),
        phones: [phoneOf(ctx.faker, company.hub)],
        roleId: first ? companyAdmin : buyer,
        accountId: company.id,
        designation: first
          ? ctx.faker.helpers.arrayElement(DESIGNATIONS.slice(0, 3))
          : ctx.faker.helpers.arrayElement(DESIGNATIONS.slice(3)),
        isActive,
        note: `${first ? 'Company admin' : 'Buyer'} at ${company.name}`,
        label: 'Customer users',
      });
      customers.push({ name: person.full, username, company, hubKey: company.hub.key });
    }
  }
  return customers;
}

const GUESTS = [
  { hub: 'new-york', days: 800, company: false },
  { hub: 'hong-kong', days: 760, company: true },
  { hub: 'dubai', days: 900, company: false },
  { hub: 'london', days: 720, company: true },
  { hub: 'singapore', days: 820, company: false },
  // One whose visit is over: guests past their expiry cannot sign in.
  { hub: 'geneva', days: -15, company: false },
] as const;
const PERMANENT_GUESTS = ['antwerp', 'mumbai', 'ramat-gan'] as const;

/** Visitors: guests until an expiry date, and permanent guests (trade press, auditors, partners). */
export async function seedGuests(
  ctx: DemoContext,
  identities: Identities,
  companies: readonly Company[],
): Promise<Customer[]> {
  const viewer = await createDemoRole(
    ctx,
    'Guest viewer',
    'Looks at stock, featured stones and shows.',
    GUEST_VIEWER,
  );
  const guests: Customer[] = [];
  for (const guest of GUESTS) {
    const hub = hubByKey(guest.hub);
    const person = personOf(ctx.faker, hub);
    const username = identities.username(person);
    const company = guest.company
      ? (companies.find((one) => one.hub.key === hub.key && one.isActive) ?? null)
      : null;
    const expiresAt = demoInstant(guest.days, 18);
    await createDemoUser(ctx, {
      type: USER_TYPES.GUEST,
      name: person.full,
      username,
      email: emailOf(username, company?.domain ?? 'mail'),
      phones: [phoneOf(ctx.faker, hub)],
      roleId: viewer,
      accountId: company?.id ?? null,
      designation: 'Visitor',
      expiresAt,
      note: `guest until ${expiresAt.toISOString().slice(0, 10)}${company ? `, from ${company.name}` : ''}`,
      label: 'Guests',
    });
    guests.push({ name: person.full, username, company, hubKey: hub.key });
  }
  for (const key of PERMANENT_GUESTS) {
    const hub = hubByKey(key);
    const person = personOf(ctx.faker, hub);
    const username = identities.username(person);
    await createDemoUser(ctx, {
      type: USER_TYPES.PERMANENT_GUEST,
      name: person.full,
      username,
      email: emailOf(username, 'mail'),
      phones: [phoneOf(ctx.faker, hub)],
      roleId: viewer,
      designation: ctx.faker.helpers.arrayElement(['Trade journalist', 'Auditor', 'Insurance assessor']),
      note: 'permanent guest',
      label: 'Guests',
    });
    guests.push({ name: person.full, username, company: null, hubKey: hub.key });
  }
  return guests;
}

/** The demo customers who may act (active, of an approved company), by user name: who shops and books. */
export async function approvedBuyers(db: Db, customers: readonly Customer[]) {
  return db
    .select({ id: users.id, accountId: users.accountId })
    .from(users)
    .innerJoin(accounts, eq(columnOf(accounts, 'id'), users.accountId))
    .where(
      and(
        inArray(
          users.usernameLower,
          customers.map((customer) => customer.username.toLowerCase()),
        ),
        eq(users.isActive, true),
        eq(columnOf(accounts, 'isApproved'), true),
      ),
    )
    .orderBy(asc(users.usernameLower));
}
