import {
  ACCOUNT_DOCUMENT_STATUS,
  type AccountDocumentStatus,
  accountDocumentCreateSchema,
  accountDocumentReviewSchema,
  accountResource,
} from '@facet/contract';
import { isNull } from 'drizzle-orm';
import { createDocument, reviewDocument } from '../../accounts/documents.ts';
import { dayTerms } from '../../db/resource-tables.ts';
import { columnOf } from '../../resources/columns.ts';
import { countAdded, createDemoRecord, type DemoContext, demoDay } from './context.ts';
import { storeDemoFile, textPdf } from './files.ts';
import { type MasterValues, valuesOf } from './master-values.ts';
import { emailOf, personOf, phoneOf, slugOf } from './people.ts';
import { type Hub, hubByKey, type Place } from './places.ts';
import type { Staff } from './staff.ts';

/** How many companies each hub has, and what they mostly are. */
const COMPANIES_BY_HUB: readonly { hub: string; count: number; code: string; types: readonly string[] }[] = [
  {
    hub: 'antwerp',
    count: 6,
    code: 'ANR',
    types: ['Polished dealer', 'Wholesaler', 'Manufacturer', 'Broker'],
  },
  {
    hub: 'mumbai',
    count: 7,
    code: 'BOM',
    types: ['Manufacturer', 'Wholesaler', 'Jeweller', 'Polished dealer'],
  },
  { hub: 'surat', count: 4, code: 'STV', types: ['Manufacturer', 'Wholesaler'] },
  {
    hub: 'hong-kong',
    count: 5,
    code: 'HKG',
    types: ['Wholesaler', 'Jeweller', 'Retailer', 'Polished dealer'],
  },
  { hub: 'new-york', count: 5, code: 'NYC', types: ['Retailer', 'Jeweller', 'Wholesaler'] },
  { hub: 'dubai', count: 4, code: 'DXB', types: ['Jeweller', 'Retailer', 'Wholesaler'] },
  { hub: 'ramat-gan', count: 3, code: 'TLV', types: ['Polished dealer', 'Manufacturer', 'Broker'] },
  { hub: 'tel-aviv', count: 1, code: 'TLV', types: ['Retailer'] },
  { hub: 'london', count: 2, code: 'LON', types: ['Retailer', 'Jeweller'] },
  { hub: 'geneva', count: 1, code: 'GVA', types: ['Jeweller'] },
  { hub: 'singapore', count: 2, code: 'SIN', types: ['Retailer', 'Wholesaler'] },
];

const NAME_WORDS = [
  'Star',
  'Crown',
  'Brilliant',
  'Solitaire',
  'Royal',
  'Aurora',
  'Prism',
  'Lumière',
  'Orient',
  'Empire',
  'Blue River',
  'Silver Leaf',
  'Eternity',
  'Stellar',
  'Kohinoor',
  'Pinnacle',
];
const NAME_PATTERNS: readonly ((parts: { word: string; last: string }) => string)[] = [
  ({ last }) => `${last} Diamonds`,
  ({ last }) => `${last} & Sons`,
  ({ word }) => `${word} Gems`,
  ({ word }) => `${word} Jewels`,
  ({ last }) => `${last} Brothers`,
  ({ word }) => `${word} Diamond Trading`,
  ({ last }) => `${last} Fine Jewellery`,
];

const BANKS: Record<string, readonly { name: string; bic: string }[]> = {
  BE: [
    { name: 'KBC Bank', bic: 'KREDBEBB' },
    { name: 'BNP Paribas Fortis', bic: 'GEBABEBB' },
  ],
  IN: [
    { name: 'HDFC Bank', bic: 'HDFCINBB' },
    { name: 'ICICI Bank', bic: 'ICICINBB' },
    { name: 'Kotak Mahindra Bank', bic: 'KKBKINBB' },
  ],
  HK: [
    { name: 'HSBC Hong Kong', bic: 'HSBCHKHH' },
    { name: 'Bank of China (Hong Kong)', bic: 'BKCHHKHH' },
  ],
  US: [
    { name: 'JPMorgan Chase Bank', bic: 'CHASUS33' },
    { name: 'Israel Discount Bank of New York', bic: 'IDBYUS33' },
  ],
  AE: [
    { name: 'Emirates NBD', bic: 'EBILAEAD' },
    { name: 'Mashreq Bank', bic: 'BOMLAEAD' },
  ],
  IL: [
    { name: 'Bank Leumi', bic: 'LUMIILIT' },
    { name: 'Bank Hapoalim', bic: 'POALILIT' },
  ],
  GB: [{ name: 'Barclays Bank', bic: 'BARCGB22' }],
  CH: [{ name: 'UBS Switzerland', bic: 'UBSWCHZH' }],
  SG: [{ name: 'DBS Bank', bic: 'DBSSSGSG' }],
};
const IBAN_COUNTRIES = new Set(['BE', 'AE', 'IL', 'GB', 'CH']);

const DOCUMENT_NUMBERS: Record<string, string> = {
  Passport: '?########',
  'National identity card': '###-#######-##',
  'Driving licence': '??##-####-####',
  'Proof of address': 'UTIL-######',
  'Certificate of incorporation': 'INC-201#-#####',
  'Trade licence': 'TL-######',
  'Tax registration certificate': 'TAX-##########',
  'Bank reference letter': 'BRL-####',
  'KP membership certificate': 'KP-###-#####',
};

const REJECTIONS = [
  'The document has expired; please upload the renewed one.',
  'The scan is unreadable; please upload a clearer copy.',
  'The name on the document does not match the company name.',
  'Only the first page was uploaded; please send the whole document.',
];

export interface Company {
  id: string;
  name: string;
  hub: Hub;
  domain: string;
  isApproved: boolean;
  isActive: boolean;
}

async function paymentTermIds(ctx: DemoContext): Promise<Map<string, string>> {
  const rows = await ctx.db
    .select({ id: columnOf(dayTerms, 'id'), code: columnOf(dayTerms, 'code') })
    .from(dayTerms)
    .where(isNull(columnOf(dayTerms, 'deletedAt')));
  return new Map(rows.map((row) => [row.code as string, row.id as string]));
}

function termId(terms: Map<string, string>, code: string): string | null {
  return terms.get(code) ?? null;
}

/** A trading name not used yet, and the registered name (with the legal form). */
function uniqueName(ctx: DemoContext, hub: Hub, taken: Set<string>): { name: string; tradingName: string } {
  for (;;) {
    const pattern = ctx.faker.helpers.arrayElement(NAME_PATTERNS);
    const tradingName = pattern({
      word: ctx.faker.helpers.arrayElement(NAME_WORDS),
      last: ctx.faker.helpers.arrayElement(hub.lastNames),
    });
    const suffix = ctx.faker.helpers.arrayElement(hub.companySuffixes);
    if (taken.has(tradingName)) continue;
    taken.add(tradingName);
    return { name: `${tradingName} ${suffix}`, tradingName };
  }
}

function addressOf(ctx: DemoContext, hub: Hub): { street: string; area: string } {
  const [street, area] = ctx.faker.helpers.arrayElement(hub.addresses);
  const number = ctx.faker.number.int({ min: 1, max: 180 });
  if (street.includes(','))
    return { street: `Office ${ctx.faker.number.int({ min: 101, max: 2410 })}, ${street}`, area };
  return {
    street: ['BE', 'CH', 'IL'].includes(hub.countryCode) ? `${street} ${number}` : `${number} ${street}`,
    area,
  };
}

function bankDetailsOf(ctx: DemoContext, hub: Hub, name: string): string {
  const bank = ctx.faker.helpers.arrayElement(BANKS[hub.countryCode] ?? BANKS.US ?? []);
  const account = IBAN_COUNTRIES.has(hub.countryCode)
    ? `IBAN ${ctx.faker.finance.iban({ formatted: true, countryCode: hub.countryCode })}`
    : `Account no. ${ctx.faker.finance.accountNumber(12)}`;
  return [
    `Bank: ${bank?.name}`,
    `Beneficiary: ${name}`,
    account,
    `SWIFT/BIC: ${bank?.bic}`,
    'Currency: USD',
  ].join('\n');
}

/**
 * Creates the companies with their KYC documents. Statuses are spread so that every state shows:
 * approved companies carry approved documents (one awaits a renewal), the others wait or were refused.
 */
export async function seedCompanies(
  ctx: DemoContext,
  places: Map<string, Place>,
  masterValues: MasterValues,
  staff: Staff,
): Promise<Company[]> {
  const terms = await paymentTermIds(ctx);
  const businessTypes = valuesOf(masterValues, 'BUSINESS_TYPE');
  const natures = valuesOf(masterValues, 'NATURE_OF_ORG');
  const sizes = valuesOf(masterValues, 'COMPANY_SIZE');
  const taken = new Set<string>();
  const companies: Company[] = [];
  const codes = new Map<string, number>();
  for (const group of COMPANIES_BY_HUB) {
    const hub = hubByKey(group.hub);
    const place = places.get(hub.key);
    for (let index = 0; index < group.count; index += 1) {
      const { name, tradingName } = uniqueName(ctx, hub, taken);
      const domain = slugOf(tradingName);
      const codeNumber = (codes.get(group.code) ?? 100) + 1;
      codes.set(group.code, codeNumber);
      const typeName = ctx.faker.helpers.arrayElement(group.types);
      const sizeIndex = ctx.faker.helpers.weightedArrayElement([
        { weight: 4, value: 0 },
        { weight: 5, value: 1 },
        { weight: 3, value: 2 },
        { weight: 1, value: 3 },
        { weight: 1, value: 4 },
      ]);
      const termCode = ctx.faker.helpers.weightedArrayElement([
        { weight: 2, value: 'CASH' },
        { weight: 2, value: 'D7' },
        { weight: 3, value: 'D15' },
        { weight: 5, value: 'D30' },
        { weight: 3, value: 'D60' },
        { weight: 1, value: 'D90' },
      ]);
      const creditLimit =
        termCode === 'CASH' ? 0 : ctx.faker.number.int({ min: 5, max: 40 }) * 5000 * (sizeIndex + 1);
      const isApproved = ctx.faker.number.float() < 0.72;
      const isVerified = isApproved && ctx.faker.number.float() < 0.7;
      const isActive = ctx.faker.number.float() < 0.93;
      const hasBroker = ctx.faker.number.float() < 0.3;
      const address = addressOf(ctx, hub);
      const broker = personOf(ctx.faker, hub);
      const id = await createDemoRecord(
        ctx,
        accountResource,
        {
          name,
          displayName: tradingName,
          code: `${group.code}-${codeNumber}`,
          businessTypeId: businessTypes.find((value) => value.name === typeName)?.id ?? null,
          natureOfOrganisationId: ctx.faker.helpers.arrayElement(natures).id,
          companySizeId: sizes[sizeIndex]?.id ?? null,
          registrationNumber: ctx.faker.helpers.replaceSymbols(hub.registration),
          taxNumber: ctx.faker.helpers.replaceSymbols(hub.tax),
          street: address.street,
          area: address.area,
          zipCode: ctx.faker.helpers.replaceSymbols(hub.zipFormat),
          countryId: place?.countryId ?? null,
          stateId: place?.stateId ?? null,
          cityId: place?.cityId ?? null,
          emails: [emailOf('info', domain), emailOf('accounts', domain)],
          phones: ctx.faker.helpers.multiple(() => phoneOf(ctx.faker, hub), {
            count: { min: 1, max: 2 },
          }),
          website: `https://www.${domain}.example`,
          bankDetails: bankDetailsOf(ctx, hub, name),
          brokerName: hasBroker ? broker.full : null,
          brokerDetails: hasBroker
            ? `Commission ${ctx.faker.helpers.arrayElement(['0.5', '0.75', '1', '1.5'])} % on polished, settled monthly.`
            : null,
          salesPersonId: staff.salesByHub.get(hub.key) ?? ctx.faker.helpers.arrayElement(staff.sales),
          paymentTermId: termId(terms, termCode),
          creditLimit,
          externalId: ctx.faker.number.float() < 0.6 ? `ERP-${ctx.faker.string.numeric(6)}` : null,
          isApproved,
          isVerified,
          isActive,
        },
        { label: 'Companies' },
      );
      companies.push({ id, name, hub, domain, isApproved, isActive });
    }
  }
  let documentIndex = 0;
  for (const company of companies) {
    documentIndex = await seedDocuments(ctx, company, masterValues, documentIndex);
  }
  return companies;
}

function statusesFor(company: Company, count: number, index: number): AccountDocumentStatus[] {
  const { PENDING, APPROVED, REJECTED } = ACCOUNT_DOCUMENT_STATUS;
  if (company.isApproved) {
    // Every fifth approved company has a renewal waiting for review.
    return Array.from({ length: count }, (_, at) =>
      at === count - 1 && index % 5 === 0 ? PENDING : APPROVED,
    );
  }
  return Array.from({ length: count }, (_, at) => (at === 0 && index % 3 === 0 ? REJECTED : PENDING));
}

async function seedDocuments(
  ctx: DemoContext,
  company: Company,
  masterValues: MasterValues,
  index: number,
): Promise<number> {
  const business = valuesOf(masterValues, 'DOC_TYPE_BUSINESS');
  const personal = valuesOf(masterValues, 'DOC_TYPE_PERSONAL');
  const types = [
    ctx.faker.helpers.arrayElement(business.slice(0, 3)).name,
    ...(ctx.faker.number.float() < 0.6 ? [ctx.faker.helpers.arrayElement(personal).name] : []),
    ...(ctx.faker.number.float() < 0.3 ? [ctx.faker.helpers.arrayElement(business.slice(3)).name] : []),
  ];
  const statuses = statusesFor(company, types.length, index);
  for (const [at, documentType] of types.entries()) {
    const documentNumber = ctx.faker.helpers.replaceSymbols(DOCUMENT_NUMBERS[documentType] ?? 'DOC-######');
    const issued = demoDay(-ctx.faker.number.int({ min: 60, max: 1500 }));
    const pdf = textPdf(documentType, [
      `Company: ${company.name}`,
      `Document number: ${documentNumber}`,
      `Issued: ${issued}`,
      `Place: ${company.hub.label}`,
      '',
      'Demo document generated by Facet seed:demo. Not a real record.',
    ]);
    const file = await storeDemoFile(
      ctx,
      'pdf',
      `${slugOf(documentType)}-${company.domain}.pdf`,
      pdf,
      accountResource.name,
    );
    const documentId = await createDocument(
      ctx.db,
      ctx.actor,
      company.id,
      accountDocumentCreateSchema.parse({ documentType, documentNumber, fileUrl: file.url, fileId: file.id }),
    );
    const status = statuses[at] ?? ACCOUNT_DOCUMENT_STATUS.PENDING;
    if (status !== ACCOUNT_DOCUMENT_STATUS.PENDING) {
      await reviewDocument(
        ctx.db,
        ctx.actor,
        documentId,
        accountDocumentReviewSchema.parse({
          status,
          reason:
            status === ACCOUNT_DOCUMENT_STATUS.REJECTED ? ctx.faker.helpers.arrayElement(REJECTIONS) : null,
        }),
      );
    }
    countAdded(ctx, 'KYC documents');
  }
  return index + 1;
}
