import { defineServerModule } from '../modules/server-module.ts';
import { registerUploads } from './upload-routes.ts';

export const uploadsServerModule = defineServerModule({
  name: 'uploads',
  register: (app, ctx) => registerUploads(app, ctx),
});
