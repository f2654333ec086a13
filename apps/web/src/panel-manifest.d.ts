/** Written at build time from the contract's modules (apps/web/build/panel-manifest-plugin.ts). */
declare module 'virtual:panel-manifest' {
  import type { MenuItem, PanelRoute } from '@facet/contract';

  export const PANEL_ROUTES: readonly PanelRoute[];
  export const MENU: readonly MenuItem[];
}

declare module 'virtual:resource-catalogue' {
  import type { ResourceSpec } from '@facet/contract';

  /** Every resource the modules declare, in the order of the contract's module list. */
  export const RESOURCE_CATALOGUE: readonly ResourceSpec[];
}

declare module 'virtual:reference-catalogue' {
  import type { ResourceSpec } from '@facet/contract';

  /**
   * Every resource as a reference reads it: its endpoints, title field and default sort, and of its
   * fields only the title field and those other resources show as a reference's details
   * (apps/web/build/panel-manifest-plugin.ts).
   */
  export const REFERENCE_CATALOGUE: readonly ResourceSpec[];
}

declare module 'virtual:permission-catalogue' {
  import type { ScopeCatalogue } from '@facet/contract';

  /** The modules and actions of each permission scope. */
  export const PERMISSION_SCOPE_CATALOGUE: ScopeCatalogue;
}

declare module 'virtual:audit-catalogue' {
  import type { AuditSubject } from '@facet/contract';

  /** How the trail reads each resource and declared entity type: titles, labels, references. */
  export const AUDIT_SUBJECTS: readonly AuditSubject[];
}
