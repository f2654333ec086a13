import type { Plugin } from 'vite';

/** antd Table's filter hook, which imports the filter menu statically. */
const FILTER_HOOK = /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]index\.js$/;
const LAZY_FILTER_DROPDOWN = '\0facet-lazy-table-filter-dropdown';

/**
 * antd Table's column filter menu, loaded when a column first draws one.
 *
 * Table imports its filter menu (`useFilter/FilterDropdown`, with Tree, Checkbox, Radio, Dropdown and a
 * search box) whether a column filters or not; the panel's lists filter in their toolbars, not in column
 * menus, so every list's first load carried about 15 KB gzip it never ran (docs/performance.md). The
 * filter hook gets this module instead: the same `flattenKeys` it calls for every table, and a
 * FilterDropdown that draws the column's title at once and the real menu around it once it has loaded.
 * A column with `filters` or `filterDropdown` still works as in antd, its filter icon a moment later.
 */
export function lazyTableFilter(): Plugin {
  return {
    name: 'facet-lazy-table-filter',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './FilterDropdown' && importer && FILTER_HOOK.test(importer))
        return LAZY_FILTER_DROPDOWN;
      return undefined;
    },
    load(id) {
      if (id !== LAZY_FILTER_DROPDOWN) return undefined;
      return `
import * as React from 'react';

// As antd's own (useFilter/FilterDropdown.js): the filter values of a column's filters, nested ones included.
export function flattenKeys(filters) {
  let keys = [];
  (filters || []).forEach(({ value, children }) => {
    keys.push(value);
    if (children) keys = [...keys, ...flattenKeys(children)];
  });
  return keys;
}

const Menu = React.lazy(() => import('antd/es/table/hooks/useFilter/FilterDropdown.js'));

export default function FilterDropdown(props) {
  return React.createElement(
    React.Suspense,
    { fallback: props.children },
    React.createElement(Menu, props),
  );
}
`;
    },
  };
}
