import {
  cityResource,
  countryResource,
  featuredStoneResource,
  masterResource,
  RESOURCE_BY_NAME,
  RESOURCES,
  stateResource,
} from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { applyGridChoice } from './grid-choices.ts';
import { resequence } from './resequence.ts';
import {
  childLinksOf,
  columnChoicesOf,
  fillRoute,
  filterSpecOf,
  pinnedValuesOf,
  pluralOf,
  recordTitleOf,
  referenceTitleOf,
} from './resource-model.ts';

const [mainMaster, subMaster] = masterResource.views;

describe('resource model', () => {
  it('pins the fixed filter and the present route params', () => {
    expect(pinnedValuesOf(mainMaster, {})).toEqual({ parentId: null });
    expect(pinnedValuesOf(subMaster, { id: 'm1' })).toEqual({ parentId: 'm1' });
    expect(pinnedValuesOf(cityResource.views[0] as never, { id: 's1' })).toEqual({ stateId: 's1' });
  });

  it('filters by the declaration, less the pinned fields', () => {
    expect(filterSpecOf(cityResource, new Set(['stateId']))).toEqual({
      countryId: 'string',
      isActive: 'boolean',
    });
    expect(filterSpecOf(masterResource, new Set())).toMatchObject({ code: 'string', parentId: 'string' });
  });

  it('lists the listed fields, then hidden system columns', () => {
    const keys = columnChoicesOf(stateResource, new Set(['countryId'])).map((choice) => choice.key);
    expect(keys).toEqual(['name', 'code', 'isActive', 'createdAt', 'updatedAt']);
  });

  it('follows a reference with the details of the row it points at, given the catalogue', () => {
    const keys = columnChoicesOf(featuredStoneResource, new Set(), RESOURCE_BY_NAME).map(
      (choice) => choice.key,
    );
    expect(keys.slice(0, 8)).toEqual([
      'stoneId',
      'stoneShape',
      'stoneCarat',
      'stoneColor',
      'stoneClarity',
      'stoneMarketingPricePerCarat',
      'stoneAmount',
      'kind',
    ]);
    expect(columnChoicesOf(featuredStoneResource, new Set()).map((choice) => choice.key)).not.toContain(
      'stoneShape',
    );
  });

  it('names a record by its title field, or by the title of the row its title field points at', () => {
    const base = { id: 'r1', createdAt: '', updatedAt: '', createdBy: null, updatedBy: null };
    expect(recordTitleOf(stateResource, { ...base, name: 'Antwerp' })).toBe('Antwerp');
    expect(recordTitleOf(featuredStoneResource, { ...base, stoneId: 's1', stoneTitle: 'FD100001' })).toBe(
      'FD100001',
    );
    expect(recordTitleOf(featuredStoneResource, { ...base, stoneId: 's1' })).toBe('s1');
  });

  it('reads reference titles in the conventions a server may use', () => {
    expect(referenceTitleOf({ countryTitle: 'India' }, 'countryId', 'name')).toBe('India');
    expect(referenceTitleOf({ countryIdTitle: 'India' }, 'countryId', 'name')).toBe('India');
    expect(referenceTitleOf({ country: { name: 'India' } }, 'countryId', 'name')).toBe('India');
    expect(referenceTitleOf({}, 'countryId', 'name')).toBeUndefined();
  });

  it('links parents to the views that list their children', () => {
    const country = childLinksOf(countryResource, countryResource.views[0] as never, RESOURCES);
    expect(country.map((link) => [link.label, link.pathOf('c1')])).toEqual([['States', 'state/c1']]);
    const state = childLinksOf(stateResource, stateResource.views[0] as never, RESOURCES);
    expect(state.map((link) => [link.label, link.pathOf('s1')])).toEqual([['Cities', 'city/s1']]);
    expect(childLinksOf(masterResource, mainMaster, RESOURCES).map((link) => link.pathOf('m1'))).toEqual([
      'master/sub-master/m1',
    ]);
    expect(childLinksOf(masterResource, subMaster, RESOURCES)).toEqual([]);
  });

  it('fills routes and pluralises titles', () => {
    expect(fillRoute('city/:id?/:countryId?', { countryId: 'c1' })).toBe('city');
    expect(fillRoute('city/:id?/:countryId?', { id: 's1', countryId: 'c1' })).toBe('city/s1/c1');
    expect([pluralOf('City'), pluralOf('State'), pluralOf('Box')]).toEqual(['Cities', 'States', 'Boxes']);
  });
});

describe('grid choice', () => {
  const defaults = [
    { key: 'a', label: 'A', visible: true },
    { key: 'b', label: 'B', visible: true },
    { key: 'c', label: 'C', visible: false },
  ];
  it('keeps saved order and visibility, drops unknown keys and appends new ones', () => {
    const merged = applyGridChoice(defaults, [
      { key: 'b', visible: false },
      { key: 'gone', visible: true },
      { key: 'a', visible: true },
    ]);
    expect(merged.map((choice) => [choice.key, choice.visible])).toEqual([
      ['b', false],
      ['a', true],
      ['c', false],
    ]);
    expect(applyGridChoice(defaults, null)).toEqual(defaults);
  });
});

describe('resequence', () => {
  const rows = [
    { id: 'a', sequence: 10 },
    { id: 'b', sequence: 20 },
    { id: 'c', sequence: 30 },
  ];
  it('moves a row and reuses the page sequence values', () => {
    const result = resequence(rows, 2, 0, (row) => row.sequence);
    expect(result.rows.map((row) => row.id)).toEqual(['c', 'a', 'b']);
    expect(result.changes).toEqual([
      { id: 'c', sequence: 10 },
      { id: 'a', sequence: 20 },
      { id: 'b', sequence: 30 },
    ]);
  });
  it('numbers repeated sequences from the smallest up, sending only changes', () => {
    const flat = rows.map((row) => ({ ...row, sequence: 0 }));
    expect(resequence(flat, 0, 1, (row) => row.sequence).changes).toEqual([
      { id: 'a', sequence: 1 },
      { id: 'c', sequence: 2 },
    ]);
  });
  it('ignores a move to the same place', () => {
    expect(resequence(rows, 1, 1, (row) => row.sequence).changes).toEqual([]);
  });
});
