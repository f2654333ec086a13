import { describe, expect, it } from 'vitest';
import {
  ADMIN_MODULE_BY_NAME,
  accountResource,
  bannerResource,
  careerResource,
  countryResource,
  createSchemaOf,
  defineResource,
  exportSchemaOf,
  featuredStoneResource,
  field,
  LIST_EXPORT_FORMATS,
  locationResource,
  masterResource,
  newsEventResource,
  PANEL_ROUTES,
  paginateSchemaOf,
  RESOURCE_BY_NAME,
  RESOURCES,
  referenceDetailColumns,
  referenceDetailKey,
  sizeResource,
  sortKeysOf,
  stoneResource,
  USER_REFERENCE,
  updateSchemaOf,
} from '../index.ts';

describe('resource catalogue', () => {
  it('declares every view at a panel route, gated by the resource module', () => {
    const routes = new Map(PANEL_ROUTES.map((route) => [route.path, route]));
    for (const resource of RESOURCES) {
      expect(ADMIN_MODULE_BY_NAME.has(resource.module), resource.name).toBe(true);
      for (const view of resource.views) expect(routes.has(view.route), view.route).toBe(true);
    }
  });

  it('points every reference at a declared resource or a user, and every sort default at a sortable field', () => {
    for (const resource of RESOURCES) {
      for (const [key, spec] of Object.entries(resource.fields)) {
        if (spec.kind !== 'reference') continue;
        const target = spec.references ?? '';
        expect(target === USER_REFERENCE || RESOURCE_BY_NAME.has(target), `${resource.name}.${key}`).toBe(
          true,
        );
      }
      expect(sortKeysOf(resource), resource.name).toContain(resource.defaultSort.field);
    }
  });

  it('narrows to one master only references to master', () => {
    for (const resource of RESOURCES) {
      for (const [key, spec] of Object.entries(resource.fields)) {
        if (spec.masterCode === undefined) continue;
        expect(spec.kind, `${resource.name}.${key}`).toBe('reference');
        expect(spec.references, `${resource.name}.${key}`).toBe(masterResource.name);
        expect(spec.masterCode, `${resource.name}.${key}`).toMatch(/^[A-Z][A-Z0-9_]*$/);
      }
    }
    expect(accountResource.fields.businessTypeId).toMatchObject({
      references: 'master',
      masterCode: 'BUSINESS_TYPE',
    });
    expect(accountResource.fields.salesPersonId).toMatchObject({ references: USER_REFERENCE });
  });

  it('refuses a view pinning a field the resource does not have', () => {
    const views = [{ route: 'x', title: 'X', notNull: ['nope'] }];
    expect(() => defineResource({ ...sizeResource, views })).toThrow(/unknown field nope/);
  });
});

describe('generated payload schemas', () => {
  it('requires required fields on create and refuses unknown ones', () => {
    const create = createSchemaOf(countryResource);
    expect(create.safeParse({ name: 'Belgium', code: 'BE' }).success).toBe(true);
    const missing = create.safeParse({ code: 'BE' });
    expect(missing.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'Enter a name.'],
    ]);
    expect(create.safeParse({ name: 'Belgium', code: 'BE', id: 'x' }).success).toBe(false);
    expect(create.safeParse({ name: 'Belgium', code: 'BEL' }).success).toBe(false);
  });

  it('lets a create leave out a required field that has a default, never empty it', () => {
    const create = createSchemaOf(stoneResource);
    expect(create.safeParse({ stockNumber: 'S-1', carat: 1 }).success).toBe(true);
    expect(create.safeParse({ stockNumber: 'S-1', carat: 1, status: null }).success).toBe(false);
    expect(create.safeParse({ carat: 1 }).success).toBe(false);
  });

  it('takes an id filter only where declared, as a list of record ids', () => {
    const stones = paginateSchemaOf(stoneResource);
    expect(stones.safeParse({ filter: { id: ['8f8f8f8f-1111-4222-8333-444455556666'] } }).success).toBe(true);
    expect(stones.safeParse({ filter: { id: ['STK-1'] } }).success).toBe(false);
    expect(stones.safeParse({ filter: { id: [] } }).success).toBe(false);
    expect(
      paginateSchemaOf(sizeResource).safeParse({ filter: { id: ['8f8f8f8f-1111-4222-8333-444455556666'] } })
        .success,
    ).toBe(false);
  });

  it('lets an update carry any subset', () => {
    expect(updateSchemaOf(sizeResource).safeParse({ isActive: false }).success).toBe(true);
    expect(updateSchemaOf(sizeResource).safeParse({ fromCarat: 'one' }).success).toBe(false);
  });

  it('refuses null for a boolean or a list on create and update of every resource, and takes it elsewhere', () => {
    for (const resource of RESOURCES) {
      const create = createSchemaOf(resource);
      const update = updateSchemaOf(resource);
      for (const [key, spec] of Object.entries(resource.fields)) {
        if (spec.form === false) continue;
        const refused = update.safeParse({ [key]: null });
        if (spec.kind === 'boolean' || spec.kind === 'textList') {
          expect(refused.error?.issues[0]?.path, `${resource.name}.${key}`).toEqual([key]);
          expect(create.safeParse({ [key]: null }).error?.issues.some((issue) => issue.path[0] === key)).toBe(
            true,
          );
        } else if (!spec.required) {
          expect(refused.success, `${resource.name}.${key}`).toBe(true);
        }
      }
    }
    expect(updateSchemaOf(accountResource).safeParse({ emails: null }).error?.issues[0]?.message).toBe(
      'Enter the e-mails as a list of values.',
    );
  });

  it('takes http(s) links, paths and file names in link fields, and refuses every other scheme', () => {
    const banner = updateSchemaOf(bannerResource);
    const refusals = [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example/x',
      '/\\evil.example/x',
    ];
    for (const link of refusals) {
      const result = banner.safeParse({ targetUrl: link, videoUrl: link, desktopImage: link });
      expect(result.error?.issues.map((issue) => issue.path[0]).sort(), link).toEqual([
        'desktopImage',
        'targetUrl',
        'videoUrl',
      ]);
    }
    expect(banner.safeParse({ targetUrl: 'javascript:x' }).error?.issues[0]?.message).toBe(
      'Enter the link or in-app target as an http(s) address, a page of the site (/...) or an app link (app://...).',
    );
    expect(
      updateSchemaOf(accountResource).safeParse({ website: 'data:text/html,x' }).error?.issues[0]?.message,
    ).toBe('Upload a file or enter an http(s) address for the website.');
    for (const link of [
      'https://example.com/a?b=c',
      'HTTP://example.com',
      '/new-arrival',
      'app://dashboard',
    ]) {
      expect(banner.safeParse({ targetUrl: link }).success, link).toBe(true);
    }
    expect(banner.safeParse({ videoUrl: 'app://dashboard' }).success).toBe(false);
    const stones = createSchemaOf(stoneResource);
    for (const link of ['2141438171.pdf', 'https://img.example/r2.jpg', '/files/a/b.jpg']) {
      expect(stones.safeParse({ stockNumber: 'S-1', carat: 1, certificateUrl: link }).success, link).toBe(
        true,
      );
    }
    for (const [resource, key] of [
      [locationResource, 'mapUrl'],
      [newsEventResource, 'url'],
      [careerResource, 'resumeUrl'],
      [stoneResource, 'imageUrl'],
      [stoneResource, 'videoUrl'],
      [stoneResource, 'heartsImageUrl'],
      [stoneResource, 'arrowsImageUrl'],
    ] as const) {
      expect(updateSchemaOf(resource).safeParse({ [key]: 'javascript:alert(1)' }).success, key).toBe(false);
    }
  });

  it('whitelists filters and sort keys', () => {
    const paginate = paginateSchemaOf(sizeResource);
    expect(
      paginate.safeParse({ filter: { fromCarat: { from: 0.3, to: 0.39 } }, sort: { sequence: 'asc' } })
        .success,
    ).toBe(true);
    expect(paginate.safeParse({ filter: { 'name; drop table sizes': 'x' } }).success).toBe(false);
    expect(paginate.safeParse({ sort: { password: 'asc' } }).success).toBe(false);
    expect(paginate.safeParse({ limit: 100_000 }).success).toBe(false);
    expect(exportSchemaOf(sizeResource).parse({}).format).toBe('xlsx');
    expect(exportSchemaOf(sizeResource).safeParse({ format: 'pdf' }).success).toBe(false);
    expect(exportSchemaOf(sizeResource, LIST_EXPORT_FORMATS).parse({ format: 'pdf' }).format).toBe('pdf');
  });
});

describe('details of referenced rows', () => {
  it('names every declared detail after its reference, labelled as the referenced field', () => {
    for (const resource of RESOURCES)
      expect(() => referenceDetailColumns(resource, RESOURCE_BY_NAME)).not.toThrow();
    const columns = referenceDetailColumns(featuredStoneResource, RESOURCE_BY_NAME);
    expect(columns.map((column) => [column.key, column.label])).toEqual([
      ['stoneShape', 'Shape'],
      ['stoneCarat', 'Carat'],
      ['stoneColor', 'Color'],
      ['stoneClarity', 'Clarity'],
      ['stoneMarketingPricePerCarat', 'Price/ct'],
      ['stoneAmount', 'Amount'],
    ]);
    expect(referenceDetailKey('parentId', 'code')).toBe('parentCode');
  });

  it('refuses a detail the referenced resource does not have', () => {
    const broken = {
      ...featuredStoneResource,
      fields: {
        ...featuredStoneResource.fields,
        stoneId: field.reference('Stone', 'diamond', { details: ['nope'] }),
      },
    };
    expect(() => referenceDetailColumns(broken, RESOURCE_BY_NAME)).toThrow(/diamond has no field nope/);
  });
});
