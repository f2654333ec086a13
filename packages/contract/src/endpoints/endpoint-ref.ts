import type { EndpointSpec } from './endpoint.ts';

// Free of zod, like endpoint-path.ts, and apart from it: the sign-in screen's first download holds the
// client's path helpers and has no room for these.

/**
 * What a client needs of a declared endpoint to call it and to know whether it may (canCall): its method,
 * path and access rule, typed by the declaration it stands for (body, path parameters, answer) but holding
 * none of its schemas: a screen that calls through refs does not download zod and the declarations
 * (docs/performance.md). Each part has the declaration's literal type, so a ref naming another path or
 * rule than its declaration does not type-check.
 */
export interface EndpointRef<E extends EndpointSpec = EndpointSpec> {
  readonly method: E['method'];
  readonly path: E['path'];
  readonly access: E['access'];
  /** Never set: carries the declaration's type to the typed clients. */
  readonly declared?: E;
}

/** The ref of a declaration, from its method, path and access rule. */
export function endpointRef<E extends EndpointSpec>(
  method: E['method'],
  path: E['path'],
  access: E['access'],
): EndpointRef<E> {
  return { method, path, access };
}

/**
 * Refs of some endpoints of a declared table, each by its method, path and access rule:
 * `endpointRefs<typeof ROLE_ENDPOINTS>()({ paginate: ['POST', 'apis/role/paginate', { module: 'Role
 * Master', action: 'view' }] })`. What is declared as a literal is checked by the type; a path or module
 * built from a variable is only a string, so the refs' test compares them with the declarations.
 */
export function endpointRefs<T extends Record<string, EndpointSpec>>() {
  return <const K extends keyof T & string>(
    routes: {
      [P in K]: readonly [method: T[P]['method'], path: T[P]['path'], access: T[P]['access']];
    },
  ): { [P in K]: EndpointRef<T[P]> } =>
    Object.fromEntries(
      Object.entries(routes).map(([name, route]) => {
        const [method, path, access] = route as readonly [
          EndpointSpec['method'],
          string,
          EndpointSpec['access'],
        ];
        return [name, endpointRef(method, path, access)];
      }),
    ) as { [P in K]: EndpointRef<T[P]> };
}
