import type { PermissionModule } from '../access/admin-modules.ts';
import type { ResourceSpec } from './resource.ts';

/** The parts of the assembled contract that declarations read when they are used. */
export interface RegisteredCatalogue {
  resourceByName: ReadonlyMap<string, ResourceSpec>;
  permissionModules: readonly PermissionModule[];
  /** What the audit trail records changes of: each resource, and what the modules declare. */
  auditEntityTypes: readonly string[];
}

let registered: RegisteredCatalogue | undefined;

/**
 * Declarations that must name every resource or module (a reference's title, the audit's entity
 * types) read the assembled contract when they are used, not when they load: the contract is assembled
 * from the very modules that declare them. contract-modules.ts registers it once assembled.
 */
export function registerContract(contract: RegisteredCatalogue): void {
  registered = contract;
}

export function registeredContract(): RegisteredCatalogue {
  if (!registered) throw new Error('The contract was read before contract-modules.ts assembled it');
  return registered;
}
