import type { FormRule } from 'antd';
import { lazyZodRule, type ParsingSchema } from '../platform/forms/zod-rule.ts';
import type * as AuthSchemas from './auth-schemas.ts';

const loadSchemas = () => import('./auth-schemas.ts');

/** A rule from a contract auth schema field, which stays out of the screen's first download. */
export function authFieldRule(pick: (schemas: typeof AuthSchemas) => ParsingSchema): FormRule {
  return lazyZodRule(() => loadSchemas().then(pick));
}
