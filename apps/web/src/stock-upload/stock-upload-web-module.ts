import type { WebModule } from '../platform/modules/web-module.ts';

export const stockUploadWebModule: WebModule = {
  name: 'stock-upload',
  screens: {
    'Upload-Stock': () => import('./stock-upload-page.tsx').then((module) => module.StockUploadPage),
  },
};
