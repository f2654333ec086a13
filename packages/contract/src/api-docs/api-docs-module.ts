import { defineModule } from '../modules/contract-module.ts';
import { API_DOCS_ENDPOINTS } from './api-docs-endpoints.ts';

/** The OpenAPI document and its reader. */
export const apiDocsModule = defineModule({
  name: 'api-docs',
  endpoints: [API_DOCS_ENDPOINTS],
});
