import type { MenuIconKey } from '@facet/contract';
import { lazy, Suspense } from 'react';

const LoadedIcon = lazy(() => import('./menu-icons.tsx'));

/**
 * A menu icon's box, the size of the icon from the first paint, so the labels do not move when the icon
 * set arrives a moment later. The menu gives this box its icon class.
 */
export function MenuIcon({ name, className }: { name: MenuIconKey; className?: string }) {
  return (
    <span className={`anticon menu-icon ${className ?? ''}`} role="img" aria-hidden="true">
      <Suspense fallback={null}>
        <LoadedIcon name={name} />
      </Suspense>
    </span>
  );
}
