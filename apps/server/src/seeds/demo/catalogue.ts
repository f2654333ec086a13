import {
  bannerResource,
  FEATURED_STONE_KINDS,
  featuredStoneResource,
  locationResource,
  productResource,
} from '@facet/contract';
import { createDemoRecord, type DemoContext, demoDay, demoInstant } from './context.ts';
import { gradientPng, paintAt, storeDemoFile } from './files.ts';
import { emailOf, phoneOf, slugOf } from './people.ts';
import { hubByKey, OFFICE_HUB_KEYS, type Place } from './places.ts';
import { DEMO_STONES, demoStockNumber, stoneIdsByStockNumber } from './stock.ts';

const PRODUCTS = [
  ['Certified loose diamonds', 'CERT', 'GIA, IGI and HRD graded stones from 0.30 ct, priced off the list.'],
  ['Calibrated melee', 'MELEE', 'Matched melee parcels by sieve, D-F and G-H, VVS-VS and SI.'],
  ['Fancy colour diamonds', 'FANCY', 'Yellow, pink and blue diamonds with origin reports.'],
  ['Matched pairs', 'PAIR', 'Pairs matched on colour, clarity and size for earrings.'],
  ['Layouts', 'LAYOUT', 'Graduated layouts for tennis bracelets and rivieres.'],
  ['Bridal rings', 'BRIDAL', 'Solitaire and halo engagement rings in platinum and 18k gold.'],
  ['Tennis bracelets', 'TENNIS', 'Four-claw and illusion-set bracelets from 3 to 15 ct.'],
  ['Stud earrings', 'STUD', 'Round and princess studs in four-claw martini settings.'],
  ['Custom cutting', 'CUT', 'Recutting and repolishing in our Surat and Antwerp workshops.'],
  ['Grading and certification', 'LAB', 'We send your goods to the lab and bring back the reports.'],
] as const;

const BANNERS = [
  { name: 'New arrivals this week', type: 'home', from: -20, to: 40, target: '/new-arrival' },
  { name: 'Hong Kong show special prices', type: 'home', from: -10, to: 75, target: '/show' },
  { name: 'Welcome back', type: 'login', from: -60, to: 300, target: null },
  { name: 'Book a viewing in Antwerp', type: 'dashboard', from: -5, to: 60, target: '/appointment' },
  { name: 'Save your searches', type: 'search', from: -30, to: 200, target: '/saved-search' },
  { name: 'Download the Facet app', type: 'app', from: -90, to: 365, target: 'app://dashboard' },
  { name: 'Holiday hours', type: 'marquee', from: -35, to: -2, target: null },
  { name: 'Spring fancy colour collection', type: 'home', from: 60, to: 120, target: '/search?fancy=1' },
] as const;

const OFFICES: Record<
  (typeof OFFICE_HUB_KEYS)[number],
  { name: string; code: string; address: string; lat: number; lon: number }
> = {
  antwerp: {
    name: 'Antwerp showroom',
    code: 'ANR',
    address: 'Hoveniersstraat 30, Antwerp World Diamond Centre',
    lat: 51.2153,
    lon: 4.4185,
  },
  mumbai: {
    name: 'Mumbai office',
    code: 'BOM',
    address: 'Tower BW, Bharat Diamond Bourse, Bandra Kurla Complex',
    lat: 19.0653,
    lon: 72.8656,
  },
  surat: {
    name: 'Surat factory',
    code: 'STV',
    address: 'Surat Diamond Bourse, Khajod',
    lat: 21.1183,
    lon: 72.8219,
  },
  'hong-kong': {
    name: 'Hong Kong office',
    code: 'HKG',
    address: 'Peninsula Square, 18 Sung On Street, Hung Hom',
    lat: 22.3044,
    lon: 114.1858,
  },
  'new-york': {
    name: 'New York showroom',
    code: 'NYC',
    address: '580 Fifth Avenue, Suite 1201',
    lat: 40.7571,
    lon: -73.9795,
  },
  dubai: {
    name: 'Dubai office',
    code: 'DXB',
    address: 'Almas Tower, Jumeirah Lakes Towers',
    lat: 25.0688,
    lon: 55.1412,
  },
};

async function imageOf(ctx: DemoContext, name: string, width: number, height: number, paint: number) {
  const bytes = gradientPng(width, height, paintAt(paint));
  return (await storeDemoFile(ctx, 'image', `${slugOf(name)}.png`, bytes)).url;
}

export async function seedProducts(ctx: DemoContext): Promise<void> {
  for (const [index, [name, code, description]] of PRODUCTS.entries()) {
    await createDemoRecord(
      ctx,
      productResource,
      {
        name,
        code,
        description,
        image: await imageOf(ctx, name, 480, 480, index),
        sequence: index + 1,
        isActive: index !== PRODUCTS.length - 2,
      },
      { label: 'Products' },
    );
  }
}

export async function seedBanners(ctx: DemoContext): Promise<void> {
  for (const [index, banner] of BANNERS.entries()) {
    const marquee = banner.type === 'marquee';
    await createDemoRecord(
      ctx,
      bannerResource,
      {
        name: banner.name,
        type: banner.type,
        description: `${banner.name}: shown on the ${banner.type} page.`,
        targetUrl: banner.target,
        desktopImage: marquee ? null : await imageOf(ctx, `${banner.name} desktop`, 1440, 400, index),
        mobileImage: marquee ? null : await imageOf(ctx, `${banner.name} mobile`, 720, 720, index),
        fontColor: ctx.faker.helpers.arrayElement(['#ffffff', '#283895', '#1f1f1f']),
        marqueeText: marquee ? 'Our offices are closed from 24 December to 2 January. Happy holidays!' : null,
        fromDate: demoInstant(banner.from).toISOString(),
        toDate: demoInstant(banner.to).toISOString(),
        sequence: index + 1,
        isActive: banner.to > 0,
      },
      { label: 'Banners' },
    );
  }
}

export async function seedLocations(ctx: DemoContext, places: Map<string, Place>): Promise<void> {
  for (const key of OFFICE_HUB_KEYS) {
    const hub = hubByKey(key);
    const office = OFFICES[key];
    const place = places.get(key);
    if (!place) continue;
    await createDemoRecord(
      ctx,
      locationResource,
      {
        name: office.name,
        code: office.code,
        address: office.address,
        cityId: place.cityId,
        countryId: place.countryId,
        zipCode: ctx.faker.helpers.replaceSymbols(hub.zipFormat),
        phone: phoneOf(ctx.faker, hub),
        email: emailOf(slugOf(hub.label), 'facet-diamonds'),
        mapUrl: `https://www.openstreetmap.org/?mlat=${office.lat}&mlon=${office.lon}#map=17/${office.lat}/${office.lon}`,
        isActive: true,
      },
      { label: 'Locations' },
    );
  }
}

/** A featured stone of the demo, drawn before the stock exists and written once it does. */
export interface FeaturedStonePlan {
  stockNumber: string;
  body: Record<string, unknown>;
}

/**
 * The dashboard's picks among the demo stock, a few of them past or to come. Drawn in this area's
 * place of the seed order (so the areas after it draw what they always drew) and written by
 * seedFeaturedStones after the stock, since a featured stone points at a stone.
 */
export function planFeaturedStones(ctx: DemoContext): FeaturedStonePlan[] {
  const plans: FeaturedStonePlan[] = [];
  for (let index = 0; index < 18; index += 1) {
    const kind = FEATURED_STONE_KINDS[index % FEATURED_STONE_KINDS.length];
    const from = ctx.faker.number.int({ min: -40, max: 20 });
    plans.push({
      stockNumber: demoStockNumber(ctx.faker.number.int({ min: 0, max: DEMO_STONES - 1 })),
      body: {
        kind,
        fromDate: demoDay(from),
        toDate: demoDay(from + (kind === 'stone_of_day' ? 1 : ctx.faker.number.int({ min: 7, max: 45 }))),
        sequence: index + 1,
        isActive: index % 7 !== 6,
      },
    });
  }
  return plans;
}

export async function seedFeaturedStones(
  ctx: DemoContext,
  plans: readonly FeaturedStonePlan[],
): Promise<void> {
  const ids = await stoneIdsByStockNumber(
    ctx,
    plans.map((plan) => plan.stockNumber),
  );
  for (const plan of plans) {
    const stoneId = ids.get(plan.stockNumber);
    if (!stoneId) throw new Error(`demo featured stone ${plan.stockNumber} is not in the demo stock`);
    await createDemoRecord(
      ctx,
      featuredStoneResource,
      { ...plan.body, stoneId },
      { label: 'Featured stones' },
    );
  }
}
