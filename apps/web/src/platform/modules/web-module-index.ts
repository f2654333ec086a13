import type { ComponentType } from 'react';
import type {
  RecordSection,
  ReferenceInput,
  RowActions,
  ScreenLoader,
  ToggleCall,
  WebModule,
} from './web-module.ts';

/** The modules' contributions merged by key, as the router and the engine look them up. */
export interface WebModuleIndex {
  publicScreens: ReadonlyMap<string, ScreenLoader>;
  screens: ReadonlyMap<string, ScreenLoader>;
  rowActions: ReadonlyMap<string, RowActions>;
  toggles: ReadonlyMap<string, ToggleCall>;
  inputs: ReadonlyMap<string, ReferenceInput>;
  /** Keyed by module, for React's list of them. */
  shellWidgets: readonly { key: string; Widget: ComponentType }[];
  /** By resource name; several modules may add to one drawer, keyed by module for React. */
  recordSections: ReadonlyMap<string, readonly { key: string; Section: RecordSection }[]>;
}

function sectionsByResource(modules: readonly WebModule[]) {
  const sections = new Map<string, { key: string; Section: RecordSection }[]>();
  for (const module of modules) {
    for (const [resource, Section] of Object.entries(module.recordSections ?? {})) {
      sections.set(resource, [...(sections.get(resource) ?? []), { key: module.name, Section }]);
    }
  }
  return sections;
}

type Keyed = 'publicScreens' | 'screens' | 'rowActions' | 'toggles' | 'inputs';

function merge<K extends Keyed>(modules: readonly WebModule[], part: K) {
  type Value = NonNullable<WebModule[K]>[string];
  const merged = new Map<string, Value>();
  for (const module of modules) {
    for (const [key, value] of Object.entries(module[part] ?? {}) as [string, Value][]) {
      // Two modules claiming one screen or one resource's actions would make the winner an accident of order.
      if (merged.has(key))
        throw new Error(`${module.name}: ${part} ${key} is already given by another module`);
      merged.set(key, value);
    }
  }
  return merged;
}

export function indexWebModules(modules: readonly WebModule[]): WebModuleIndex {
  const names = new Set<string>();
  for (const { name } of modules) {
    if (names.has(name)) throw new Error(`web module ${name} is listed twice`);
    names.add(name);
  }
  return {
    publicScreens: merge(modules, 'publicScreens'),
    screens: merge(modules, 'screens'),
    rowActions: merge(modules, 'rowActions'),
    toggles: merge(modules, 'toggles'),
    inputs: merge(modules, 'inputs'),
    shellWidgets: modules.flatMap((module) =>
      (module.shellWidgets ?? []).map((Widget, position) => ({ key: `${module.name}:${position}`, Widget })),
    ),
    recordSections: sectionsByResource(modules),
  };
}
