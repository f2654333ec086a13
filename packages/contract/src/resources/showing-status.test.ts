import { describe, expect, it } from 'vitest';
import { bannerResource, defineResource, newsEventResource, showingStatusOf } from '../index.ts';

const banners = { from: 'fromDate', to: 'toDate' };
const now = new Date(2026, 10, 25, 15, 43);

describe('showingStatusOf', () => {
  it('reads a datetime period by the instant', () => {
    const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();
    expect(showingStatusOf({ fromDate: at(-1), toDate: at(1) }, banners, now)).toBe('live');
    expect(showingStatusOf({ fromDate: at(1), toDate: at(5) }, banners, now)).toBe('scheduled');
    expect(showingStatusOf({ fromDate: at(-5), toDate: at(-1) }, banners, now)).toBe('expired');
  });

  it('counts the whole last day of a date-only period, in the reader’s calendar', () => {
    expect(showingStatusOf({ fromDate: '2026-11-25', toDate: '2026-11-25' }, banners, now)).toBe('live');
    expect(showingStatusOf({ fromDate: '2026-11-26', toDate: null }, banners, now)).toBe('scheduled');
    expect(showingStatusOf({ fromDate: null, toDate: '2026-11-24' }, banners, now)).toBe('expired');
  });

  it('takes an empty start as begun and an empty end as never', () => {
    expect(showingStatusOf({ fromDate: null, toDate: null }, banners, now)).toBe('live');
  });
});

describe('list preview declarations', () => {
  it('are declared on banners and shows', () => {
    expect(bannerResource.listPreview).toEqual({ image: 'desktopImage', period: banners });
    expect(newsEventResource.listPreview).toEqual({ image: 'image', period: banners });
  });

  it('refuses a preview naming a field that is not an image or a date', () => {
    expect(() => defineResource({ ...bannerResource, listPreview: { image: 'name' } })).toThrow(
      /not an image field/,
    );
    expect(() =>
      defineResource({ ...bannerResource, listPreview: { period: { from: 'name', to: 'toDate' } } }),
    ).toThrow(/not a date field/);
  });
});
