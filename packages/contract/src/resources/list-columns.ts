import type { FieldSpec } from './fields.ts';

/** A cell of an exported file: the record's field and how the file writes it. */
export interface FileColumn<R> {
  key: keyof R & string;
  spec: FieldSpec;
}

/**
 * A column of a staff list: its key and header (the spec's label), as the screen shows it and the
 * export writes it. A screen column joining several fields (a stone's grades) names them in `file`, one
 * file column each, so a spreadsheet can sort and sum them.
 */
export interface ListColumn<R> {
  key: string;
  spec: FieldSpec;
  file?: readonly FileColumn<R>[];
}

/** The file columns of a list, in the screen's order. */
export function fileColumnsOf<R>(columns: readonly ListColumn<R>[]): FileColumn<R>[] {
  return columns.flatMap(
    (column) => column.file ?? [{ key: column.key as keyof R & string, spec: column.spec }],
  );
}
