import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { WebModule } from './web-module.ts';
import { indexWebModules, type WebModuleIndex } from './web-module-index.ts';

const WebModulesContext = createContext<WebModuleIndex | null>(null);

/** Hands the panel's module list (from main.tsx) to the engine and the shell below it. */
export function WebModulesProvider({
  modules,
  children,
}: {
  modules: readonly WebModule[];
  children: ReactNode;
}) {
  const index = useMemo(() => indexWebModules(modules), [modules]);
  return <WebModulesContext value={index}>{children}</WebModulesContext>;
}

export function useWebModules(): WebModuleIndex {
  const index = useContext(WebModulesContext);
  // Without it every feature's actions and inputs would silently vanish from the generic screens.
  if (!index) throw new Error('useWebModules needs a WebModulesProvider above it');
  return index;
}
