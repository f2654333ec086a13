import type { ResourceSpec } from './resource.ts';

/** The parts of the assembled contract that declarations read when they are used. */
export interface RegisteredCatalogue {
  resourceByName: ReadonlyMap<string, ResourceSpec>;
}

let registered: RegisteredCatalogue | undefined;

/**
 * A resource's endpoints name the titles of the resources it references, read when the endpoints are
 * built, not when the declarations load: the contract is assembled from the very modules that declare
 * them. contract-modules.ts registers it once assembled.
 */
export function registerContract(contract: RegisteredCatalogue): void {
  registered = contract;
}

export function registeredContract(): RegisteredCatalogue {
  if (!registered) throw new Error('The contract was read before contract-modules.ts assembled it');
  return registered;
}
