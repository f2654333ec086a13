import { hospitalityResource, ORDER_TYPE_STATUS, transportResource } from '@facet/contract';
import { createDemoRecord, type DemoContext, demoDay, demoInstant } from './context.ts';
import type { Customer } from './customers.ts';
import { phoneOf } from './people.ts';
import { hubByKey, OFFICE_HUB_KEYS } from './places.ts';

/** Where visitors land and stay, near each office. */
const ARRIVALS: Record<
  (typeof OFFICE_HUB_KEYS)[number],
  { airport: string; office: string; hotels: string[] }
> = {
  antwerp: {
    airport: 'Brussels Airport (BRU), arrivals hall',
    office: 'Antwerp showroom, Hoveniersstraat 30',
    hotels: ['Hilton Antwerp Old Town', 'Hotel Indigo Antwerp City Centre', 'Radisson Blu Astrid Hotel'],
  },
  mumbai: {
    airport: 'Chhatrapati Shivaji Maharaj International Airport (BOM), Terminal 2',
    office: 'Bharat Diamond Bourse, Bandra Kurla Complex',
    hotels: ['Trident Bandra Kurla', 'Sofitel Mumbai BKC', 'The Oberoi, Nariman Point'],
  },
  surat: {
    airport: 'Surat Airport (STV)',
    office: 'Surat Diamond Bourse, Khajod',
    hotels: ['Taj Gateway Surat', 'Marriott Surat'],
  },
  'hong-kong': {
    airport: 'Hong Kong International Airport (HKG), Terminal 1',
    office: 'Peninsula Square, Hung Hom',
    hotels: ['The Peninsula Hong Kong', 'Harbour Grand Kowloon', 'Hotel ICON'],
  },
  'new-york': {
    airport: 'John F. Kennedy International Airport (JFK), Terminal 4',
    office: '580 Fifth Avenue',
    hotels: ['The Langham, New York, Fifth Avenue', 'Hyatt Grand Central', 'The Chatwal'],
  },
  dubai: {
    airport: 'Dubai International Airport (DXB), Terminal 3',
    office: 'Almas Tower, JLT',
    hotels: ['JW Marriott Marquis Dubai', 'Movenpick Hotel Jumeirah Lakes Towers', 'Address Dubai Marina'],
  },
};

/** The first orders of each list take one status each, so every status shows whatever the draws. */
const FIRST_STATUSES = [ORDER_TYPE_STATUS.PENDING, ORDER_TYPE_STATUS.DONE, ORDER_TYPE_STATUS.CANCEL];

const SERVICES = [
  'Hotel stay',
  'Business lunch',
  'Dinner reservation',
  'Visa invitation letter',
  'Airport lounge',
];

/** Past requests are done or were cancelled; those to come wait, and some are already arranged. */
function statusAt(ctx: DemoContext, days: number): number {
  if (days < -2) return ctx.faker.number.float() < 0.85 ? ORDER_TYPE_STATUS.DONE : ORDER_TYPE_STATUS.CANCEL;
  if (ctx.faker.number.float() < 0.15) return ORDER_TYPE_STATUS.CANCEL;
  return ctx.faker.number.float() < 0.7 ? ORDER_TYPE_STATUS.PENDING : ORDER_TYPE_STATUS.DONE;
}

/** Car pick-ups and hotel stays of visiting customers, in every order status. */
export async function seedServices(ctx: DemoContext, customers: readonly Customer[]): Promise<void> {
  for (let index = 0; index < 28; index += 1) {
    const customer = ctx.faker.helpers.arrayElement(customers);
    const officeKey = ctx.faker.helpers.arrayElement(OFFICE_HUB_KEYS);
    const place = ARRIVALS[officeKey];
    const days = ctx.faker.number.int({ min: -75, max: 45 });
    const toOffice = index % 3 !== 2;
    await createDemoRecord(
      ctx,
      transportResource,
      {
        customerName: customer.name,
        companyName: customer.company?.name ?? null,
        phone: phoneOf(ctx.faker, hubByKey(customer.hubKey)),
        pickupLocation: toOffice ? place.airport : ctx.faker.helpers.arrayElement(place.hotels),
        dropLocation: toOffice ? place.office : place.airport,
        pickupAt: demoInstant(days, ctx.faker.number.int({ min: 6, max: 20 })).toISOString(),
        passengers: ctx.faker.number.int({ min: 1, max: 4 }),
        status: index < 3 ? FIRST_STATUSES[index] : statusAt(ctx, days),
        remarks: ctx.faker.helpers.arrayElement([
          null,
          'Flight number to follow.',
          'Needs a child seat.',
          'Large luggage: two sample cases.',
          'Meet at the arrivals gate with a name board.',
        ]),
      },
      { label: 'Transport orders' },
    );
  }
  for (let index = 0; index < 22; index += 1) {
    const customer = ctx.faker.helpers.arrayElement(customers);
    const officeKey = ctx.faker.helpers.arrayElement(OFFICE_HUB_KEYS);
    const place = ARRIVALS[officeKey];
    const service = ctx.faker.helpers.arrayElement(SERVICES);
    const days = ctx.faker.number.int({ min: -80, max: 50 });
    const stay = service === 'Hotel stay' ? ctx.faker.number.int({ min: 1, max: 5 }) : 0;
    await createDemoRecord(
      ctx,
      hospitalityResource,
      {
        customerName: customer.name,
        companyName: customer.company?.name ?? null,
        phone: phoneOf(ctx.faker, hubByKey(customer.hubKey)),
        service,
        place:
          service === 'Visa invitation letter'
            ? `${hubByKey(officeKey).label} office`
            : ctx.faker.helpers.arrayElement(place.hotels),
        fromDate: demoDay(days),
        toDate: stay ? demoDay(days + stay) : null,
        guests: ctx.faker.number.int({ min: 1, max: 3 }),
        status: index < 3 ? FIRST_STATUSES[index] : statusAt(ctx, days),
        remarks: ctx.faker.helpers.arrayElement([
          null,
          'Non-smoking room.',
          'Vegetarian.',
          'Late check-out.',
        ]),
      },
      { label: 'Hospitality orders' },
    );
  }
}
