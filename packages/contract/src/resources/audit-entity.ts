import type { FieldSpec } from './fields.ts';

/**
 * Something the audit trail records that is not an engine resource (a user, a role, a company's KYC
 * document): how the trail names it and the fields its entries carry, declared by the module that
 * records it, so that every history reads it in words without knowing the module.
 */
export interface AuditEntitySpec {
  /** The entries' `entityType`. */
  name: string;
  /** What one of them is called, e.g. `KYC document`: actions read `KYC document created`. */
  title: string;
  /** The fields its entries record, labelled as the screens label them; references name their target. */
  fields?: Readonly<Record<string, FieldSpec>>;
  /** The field naming one of them in a summary and beside its entries (`documentType`). */
  titleField?: string;
  /** Its database table (with an `id`), where the server reads the titles of the ids the trail holds. */
  table?: string;
  /** Actions that read otherwise than `{title} {verb}`: `{ 'accountDocument.create': 'KYC document uploaded' }`. */
  actions?: Readonly<Record<string, string>>;
}

export function defineAuditEntity<const S extends AuditEntitySpec>(spec: S): S & AuditEntitySpec {
  if (spec.titleField && !spec.fields?.[spec.titleField])
    throw new Error(`${spec.name}: titleField ${spec.titleField} is not a field`);
  return spec;
}

/** A module's declared entity type: its name alone, or a declaration with its labels. */
export type AuditEntityDeclaration = string | AuditEntitySpec;

export function auditEntityNameOf(declaration: AuditEntityDeclaration): string {
  return typeof declaration === 'string' ? declaration : declaration.name;
}
