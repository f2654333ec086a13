import {
  bannerResource,
  CONTENT_TYPE,
  cityResource,
  newsEventResource,
  RESOURCES,
  type ResourceRecord,
  type ResourceView,
} from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { isFormView, listViewOf, recordFitsView } from './form-views.ts';

const viewOf = (route: string): ResourceView => {
  const view = RESOURCES.flatMap((resource) => resource.views).find((candidate) => candidate.route === route);
  if (!view) throw new Error(`no view ${route}`);
  return view;
};

const record = (id: string, values: Record<string, unknown> = {}): ResourceRecord => ({
  id,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  createdBy: null,
  updatedBy: null,
  ...values,
});

describe('form views', () => {
  it('tells a record form from a list, whatever params the list takes', () => {
    expect(isFormView(viewOf('banner/upsert/:id?'))).toBe(true);
    expect(isFormView(viewOf('popup/upsert/:id?'))).toBe(true);
    expect(isFormView(viewOf('banner'))).toBe(false);
    expect(isFormView(cityResource.views[0] as ResourceView)).toBe(false);
    expect(isFormView({ route: 'noncertdetails/:id?' })).toBe(false);
  });

  it('goes back to the list its route extends', () => {
    expect(listViewOf(bannerResource, viewOf('banner/upsert/:id?'))?.route).toBe('banner');
    expect(listViewOf(newsEventResource, viewOf('show/upsert/:id?'))?.route).toBe('show');
    expect(listViewOf(newsEventResource, viewOf('popup/upsert/:id?'))?.route).toBe('popup');
  });

  it('falls back to the first list when no list shares the route', () => {
    const orphan: ResourceView = { route: 'elsewhere/upsert/:id?', title: 'Elsewhere' };
    expect(listViewOf(newsEventResource, orphan)?.route).toBe('show');
  });

  it('keeps to a view the records holding every value it fixes', () => {
    const show = viewOf('show/upsert/:id?');
    expect(recordFitsView(show, record('a', { contentType: CONTENT_TYPE.SHOW }))).toBe(true);
    expect(recordFitsView(show, record('b', { contentType: CONTENT_TYPE.POPUP }))).toBe(false);
    expect(recordFitsView(viewOf('banner/upsert/:id?'), record('c'))).toBe(true);
  });
});
