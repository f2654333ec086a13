import { careerResource, contactUsResource, feedbackResource, subscriberResource } from '@facet/contract';
import type { Company } from './companies.ts';
import { createDemoRecord, type DemoContext, demoInstant } from './context.ts';
import type { Customer } from './customers.ts';
import { emailOf, Identities, personOf, phoneOf, slugOf } from './people.ts';
import { HUBS, hubByKey } from './places.ts';

const SHAPES = ['round', 'oval', 'pear', 'emerald-cut', 'cushion', 'princess', 'radiant'];
const COLOURS = ['D', 'E', 'F', 'G', 'H', 'I'];
const CLARITIES = ['IF', 'VVS1', 'VVS2', 'VS1', 'VS2', 'SI1'];

const CONTACT_SUBJECTS: readonly [string, (stone: string) => string][] = [
  [
    'Availability request',
    (stone) => `Do you have a ${stone} with a GIA report? Please send the best price.`,
  ],
  [
    'Matched pair for earrings',
    (stone) => `A client needs a matched pair, each a ${stone}. What can you offer?`,
  ],
  ['Memo request', (stone) => `Could we take the ${stone} you showed last week on memo for three days?`],
  [
    'Opening an account',
    () => 'We are a jeweller and would like to buy from you. What documents do you need?',
  ],
  ['Visit next week', () => 'I will be in town next week and would like to see your melee parcels.'],
  ['Certificate copy', (stone) => `Please e-mail the certificate PDF of the ${stone} we bought.`],
  ['Payment terms', () => 'Can our payment term move from 30 to 60 days given our volume this year?'],
];

const SUGGESTIONS = [
  ['Saved search alerts', 'It would help to get a push notification when a saved search finds a new stone.'],
  [
    'Video on the list',
    'Please show a small video preview in the search results, not only on the detail page.',
  ],
  ['Export to Excel', 'The export could include the certificate link for every stone.'],
  ['Dark mode', 'The app is hard to read at night; a dark theme would be welcome.'],
  ['Compare more stones', 'Comparing four stones is not enough for layouts; could it take eight?'],
  ['Price history', 'A chart of the price changes of a stone would help us decide faster.'],
  ['Chinese interface', 'Our Hong Kong buyers would like the panel in traditional Chinese.'],
  ['Parcel photos', 'Photos of the melee parcels under a loupe would save us a visit.'],
] as const;

const POSITIONS = [
  'Diamond grader',
  'Sales executive, Antwerp',
  'Sales executive, Hong Kong',
  'Stock keeper',
  'Accounts assistant',
  'Marketing coordinator',
  'Software developer',
  'Cutting apprentice, Surat',
];
const CAREER_STATUSES = ['new', 'new', 'shortlisted', 'interviewed', 'hired', 'rejected'] as const;

const FEEDBACK: Record<number, readonly string[]> = {
  5: [
    'Quick answers and exactly the stones we asked for. Thank you!',
    'The new search is fast and the videos are excellent.',
    'Delivery to Hong Kong took two days, perfectly packed.',
  ],
  4: [
    'Good selection of fancy shapes; prices could be sharper on larger stones.',
    'The app works well; sign-in codes sometimes take a minute to arrive.',
  ],
  3: [
    'The stone matched the report but the photos looked whiter than it is.',
    'Average: shipping was late once.',
  ],
  2: ['Our memo request waited three days for an answer.'],
  1: ['The invoice had the wrong payment term and took a week to correct.'],
};

function stoneText(ctx: DemoContext): string {
  const carat = ctx.faker.helpers.arrayElement(['0.50', '0.70', '1.00', '1.01', '1.50', '2.00', '3.02']);
  return `${carat} ct ${ctx.faker.helpers.arrayElement(SHAPES)} ${ctx.faker.helpers.arrayElement(
    COLOURS,
  )} ${ctx.faker.helpers.arrayElement(CLARITIES)}`;
}

/** A day in the quarter before the reference date, at office hours: when the message arrived. */
function arrived(ctx: DemoContext, withinDays = 90): Date {
  return demoInstant(
    -ctx.faker.number.int({ min: 0, max: withinDays }),
    ctx.faker.number.int({ min: 7, max: 19 }),
  );
}

/** The website's forms: contact and suggestion messages, subscribers, job applications and feedback. */
export async function seedForum(
  ctx: DemoContext,
  companies: readonly Company[],
  customers: readonly Customer[],
): Promise<void> {
  const sentBy = () => {
    const customer = ctx.faker.helpers.arrayElement(customers);
    const hub = hubByKey(customer.hubKey);
    return { customer, hub };
  };
  for (let index = 0; index < 24; index += 1) {
    const { customer, hub } = sentBy();
    const [subject, message] = ctx.faker.helpers.arrayElement(CONTACT_SUBJECTS);
    await createDemoRecord(
      ctx,
      contactUsResource,
      {
        type: 'contact',
        name: customer.name,
        companyName: customer.company?.name ?? null,
        email: emailOf(customer.username, customer.company?.domain ?? 'mail'),
        phone: phoneOf(ctx.faker, hub),
        subject,
        message: message(stoneText(ctx)),
        isResolved: index > 5 && ctx.faker.number.float() < 0.6,
      },
      { label: 'Contact messages', createdAt: arrived(ctx) },
    );
  }
  for (const [index, [subject, message]] of SUGGESTIONS.entries()) {
    const { customer } = sentBy();
    await createDemoRecord(
      ctx,
      contactUsResource,
      {
        type: 'suggestion',
        name: customer.name,
        companyName: customer.company?.name ?? null,
        email: emailOf(customer.username, customer.company?.domain ?? 'mail'),
        subject,
        message,
        isResolved: index % 3 === 0,
      },
      { label: 'Suggestions', createdAt: arrived(ctx, 180) },
    );
  }
  await seedSubscribers(ctx, companies);
  const applicants = new Identities();
  for (let index = 0; index < 14; index += 1) {
    const hub = ctx.faker.helpers.arrayElement(HUBS);
    const person = personOf(ctx.faker, hub);
    const username = applicants.username(person);
    const position = ctx.faker.helpers.arrayElement(POSITIONS);
    await createDemoRecord(
      ctx,
      careerResource,
      {
        name: person.full,
        email: emailOf(username, 'mail'),
        phone: phoneOf(ctx.faker, hub),
        position,
        resumeUrl: `https://cv.example/${slugOf(person.full)}.pdf`,
        message: `I would like to apply for the ${position.toLowerCase()} position. I have ${ctx.faker.number.int(
          {
            min: 1,
            max: 15,
          },
        )} years of experience in the trade.`,
        status: CAREER_STATUSES[index % CAREER_STATUSES.length],
      },
      { label: 'Job applications', createdAt: arrived(ctx, 120) },
    );
  }
  for (let index = 0; index < 20; index += 1) {
    const { customer } = sentBy();
    const rating = ctx.faker.helpers.weightedArrayElement([
      { weight: 6, value: 5 },
      { weight: 5, value: 4 },
      { weight: 3, value: 3 },
      { weight: 1, value: 2 },
      { weight: 1, value: 1 },
    ]);
    await createDemoRecord(
      ctx,
      feedbackResource,
      {
        name: customer.name,
        email: emailOf(customer.username, customer.company?.domain ?? 'mail'),
        companyName: customer.company?.name ?? null,
        rating,
        message: ctx.faker.helpers.arrayElement(FEEDBACK[rating] ?? FEEDBACK[3] ?? []),
        isResolved: rating >= 4 || ctx.faker.number.float() < 0.4,
      },
      { createdAt: arrived(ctx, 150) },
    );
  }
}

/** Newsletter subscribers: the companies' buyers and people who signed up on the website. */
async function seedSubscribers(ctx: DemoContext, companies: readonly Company[]): Promise<void> {
  const people = new Identities();
  const seen = new Set<string>();
  for (let index = 0; index < 45; index += 1) {
    const hub = ctx.faker.helpers.arrayElement(HUBS);
    const person = personOf(ctx.faker, hub);
    const company = index % 3 === 0 ? ctx.faker.helpers.arrayElement(companies) : null;
    const email = emailOf(people.username(person), company?.domain ?? 'mail');
    if (seen.has(email)) continue;
    seen.add(email);
    await createDemoRecord(
      ctx,
      subscriberResource,
      { email, name: index % 5 === 4 ? null : person.full, isActive: index % 9 !== 8 },
      { label: 'Subscribers', createdAt: arrived(ctx, 365) },
    );
  }
}
