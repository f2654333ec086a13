import { defineEndpoint, pageOf } from '../endpoints/endpoint.ts';
import { loginLogEntrySchema, loginLogPaginateSchema } from './login-log.ts';

export const LOGIN_LOG_ENDPOINTS = {
  paginate: defineEndpoint({
    method: 'POST',
    path: 'user/login/log/paginate',
    tag: 'Login report',
    summary: 'Sign-in events, newest first unless sorted otherwise.',
    access: { module: 'Login', action: 'view' },
    body: loginLogPaginateSchema,
    answer: { data: pageOf(loginLogEntrySchema) },
  }),
};
