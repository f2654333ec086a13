import { Outlet } from 'react-router';
import { NavigationProgress } from './navigation-progress.tsx';

export function RootLayout() {
  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
}
