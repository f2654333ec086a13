import { AUDIT_SUBJECTS } from 'virtual:audit-catalogue';
import { type AuditSubject, undeclaredAuditSubject } from '@facet/contract';

const SUBJECT_BY_NAME: ReadonlyMap<string, AuditSubject> = new Map(
  AUDIT_SUBJECTS.map((subject) => [subject.name, subject]),
);

/** How the trail reads an entity type, from the data the build wrote of the contract's declarations. */
export function auditSubjectFor(entityType: string): AuditSubject {
  return SUBJECT_BY_NAME.get(entityType) ?? undeclaredAuditSubject(entityType);
}
