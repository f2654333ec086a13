import type { Faker } from '@faker-js/faker';
import type { Hub } from './places.ts';

/** Plain ASCII words joined by `separator`, for usernames and domains: `Chloé Dubois` → `chloe-dubois`. */
export function slugOf(text: string, separator: '-' | '' = '-'): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .trim()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join(separator);
}

export interface PersonName {
  first: string;
  last: string;
  full: string;
}

export function personOf(faker: Faker, hub: Hub): PersonName {
  const first = faker.helpers.arrayElement(hub.firstNames);
  const last = faker.helpers.arrayElement(hub.lastNames);
  return { first, last, full: `${first} ${last}` };
}

/**
 * Usernames and e-mail addresses of the demo: unique among the demo's own, on the `.example` domain
 * (reserved, RFC 2606) so that no sign-in code ever reaches a real mailbox, whatever SMTP_URL says.
 */
export class Identities {
  readonly #taken = new Set<string>();

  username(person: PersonName): string {
    const base = `${slugOf(person.first, '')}.${slugOf(person.last, '')}`;
    let candidate = base;
    for (let suffix = 2; this.#taken.has(candidate); suffix += 1) candidate = `${base}${suffix}`;
    this.#taken.add(candidate);
    return candidate;
  }
}

export function emailOf(local: string, domain: string): string {
  return `${local}@${domain}.example`;
}

export function phoneOf(faker: Faker, hub: Hub): string {
  return faker.helpers.replaceSymbols(hub.phone);
}
