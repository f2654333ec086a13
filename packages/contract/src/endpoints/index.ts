export * from './access.ts';
export * from './endpoint.ts';
