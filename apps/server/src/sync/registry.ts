import {
  accountResource,
  cityResource,
  countryResource,
  dayTermResource,
  masterResource,
  type ResourceSpec,
  type SyncEntity,
  sizeResource,
  stateResource,
  stoneResource,
} from '@facet/contract';
import {
  cityByName,
  countryByCode,
  dayTermByName,
  gradeByCodeOrAlias,
  type Lookup,
  mainMasterByCode,
  masterValueByCode,
  staffByUsername,
  stateByCode,
} from './lookups.ts';
import { resourceSyncHandler } from './resource-entity.ts';
import type { SyncHandler } from './sync-run.ts';
import { customerUserSync } from './user-entity.ts';

/** A master-value field of `resource` (`businessTypeId`), named in the source by the value's code. */
function masterValue(resource: ResourceSpec, source: string, target: string): Lookup {
  const masterCode = resource.fields[target]?.masterCode;
  if (!masterCode) throw new Error(`${resource.name}.${target} is not a master value`);
  return masterValueByCode(source, target, masterCode);
}

/**
 * Every grade of a stone (a master-value field) as a lookup: the source names it without the `Id`
 * (`shape`, `colorShade`, `fancyColor`) by the value's code or alias.
 */
const stoneGrades: Lookup[] = Object.entries(stoneResource.fields)
  .filter(([, spec]) => spec.masterCode !== undefined)
  .map(([key, spec]) =>
    gradeByCodeOrAlias(key.endsWith('Id') ? key.slice(0, -2) : key, key, spec.masterCode as string),
  );

/**
 * How each entity of the stock system lands here; the source's record shapes are in docs/sync.md. The
 * contract's SYNC_ENTITIES lists the entities, so a new one fails the type check until it has an
 * entry here.
 */
export const SYNC_HANDLERS: Readonly<Record<SyncEntity, SyncHandler>> = {
  master: resourceSyncHandler({
    resource: masterResource,
    lookups: [mainMasterByCode('parentCode', 'parentId')],
    key: ['parentId', 'code'],
    runsFirst: (record) =>
      record.parentCode === undefined || record.parentCode === null || record.parentCode === '',
  }),
  size: resourceSyncHandler({ resource: sizeResource, key: ['name'] }),
  accountTerm: resourceSyncHandler({ resource: dayTermResource, key: ['name'] }),
  country: resourceSyncHandler({ resource: countryResource, key: ['code'] }),
  state: resourceSyncHandler({
    resource: stateResource,
    lookups: [countryByCode('countryCode', 'countryId')],
    key: ['countryId', 'code'],
  }),
  city: resourceSyncHandler({
    resource: cityResource,
    lookups: [countryByCode('countryCode', 'countryId'), stateByCode('stateCode', 'stateId')],
    key: ['countryId', 'stateId', 'name'],
  }),
  ledger: resourceSyncHandler({
    resource: accountResource,
    lookups: [
      countryByCode('countryCode', 'countryId'),
      stateByCode('stateCode', 'stateId'),
      cityByName('cityName', 'cityId'),
      dayTermByName('paymentTerm', 'paymentTermId'),
      masterValue(accountResource, 'businessType', 'businessTypeId'),
      masterValue(accountResource, 'natureOfOrganisation', 'natureOfOrganisationId'),
      masterValue(accountResource, 'companySize', 'companySizeId'),
      staffByUsername('salesPerson', 'salesPersonId'),
    ],
    key: ['code'],
  }),
  user: customerUserSync,
  // Written through the stone's own write, so price per carat, discount and amount stay consistent.
  diamond: resourceSyncHandler({ resource: stoneResource, lookups: stoneGrades, key: ['stockNumber'] }),
};
