import { RESOURCES } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { MAIN_MASTERS } from './master-data.ts';

describe('fields narrowed to one master', () => {
  it('name only main masters the first start seeds', () => {
    const seeded = new Set(MAIN_MASTERS.map((main) => main.code));
    const used = RESOURCES.flatMap((resource) =>
      Object.entries(resource.fields)
        .filter(([, spec]) => spec.masterCode !== undefined)
        .map(([key, spec]) => [`${resource.name}.${key}`, spec.masterCode as string] as const),
    );
    expect(used.length).toBeGreaterThan(0);
    for (const [field, code] of used) expect(seeded.has(code), `${field}: ${code}`).toBe(true);
  });
});
