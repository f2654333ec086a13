import type { AuditEntitySpec } from './audit-entity.ts';
import type { FieldSpec } from './fields.ts';
import { USER_REFERENCE } from './fields.ts';
import type { ResourceSpec } from './resource.ts';

/** What reads an entry's entity type: the assembled contract's catalogues. */
export interface AuditCatalogue {
  resources: readonly ResourceSpec[];
  auditEntityByName: ReadonlyMap<string, AuditEntitySpec>;
}

/** Of a field, what the trail reads: how to show its values and what they point at. */
export type AuditField = Pick<
  FieldSpec,
  'kind' | 'label' | 'options' | 'references' | 'scale' | 'display' | 'list'
>;

/**
 * How the trail reads one entity type, whether a resource or a declared entity: its title, its fields
 * as the screens label them, and what each entry's values point at. Plain data: the server resolves the
 * references to names with it, the panel (which receives it at build time) writes the entries out with it.
 */
export interface AuditSubject {
  name: string;
  title: string;
  fields: Readonly<Record<string, AuditField>>;
  titleField: string | null;
  /** Where its titles are read by id (a resource's or a declared entity's table), if anywhere. */
  table: string | null;
  actions: Readonly<Record<string, string>>;
  /** Fields an entry records that say nothing a reader needs (a stamp's time is the entry's own). */
  hidden: readonly string[];
}

/** Keys a trail may carry that restate the entry itself (its time, its author) or are bookkeeping. */
const INTERNAL_FIELDS = [
  'id',
  'createdAt',
  'updatedAt',
  'deletedAt',
  'createdBy',
  'updatedBy',
  'version',
  'permissionsVersion',
];

/** `deletedAt` → `Deleted at`: a key no declaration labels still reads as words. */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function auditFieldOf(spec: FieldSpec): AuditField {
  const { kind, label, options, references, scale, display, list } = spec;
  return {
    kind,
    label,
    ...(options ? { options } : {}),
    ...(references ? { references } : {}),
    ...(scale !== undefined ? { scale } : {}),
    ...(display ? { display } : {}),
    ...(list !== undefined ? { list } : {}),
  };
}

const fieldsOf = (fields: Readonly<Record<string, FieldSpec>>) =>
  Object.fromEntries(Object.entries(fields).map(([key, spec]) => [key, auditFieldOf(spec)]));

function resourceSubject(resource: ResourceSpec): AuditSubject {
  const fields: Record<string, AuditField> = fieldsOf(resource.fields);
  const hidden = [...INTERNAL_FIELDS];
  // A toggle's stamp names the user who turned it on (an id in a text field) at the entry's own time.
  for (const stamp of Object.values(resource.stampOnToggle ?? {})) {
    const by = fields[stamp.by];
    if (by) fields[stamp.by] = { ...by, kind: 'reference', references: USER_REFERENCE };
    hidden.push(stamp.at);
  }
  return {
    name: resource.name,
    title: resource.title,
    fields,
    titleField: resource.titleField,
    table: resource.table,
    actions: {},
    hidden,
  };
}

function entitySubject(entity: AuditEntitySpec): AuditSubject {
  return {
    name: entity.name,
    title: entity.title,
    fields: fieldsOf(entity.fields ?? {}),
    titleField: entity.titleField ?? null,
    table: entity.table ?? null,
    actions: entity.actions ?? {},
    hidden: INTERNAL_FIELDS,
  };
}

/** An entity type nobody declared labels for: its name in words, its keys in words. */
export function undeclaredAuditSubject(entityType: string): AuditSubject {
  return {
    name: entityType,
    title: humanizeKey(entityType),
    fields: {},
    titleField: null,
    table: null,
    actions: {},
    hidden: INTERNAL_FIELDS,
  };
}

/** Every declared subject of the trail: the resources, then the modules' other entity types. */
export function auditSubjectsOf(catalogue: AuditCatalogue): AuditSubject[] {
  const resources = new Set(catalogue.resources.map((resource) => resource.name));
  return [
    ...catalogue.resources.map(resourceSubject),
    ...[...catalogue.auditEntityByName.values()]
      .filter((entity) => !resources.has(entity.name))
      .map(entitySubject),
  ];
}

const subjects = new WeakMap<AuditCatalogue, ReadonlyMap<string, AuditSubject>>();

export function auditSubjectOf(catalogue: AuditCatalogue, entityType: string): AuditSubject {
  let known = subjects.get(catalogue);
  if (!known) {
    known = new Map(auditSubjectsOf(catalogue).map((subject) => [subject.name, subject]));
    subjects.set(catalogue, known);
  }
  return known.get(entityType) ?? undeclaredAuditSubject(entityType);
}

/**
 * The references an entry's values hold, added to `into` as `target → ids`, where a target is a
 * resource name, `user` or another declared entity type: what the server reads the names of.
 */
export function auditReferencesOf(
  subject: AuditSubject,
  values: Readonly<Record<string, unknown>> | null,
  into: Map<string, Set<string>>,
): void {
  if (!values) return;
  for (const [key, value] of Object.entries(values)) {
    const spec = subject.fields[key];
    if (spec?.kind !== 'reference' || !spec.references || typeof value !== 'string') continue;
    let ids = into.get(spec.references);
    if (!ids) {
      ids = new Set();
      into.set(spec.references, ids);
    }
    ids.add(value);
  }
}
