import { defineModule } from '../modules/contract-module.ts';
import { bannerResource } from './banner.ts';
import { MARKETING_PERMISSIONS } from './marketing-permissions.ts';
import { newsEventResource } from './news-event.ts';

/** Banners, shows and pop-ups of the website and the apps. */
export const marketingModule = defineModule({
  name: 'marketing',
  permissions: MARKETING_PERMISSIONS,
  resources: [bannerResource, newsEventResource],
});
