import { defineModule } from '../modules/contract-module.ts';
import { bannerResource } from './banner.ts';
import { newsEventResource } from './news-event.ts';

/** Banners, shows and pop-ups of the website and the apps. */
export const marketingModule = defineModule({
  name: 'marketing',
  permissions: [
    { id: 5, module: 'Banner', title: 'Banner' },
    { id: 15, module: 'Show', title: 'Show' },
    { id: 16, module: 'Popup', title: 'Popup' },
  ],
  resources: [bannerResource, newsEventResource],
});
