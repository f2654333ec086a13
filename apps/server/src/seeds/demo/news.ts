import { CONTENT_TYPE, newsEventResource } from '@facet/contract';
import { createDemoRecord, type DemoContext, demoDay } from './context.ts';
import { gradientPng, paintAt, storeDemoFile } from './files.ts';
import { slugOf } from './people.ts';

interface Entry {
  title: string;
  type: (typeof CONTENT_TYPE)[keyof typeof CONTENT_TYPE];
  place: string | null;
  /** Days from the reference date. */
  from: number;
  length: number;
  description: string;
  url?: string;
}

/** The trade's fairs, where the house takes a booth (dates are the demo's, not the fairs' own). */
const SHOWS: readonly Entry[] = [
  {
    title: 'Vicenzaoro January',
    type: CONTENT_TYPE.SHOW,
    place: 'Vicenza, Italy',
    from: 15,
    length: 5,
    description: 'Meet us in the diamond hall: certified goods from 0.30 ct and our calibrated melee.',
  },
  {
    title: 'International Diamond Week Israel',
    type: CONTENT_TYPE.SHOW,
    place: 'Israel Diamond Exchange, Ramat Gan',
    from: 40,
    length: 3,
    description: 'Fancy shapes and large stones from our Ramat Gan partners.',
  },
  {
    title: 'Hong Kong International Diamond, Gem & Pearl Show',
    type: CONTENT_TYPE.SHOW,
    place: 'AsiaWorld-Expo, Hong Kong',
    from: 60,
    length: 5,
    description: 'Booth 5G-12. Book a slot with your sales manager before the show.',
  },
  {
    title: 'JCK Las Vegas',
    type: CONTENT_TYPE.SHOW,
    place: 'The Venetian Expo, Las Vegas',
    from: 148,
    length: 4,
    description: 'Bridal, matched pairs and layouts for the American market.',
  },
  {
    title: 'IIJS Premiere',
    type: CONTENT_TYPE.SHOW,
    place: 'Jio World Convention Centre, Mumbai',
    from: 218,
    length: 5,
    description: 'Loose diamonds hall, stand 2B-104.',
  },
  {
    title: 'Dubai International Jewellery Week',
    type: CONTENT_TYPE.SHOW,
    place: 'Dubai World Trade Centre',
    from: -45,
    length: 4,
    description: 'Thank you for visiting us; the show stock stays online for two more weeks.',
  },
];

const POPUPS: readonly Entry[] = [
  {
    title: 'New arrivals: 1 ct GIA rounds',
    type: CONTENT_TYPE.POPUP,
    place: null,
    from: -7,
    length: 21,
    description: 'Over 300 new certified rounds from 1.00 to 1.49 ct this week.',
    url: '/new-arrival',
  },
  {
    title: 'Book your Hong Kong show appointment',
    type: CONTENT_TYPE.POPUP,
    place: 'Hong Kong',
    from: 20,
    length: 40,
    description: 'Choose a time with your sales manager before the slots are gone.',
    url: '/appointment',
  },
  {
    title: 'Register to see prices',
    type: CONTENT_TYPE.POPUP_WITHOUT_LOGIN,
    place: null,
    from: -120,
    length: 500,
    description: 'Create your company account to see prices and place orders.',
    url: '/signup',
  },
];

const NEWS: readonly Entry[] = [
  {
    title: 'Our Surat workshop is now carbon neutral',
    type: CONTENT_TYPE.NEWS,
    place: 'Surat',
    from: -70,
    length: 0,
    description: 'Solar power and offsets cover the whole cutting and polishing floor since November.',
  },
  {
    title: 'Lab-grown or natural? How we test every stone',
    type: CONTENT_TYPE.NEWS,
    place: null,
    from: -25,
    length: 0,
    description: 'Every stone above 0.18 ct passes our screening devices before it is listed.',
  },
  {
    title: 'Customer evening at the Antwerp showroom',
    type: CONTENT_TYPE.EVENT,
    place: 'Antwerp',
    from: 33,
    length: 0,
    description: 'Drinks, a talk on fancy colours and a first look at our spring collection.',
  },
  {
    title: 'Scholarships for cutters in Gujarat',
    type: CONTENT_TYPE.CSR,
    place: 'Surat',
    from: -150,
    length: 0,
    description: 'Twenty apprentices a year learn cutting and polishing on full pay.',
  },
  {
    title: 'Office closed for Diwali',
    type: CONTENT_TYPE.OTHER,
    place: 'Mumbai and Surat',
    from: -60,
    length: 5,
    description: 'Our Indian offices are closed; Antwerp, Hong Kong and New York serve you as usual.',
  },
];

/**
 * Shows, popups, news, events, CSR and notices: one list per content type, each with its image.
 * Answers the id of the next show, where some stones are displayed.
 */
export async function seedNewsAndShows(ctx: DemoContext): Promise<string | null> {
  let nextShow: string | null = null;
  const groups = [
    [SHOWS, 'Shows'],
    [POPUPS, 'Popups'],
    [NEWS, 'News and events'],
  ] as const;
  let paint = 0;
  for (const [entries, label] of groups) {
    for (const [index, entry] of entries.entries()) {
      paint += 1;
      const image = await storeDemoFile(
        ctx,
        'image',
        `${slugOf(entry.title)}.png`,
        gradientPng(960, 540, paintAt(paint)),
      );
      const id = await createDemoRecord(
        ctx,
        newsEventResource,
        {
          title: entry.title,
          contentType: entry.type,
          description: entry.description,
          location: entry.place,
          fromDate: demoDay(entry.from),
          toDate: entry.length ? demoDay(entry.from + entry.length) : null,
          image: image.url,
          url: entry.url ?? null,
          sequence: index + 1,
          isActive: entry.from + entry.length >= -30,
        },
        { label },
      );
      if (entries === SHOWS && entry.from >= 0 && !nextShow) nextShow = id;
    }
  }
  return nextShow;
}
