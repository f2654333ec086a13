import { RESOURCES } from '@facet/contract';
import type { ComponentType } from 'react';
import { ResourceListPage } from './resource-list-page.tsx';

/**
 * The screen of a PANEL_ROUTES path that is a resource view, or null. One module for every resource,
 * so all of them share one chunk; the route table imports it lazily and keeps the catalogue out of
 * sign-in.
 */
export function resourceScreenFor(path: string): ComponentType | null {
  for (const resource of RESOURCES) {
    const view = resource.views.find((candidate) => candidate.route === path);
    if (view) {
      const Screen = () => <ResourceListPage key={view.route} resource={resource} view={view} />;
      Screen.displayName = `ResourceScreen(${view.route})`;
      return Screen;
    }
  }
  return null;
}
