export * from './field-rules.ts';
export * from './fields.ts';
export * from './record-schema.ts';
export * from './reference-details.ts';
export * from './resource.ts';
export * from './resource-paths.ts';
export * from './schemas.ts';
