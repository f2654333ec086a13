import { Skeleton } from 'antd';
import { type ComponentType, lazy, Suspense } from 'react';
import { ScreenCard } from '../lists/screen-card.tsx';
import { isFormView } from './form-views.ts';
import { RESOURCE_CATALOGUE } from './resource-catalogue.ts';
import { ResourceListPage } from './resource-list-page.tsx';

// The form (contract schemas, DatePicker) loads with the first record form opened, as the list's drawer does.
const ResourceUpsertPage = lazy(() =>
  import('./resource-upsert-page.tsx').then((module) => ({ default: module.ResourceUpsertPage })),
);

/**
 * The screen of a PANEL_ROUTES path that is a resource view, or null: a record's form for an
 * `upsert/:id?` view, the list for any other. One module for every resource, so all of them share one
 * chunk; the route table imports it lazily and keeps the catalogue out of sign-in.
 */
export function resourceScreenFor(path: string): ComponentType | null {
  for (const resource of RESOURCE_CATALOGUE) {
    const view = resource.views.find((candidate) => candidate.route === path);
    if (!view) continue;
    const Screen: ComponentType = isFormView(view)
      ? () => (
          <Suspense
            fallback={
              // antd's <Card loading />, whose Card would bring Tabs to every list's first load.
              <ScreenCard>
                <Skeleton active title={false} paragraph={{ rows: 4 }} />
              </ScreenCard>
            }
          >
            <ResourceUpsertPage key={view.route} resource={resource} view={view} />
          </Suspense>
        )
      : () => <ResourceListPage key={view.route} resource={resource} view={view} />;
    Screen.displayName = `ResourceScreen(${view.route})`;
    return Screen;
  }
  return null;
}
