import { USER_TYPES } from '@facet/contract';
import type { DemoContext } from './context.ts';
import { emailOf, type Identities, personOf, phoneOf } from './people.ts';
import { hubByKey } from './places.ts';
import { createDemoRole, createDemoUser, type Grants } from './users.ts';

const ALL = ['view', 'insert', 'update', 'delete'] as const;
const EDIT = ['view', 'insert', 'update'] as const;
const VIEW = ['view'] as const;

/** Sales people look after companies and their users, visitors and the customers' activity. */
const SALES: Grants = {
  scope: 'admin',
  modules: [
    ['Account', EDIT],
    ['User', EDIT],
    ['UserActive', ['update']],
    ['Guest', EDIT],
    ['Contact', ['view', 'update']],
    ['Suggestion', VIEW],
    ['Feedback', ['view', 'update']],
    ['Transport', ALL],
    ['Hospitality', ALL],
    ['Stock Master', VIEW],
    ['Parcel Order', EDIT],
    ['Cart', VIEW],
    ['Watchlist', VIEW],
    ['Reminder', VIEW],
    ['Enquiry', ['view', 'update']],
    // A sales person is told of their customers' offers, holds and demands, and answers them.
    ['Offer', ['view', 'update']],
    ['Hold', EDIT],
    ['Demand', VIEW],
    ['Comment', VIEW],
    ['Schedule', EDIT],
    ['Show', VIEW],
    ['Dashboard Stone', VIEW],
    ['Page Tracking', VIEW],
  ],
};

/** Stock keepers own the goods: stock, parcels, masters, showrooms and what the dashboard features. */
const STOCK_KEEPER: Grants = {
  scope: 'admin',
  modules: [
    ['Stock Master', ALL],
    ['UploadStock', EDIT],
    ['NonCert', ALL],
    ['CertLayout', EDIT],
    ['Parcel Master', ALL],
    ['Main Masters', VIEW],
    ['Sub Masters', EDIT],
    ['Size Masters', EDIT],
    ['Location', ['view', 'update']],
    ['Cabin', EDIT],
    ['Slot', EDIT],
    ['Dashboard Stone', ALL],
    ['Product Master', EDIT],
    ['Diamond Journey', EDIT],
  ],
};

/** Marketing runs the website's banners, shows, popups, products and the newsletter. */
const MARKETING: Grants = {
  scope: 'admin',
  modules: [
    ['Banner', ALL],
    ['Show', ALL],
    ['Popup', ALL],
    ['Product Master', EDIT],
    ['Subscribe', ['view', 'update']],
    ['Dashboard Stone', EDIT],
    ['Version', VIEW],
    ['Platform', VIEW],
    ['Page Tracking', VIEW],
    ['Search Summary', VIEW],
    ['Hit Counter', VIEW],
  ],
};

export interface Staff {
  /** Employees of the Sales role, by hub key, for the companies' sales person. */
  salesByHub: Map<string, string>;
  sales: string[];
  roles: { sales: string; stockKeeper: string; marketing: string };
}

const EMPLOYEES = [
  { hub: 'mumbai', role: 'sales', designation: 'Head of sales' },
  { hub: 'antwerp', role: 'sales', designation: 'Sales manager' },
  { hub: 'hong-kong', role: 'sales', designation: 'Sales manager' },
  { hub: 'new-york', role: 'sales', designation: 'Account executive' },
  { hub: 'dubai', role: 'sales', designation: 'Account executive' },
  { hub: 'ramat-gan', role: 'sales', designation: 'Account executive' },
  { hub: 'surat', role: 'stockKeeper', designation: 'Stock keeper' },
  { hub: 'antwerp', role: 'stockKeeper', designation: 'Senior grader' },
  { hub: 'london', role: 'marketing', designation: 'Marketing manager' },
  // Someone who left: an inactive account shows how leavers are kept for the trail.
  { hub: 'mumbai', role: 'sales', designation: 'Sales executive', inactive: true },
] as const;

export async function seedStaff(ctx: DemoContext, identities: Identities): Promise<Staff> {
  const roles = {
    sales: await createDemoRole(ctx, 'Sales', 'Companies, customers, visitors and their requests.', SALES),
    stockKeeper: await createDemoRole(
      ctx,
      'Stock keeper',
      'Stock, parcels, masters and showrooms.',
      STOCK_KEEPER,
    ),
    marketing: await createDemoRole(
      ctx,
      'Marketing',
      'Banners, shows, popups, products and subscribers.',
      MARKETING,
    ),
  };
  const salesByHub = new Map<string, string>();
  const sales: string[] = [];
  for (const employee of EMPLOYEES) {
    const hub = hubByKey(employee.hub);
    const person = personOf(ctx.faker, hub);
    const username = identities.username(person);
    const inactive = 'inactive' in employee && employee.inactive;
    const roleName = { sales: 'Sales', stockKeeper: 'Stock keeper', marketing: 'Marketing' }[employee.role];
    const id = await createDemoUser(ctx, {
      type: USER_TYPES.EMPLOYEE,
      name: person.full,
      username,
      email: emailOf(username, 'facet-diamonds'),
      phones: [phoneOf(ctx.faker, hub)],
      roleId: roles[employee.role],
      designation: `${employee.designation}, ${hub.label}`,
      isActive: !inactive,
      note: inactive ? `${roleName} role, deactivated (left)` : `${roleName} role, ${hub.label}`,
      label: 'Employees',
    });
    if (employee.role === 'sales' && !inactive) {
      sales.push(id);
      if (!salesByHub.has(hub.key)) salesByHub.set(hub.key, id);
    }
  }
  return { salesByHub, sales, roles };
}
