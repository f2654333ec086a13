import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cities, countries, states } from '../../db/resource-tables.ts';
import { columnOf } from '../../resources/columns.ts';

/**
 * The trading hubs the demo's companies, offices and visitors come from, with names and the habits
 * of each place (company suffixes, phone format). City and state names are spelt as the seeded
 * geography (country-state-city) spells them; Hong Kong has districts but no cities there.
 */
export interface Hub {
  key: string;
  label: string;
  countryCode: string;
  stateCode: string;
  /** Null where the seeded geography has no city (Hong Kong). */
  city: string | null;
  zipFormat: string;
  phone: string;
  /** Streets (or buildings) with the area they are in. */
  addresses: readonly (readonly [string, string])[];
  firstNames: readonly string[];
  lastNames: readonly string[];
  companySuffixes: readonly string[];
  /** A national registration number (`#` a digit, `?` a letter). */
  registration: string;
  tax: string;
}

export const HUBS: readonly Hub[] = [
  {
    key: 'antwerp',
    label: 'Antwerp',
    countryCode: 'BE',
    stateCode: 'VLG',
    city: 'Antwerpen',
    zipFormat: '2018',
    phone: '+32 3 ### ## ##',
    addresses: [
      ['Hoveniersstraat', 'Diamond Quarter'],
      ['Schupstraat', 'Diamond Quarter'],
      ['Pelikaanstraat', 'Diamond Quarter'],
      ['Rijfstraat', 'Diamond Quarter'],
      ['Vestingstraat', 'Centrum'],
      ['Kerkstraat', 'Zurenborg'],
    ],
    firstNames: ['Pieter', 'Joris', 'Lotte', 'Sven', 'Elke', 'Dirk', 'Anouk', 'Wouter', 'Mila', 'Bram'],
    lastNames: ['Janssens', 'Peeters', 'Maes', 'Claes', 'Goossens', 'Wouters', 'De Smet', 'Verbeke'],
    companySuffixes: ['BV', 'NV', 'BVBA'],
    registration: '0###.###.###',
    tax: 'BE0#########',
  },
  {
    key: 'mumbai',
    label: 'Mumbai',
    countryCode: 'IN',
    stateCode: 'MH',
    city: 'Mumbai',
    zipFormat: '4000##',
    phone: '+91 22 #### ####',
    addresses: [
      ['Bharat Diamond Bourse, Bandra Kurla Complex', 'Bandra East'],
      ['Prasad Chambers, Opera House', 'Girgaon'],
      ['Panchratna, Opera House', 'Girgaon'],
      ['Dharam Palace, Hughes Road', 'Charni Road'],
    ],
    firstNames: ['Aarav', 'Priya', 'Rohan', 'Ananya', 'Vikram', 'Kavya', 'Nirav', 'Meera', 'Harsh', 'Ishita'],
    lastNames: ['Shah', 'Mehta', 'Patel', 'Desai', 'Kothari', 'Jhaveri', 'Sanghvi', 'Parikh'],
    companySuffixes: ['Pvt. Ltd.', 'LLP', 'Exports'],
    registration: 'U36911MH201#PTC######',
    tax: '27?????####?1Z#',
  },
  {
    key: 'surat',
    label: 'Surat',
    countryCode: 'IN',
    stateCode: 'GJ',
    city: 'Surat',
    zipFormat: '3950##',
    phone: '+91 261 ### ####',
    addresses: [
      ['Mini Bazar, Varachha Road', 'Varachha'],
      ['Mahidharpura Hira Bazar', 'Mahidharpura'],
      ['Surat Diamond Bourse, Khajod', 'Khajod'],
    ],
    firstNames: ['Jignesh', 'Bhavna', 'Ketan', 'Hetal', 'Paresh', 'Nisha', 'Chirag', 'Dhruv'],
    lastNames: ['Savani', 'Dholakia', 'Lakhani', 'Gajera', 'Vaghasiya', 'Kakadiya', 'Patel'],
    companySuffixes: ['Pvt. Ltd.', 'Impex', 'Diamonds LLP'],
    registration: 'U36912GJ201#PTC######',
    tax: '24?????####?1Z#',
  },
  {
    key: 'hong-kong',
    label: 'Hong Kong',
    countryCode: 'HK',
    stateCode: 'KYT',
    city: null,
    zipFormat: '999077',
    phone: '+852 #### ####',
    addresses: [
      ['Nathan Road', 'Tsim Sha Tsui'],
      ['Hankow Road', 'Tsim Sha Tsui'],
      ['Peking Road', 'Tsim Sha Tsui'],
      ['Granville Road', 'Tsim Sha Tsui'],
      ['Jordan Road', 'Jordan'],
    ],
    firstNames: ['Wing', 'Ka Ming', 'Mei Ling', 'Chun', 'Siu Fong', 'Tak Wai', 'Hoi Yan', 'Kwok Leung'],
    lastNames: ['Chan', 'Wong', 'Leung', 'Cheung', 'Lau', 'Ho', 'Tsang', 'Lam'],
    companySuffixes: ['Limited', 'Co. Ltd.', '(HK) Ltd.'],
    registration: '#######',
    tax: '########-###-##-##-#',
  },
  {
    key: 'new-york',
    label: 'New York',
    countryCode: 'US',
    stateCode: 'NY',
    city: 'New York City',
    zipFormat: '10036',
    phone: '+1 212 ### ####',
    addresses: [
      ['West 47th Street', 'Diamond District, Midtown'],
      ['West 48th Street', 'Diamond District, Midtown'],
      ['Fifth Avenue', 'Midtown Manhattan'],
      ['Avenue of the Americas', 'Midtown Manhattan'],
    ],
    firstNames: ['Michael', 'Rachel', 'David', 'Sarah', 'Jonathan', 'Emily', 'Daniel', 'Hannah', 'Aaron'],
    lastNames: ['Goldberg', 'Friedman', 'Klein', 'Rosen', 'Weiss', 'Miller', 'Cohen', 'Sullivan'],
    companySuffixes: ['Inc.', 'LLC', 'Corp.'],
    registration: '#######',
    tax: '##-#######',
  },
  {
    key: 'dubai',
    label: 'Dubai',
    countryCode: 'AE',
    stateCode: 'DU',
    city: 'Dubai',
    zipFormat: '00000',
    phone: '+971 4 ### ####',
    addresses: [
      ['Almas Tower, Jumeirah Lakes Towers', 'DMCC Free Zone'],
      ['Gold Souk, Sikkat Al Khail Road', 'Deira'],
      ['Al Ras Road', 'Deira'],
    ],
    firstNames: ['Omar', 'Fatima', 'Khalid', 'Aisha', 'Yusuf', 'Mariam', 'Rashid', 'Layla', 'Hamdan'],
    lastNames: ['Al Mansoori', 'Al Hashimi', 'Haddad', 'Al Falasi', 'Khoury', 'Al Nuaimi', 'Saleh'],
    companySuffixes: ['DMCC', 'FZE', 'LLC'],
    registration: 'DMCC-######',
    tax: '100#########003',
  },
  {
    key: 'ramat-gan',
    label: 'Ramat Gan',
    countryCode: 'IL',
    stateCode: 'TA',
    city: 'Ramat Gan',
    zipFormat: '52521',
    phone: '+972 3 ### ####',
    addresses: [
      ['Maccabi Tower, Jabotinsky Street', 'Israel Diamond Exchange'],
      ['Shimshon Tower, Bezalel Street', 'Israel Diamond Exchange'],
      ['Noam Tower, Tuval Street', 'Bursa'],
    ],
    firstNames: ['Yossi', 'Noa', 'Avi', 'Tamar', 'Eitan', 'Shira', 'Moshe', 'Yael', 'Ido'],
    lastNames: ['Levi', 'Mizrahi', 'Peretz', 'Biton', 'Friedman', 'Avraham', 'Katz', 'Dahan'],
    companySuffixes: ['Ltd.', 'Diamonds Ltd.', '(1998) Ltd.'],
    registration: '51-#######',
    tax: '5########',
  },
  {
    key: 'tel-aviv',
    label: 'Tel Aviv',
    countryCode: 'IL',
    stateCode: 'TA',
    city: 'Tel Aviv',
    zipFormat: '6######',
    phone: '+972 3 ### ####',
    addresses: [
      ['Rothschild Boulevard', 'Lev HaIr'],
      ['Dizengoff Street', 'Lev HaIr'],
      ['Ibn Gabirol Street', 'Old North'],
    ],
    firstNames: ['Noam', 'Maya', 'Itai', 'Roni', 'Gal', 'Dana', 'Omer', 'Lior'],
    lastNames: ['Cohen', 'Levi', 'Shapiro', 'Ben David', 'Golan', 'Weiss', 'Segal'],
    companySuffixes: ['Ltd.', 'Jewelry Ltd.'],
    registration: '51-#######',
    tax: '5########',
  },
  {
    key: 'london',
    label: 'London',
    countryCode: 'GB',
    stateCode: 'ENG',
    city: 'London',
    zipFormat: 'EC1N #??',
    phone: '+44 20 #### ####',
    addresses: [
      ['Hatton Garden', 'Holborn'],
      ['Greville Street', 'Holborn'],
      ['New Bond Street', 'Mayfair'],
    ],
    firstNames: ['Oliver', 'Charlotte', 'James', 'Amelia', 'Harry', 'Sophie', 'George', 'Isabella'],
    lastNames: ['Harrington', 'Clarke', 'Bennett', 'Fletcher', 'Hughes', 'Spencer'],
    companySuffixes: ['Ltd', 'Limited'],
    registration: '0#######',
    tax: 'GB### #### ##',
  },
  {
    key: 'geneva',
    label: 'Geneva',
    countryCode: 'CH',
    stateCode: 'GE',
    city: 'Genève',
    zipFormat: '120#',
    phone: '+41 22 ### ## ##',
    addresses: [
      ['Rue du Rhône', 'Rive'],
      ['Quai du Mont-Blanc', 'Pâquis'],
      ['Rue de la Confédération', 'Rive'],
    ],
    firstNames: ['Luca', 'Chloé', 'Julien', 'Léa', 'Mathieu', 'Camille', 'Nicolas'],
    lastNames: ['Favre', 'Rochat', 'Meier', 'Dubois', 'Perret', 'Girard'],
    companySuffixes: ['SA', 'Sàrl'],
    registration: 'CHE-###.###.###',
    tax: 'CHE-###.###.### TVA',
  },
  {
    key: 'singapore',
    label: 'Singapore',
    countryCode: 'SG',
    stateCode: '01',
    city: 'Singapore',
    zipFormat: '0#####',
    phone: '+65 6### ####',
    addresses: [
      ['Orchard Road', 'Orchard'],
      ['South Bridge Road', 'Downtown Core'],
      ['Raffles Place', 'Downtown Core'],
    ],
    firstNames: ['Wei Ling', 'Jun Jie', 'Hui Min', 'Kai Xiang', 'Priya', 'Arjun'],
    lastNames: ['Tan', 'Lim', 'Ng', 'Goh', 'Nair', 'Koh'],
    companySuffixes: ['Pte. Ltd.'],
    registration: '201#####?',
    tax: 'M9-#######-#',
  },
];

/** Where the house's own showrooms are. */
export const OFFICE_HUB_KEYS = ['antwerp', 'mumbai', 'surat', 'hong-kong', 'new-york', 'dubai'] as const;

/** The cities the demo looks up; tests seed just these (plus their countries and states). */
export const DEMO_CITIES: readonly { name: string; countryCode: string; stateCode: string }[] = HUBS.flatMap(
  (hub) => (hub.city ? [{ name: hub.city, countryCode: hub.countryCode, stateCode: hub.stateCode }] : []),
);

export function hubByKey(key: string): Hub {
  const hub = HUBS.find((one) => one.key === key);
  if (!hub) throw new Error(`unknown demo hub ${key}`);
  return hub;
}

export interface Place {
  countryId: string;
  stateId: string | null;
  cityId: string | null;
}

/**
 * The ids of each hub's country, state and city in the seeded geography. A city not seeded yet (the
 * cities follow the countries) is left empty rather than failing the seed.
 */
export async function resolvePlaces(db: Db): Promise<Map<string, Place>> {
  const places = new Map<string, Place>();
  for (const hub of HUBS) {
    const [country] = await db
      .select({ id: columnOf(countries, 'id') })
      .from(countries)
      .where(
        and(
          eq(sql`lower(${columnOf(countries, 'code')})`, hub.countryCode.toLowerCase()),
          isNull(columnOf(countries, 'deletedAt')),
        ),
      )
      .limit(1);
    if (!country) throw new Error(`country ${hub.countryCode} is not seeded: run the reference data first`);
    const countryId = country.id as string;
    const [state] = await db
      .select({ id: columnOf(states, 'id') })
      .from(states)
      .where(
        and(
          eq(columnOf(states, 'countryId'), countryId),
          eq(columnOf(states, 'code'), hub.stateCode),
          isNull(columnOf(states, 'deletedAt')),
        ),
      )
      .limit(1);
    const [city] = hub.city
      ? await db
          .select({ id: columnOf(cities, 'id') })
          .from(cities)
          .where(
            and(
              eq(columnOf(cities, 'countryId'), countryId),
              eq(columnOf(cities, 'name'), hub.city),
              state ? eq(columnOf(cities, 'stateId'), state.id as string) : undefined,
              isNull(columnOf(cities, 'deletedAt')),
            ),
          )
          .orderBy(columnOf(cities, 'createdAt'))
          .limit(1)
      : [];
    places.set(hub.key, {
      countryId,
      stateId: (state?.id as string | undefined) ?? null,
      cityId: (city?.id as string | undefined) ?? null,
    });
  }
  return places;
}
