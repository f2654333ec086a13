import { defineServerModule } from '../modules/server-module.ts';
import { registerStockUploads } from './stock-upload-routes.ts';

export const stockUploadServerModule = defineServerModule({
  name: 'stock-upload',
  register: (app, ctx) => {
    registerStockUploads(app, ctx);
  },
});
