import { createBrowserRouter } from 'react-router';
import { appRoutes } from '../routes/app-routes.tsx';

export const router = createBrowserRouter(appRoutes);
