import { defineModule } from '../modules/contract-module.ts';
import { AUTH_ENDPOINTS } from './auth-endpoints.ts';

/** Signing in and out, sign-up, passwords and the own profile. */
export const authModule = defineModule({
  name: 'auth',
  endpoints: [AUTH_ENDPOINTS],
  screens: [{ path: 'profile', title: 'My Account', module: null }],
});
