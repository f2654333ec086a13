import { defineEndpoint } from '../endpoints/endpoint.ts';
import { recordSchemaOf } from '../resources/record-schema.ts';
import { modulesOf } from '../resources/resource.ts';
import { createSchemaOf } from '../resources/schemas.ts';
import { settingResource } from './setting-resources.ts';

export const SETTING_ENDPOINTS = {
  /** The generic endpoints serve the rest (`GET apis/setting/{key}` reads by the key field). */
  upsert: defineEndpoint({
    method: 'POST',
    path: 'apis/setting/upsert',
    tag: 'Setting',
    summary: 'Writes the setting with this key (ignoring case), creating it when missing.',
    access: { modules: modulesOf(settingResource), action: 'update' },
    body: createSchemaOf(settingResource),
    answer: { data: recordSchemaOf(settingResource) },
  }),
};
