/** antd's name path of a form field: `['emails', 0, 'value']`. */
export type NamePath = (string | number)[];

export interface FieldData {
  name: NamePath;
  errors: string[];
}

/** A server field name (`emails.0.value`, `emails[0].value`) as an antd name path. */
export function toNamePath(field: string): NamePath {
  return field
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((part) => part !== '')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * Issues (zod's, or the server's `errors`) as antd `setFields` data: the messages of each field,
 * in order, one entry per field. `rename` maps a path the form names differently.
 */
export function toFieldData(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  rename: (path: NamePath) => NamePath = (path) => path,
): FieldData[] {
  const byField = new Map<string, FieldData>();
  for (const issue of issues) {
    const name = rename(issue.path.map((part) => (typeof part === 'number' ? part : String(part))));
    const key = JSON.stringify(name);
    const entry = byField.get(key) ?? { name, errors: [] };
    if (!entry.errors.includes(issue.message)) entry.errors.push(issue.message);
    byField.set(key, entry);
  }
  return [...byField.values()];
}

export function serverFieldData(
  errors: readonly { field: string; message: string }[],
  rename?: (path: NamePath) => NamePath,
): FieldData[] {
  return toFieldData(
    errors.map((error) => ({ path: toNamePath(error.field), message: error.message })),
    rename,
  );
}
