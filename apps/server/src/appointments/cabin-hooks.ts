import { APPOINTMENT_MESSAGES as M } from '@facet/contract';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { locations } from '../db/resource-tables.ts';
import { HttpError } from '../http/envelope.ts';
import { columnOf } from '../resources/columns.ts';
import type { ResourceHooks, WrittenChange } from '../resources/domain-hooks.ts';
import { cabinTable } from './appointment-tables.ts';

const cabin = {
  id: columnOf(cabinTable, 'id'),
  name: columnOf(cabinTable, 'name'),
  locationId: columnOf(cabinTable, 'locationId'),
  deletedAt: columnOf(cabinTable, 'deletedAt'),
};
const locationKey = columnOf(locations, 'id');

/**
 * A cabin's name is unique within its location, ignoring case as the engine's unique fields do. Checked
 * after the row is written with the location row locked, so two parallel writes naming cabins of one
 * location queue and the second sees the first. `no key update`, as the cabin's foreign key already holds
 * a key-share lock on the location that a plain `for update` would wait on.
 */
async function refuseTakenName(tx: Db, change: WrittenChange): Promise<undefined> {
  const { before, after } = change;
  if (before && before.name === after.name && before.locationId === after.locationId) return undefined;
  const locationId = String(after.locationId);
  await tx
    .select({ id: locationKey })
    .from(locations)
    .where(eq(locationKey, locationId))
    .for('no key update');
  const [other] = await tx
    .select({ id: cabin.id })
    .from(cabinTable)
    .where(
      and(
        eq(cabin.locationId, locationId),
        ne(cabin.id, change.id),
        isNull(cabin.deletedAt),
        sql`lower(${cabin.name}) = lower(${String(after.name)})`,
      ),
    )
    .limit(1);
  if (other) {
    throw new HttpError('E_CONFLICT', M.cabinNameTaken, {
      errors: [{ field: 'name', message: M.cabinNameTaken }],
    });
  }
  return undefined;
}

/** What the cabin resource adds to its generic writes. */
export const cabinHooks: ResourceHooks = { afterWrite: refuseTakenName };
