import type { PermissionScope } from '@facet/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { columnsOfFlags, type FlagMap, flagMapOf } from './flags.ts';
import { permissionEntries } from './permission-table.ts';

export type Target = { roleId: string } | { userId: string };

function targetCondition(target: Target) {
  return 'roleId' in target
    ? eq(permissionEntries.roleId, target.roleId)
    : eq(permissionEntries.userId, target.userId);
}

export async function readSet(db: Db, target: Target, scope: PermissionScope): Promise<FlagMap> {
  const rows = await db
    .select()
    .from(permissionEntries)
    .where(and(targetCondition(target), eq(permissionEntries.scope, scope)));
  return flagMapOf(rows);
}

/** Replaces the stored set; call inside the transaction that also bumps the version. */
export async function replaceSet(
  db: Db,
  target: Target,
  scope: PermissionScope,
  set: FlagMap,
): Promise<void> {
  await db.delete(permissionEntries).where(and(targetCondition(target), eq(permissionEntries.scope, scope)));
  if (set.size === 0) return;
  await db.insert(permissionEntries).values(
    [...set].map(([moduleId, flags]) => ({
      ...target,
      scope,
      moduleId,
      ...columnsOfFlags(scope, flags),
    })),
  );
}
