import { and, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { masters } from '../db/resource-tables.ts';
import { columnOf } from '../resources/columns.ts';

/** One value of a main master, as the code book needs it. */
export interface MasterValueRow {
  id: string;
  /** The main master's code: SHAPE, COLOR, ... */
  masterCode: string;
  name: string;
  code: string;
  aliases: readonly string[];
  isActive: boolean;
}

const PLAIN_CODE = /^[A-Za-z0-9]+$/;

/** `Very Good`, `VERY_GOOD`, `very-good` → `VERYGOOD`; `SI-1` → `SI1`. */
export function normaliseCode(text: string): string {
  // The usual cell (`VS1`, `RB`) needs no Unicode normalisation: spare it, it runs for every cell.
  if (PLAIN_CODE.test(text)) return text.toUpperCase();
  return text
    .normalize('NFKD')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
}

/**
 * The master values a stock file's codes map to, loaded once per upload. A code matches a value's name,
 * then its code, then one of its aliases, ignoring case, spaces and punctuation (`RB`, `Round`, `round`
 * → Round). Active values win over inactive ones spelled the same. A Yes/No master also reads Y and N.
 */
export class StoneCodeBook {
  readonly #byMaster = new Map<string, Map<string, string>>();

  constructor(rows: readonly MasterValueRow[]) {
    const ordered = [...rows].sort((a, b) => Number(b.isActive) - Number(a.isActive));
    const spellings: ((row: MasterValueRow) => readonly string[])[] = [
      (row) => [row.name],
      (row) => [row.code],
      (row) => row.aliases,
    ];
    // Names first, then codes, then aliases: a name is never shadowed by another value's alias.
    for (const spellingsOf of spellings) {
      for (const row of ordered) {
        const book = this.#bookOf(row.masterCode);
        for (const spelling of spellingsOf(row)) {
          const key = normaliseCode(spelling);
          if (key !== '' && !book.has(key)) book.set(key, row.id);
        }
      }
    }
    for (const book of this.#byMaster.values()) {
      const yes = book.get('YES');
      const no = book.get('NO');
      if (yes && no) {
        if (!book.has('Y')) book.set('Y', yes);
        if (!book.has('N')) book.set('N', no);
      }
    }
  }

  #bookOf(masterCode: string): Map<string, string> {
    const code = masterCode.toUpperCase();
    let book = this.#byMaster.get(code);
    if (!book) {
      book = new Map();
      this.#byMaster.set(code, book);
    }
    return book;
  }

  /** The id of the value of master `masterCode` that `text` names, or undefined. */
  lookup(masterCode: string, text: string): string | undefined {
    return this.#byMaster.get(masterCode.toUpperCase())?.get(normaliseCode(text));
  }
}

/** Every live value of every live main master. */
export async function loadStoneCodeBook(db: Db): Promise<StoneCodeBook> {
  const parent = alias(masters, 'parent');
  const rows = await db
    .select({
      id: columnOf(masters, 'id'),
      masterCode: columnOf(parent, 'code'),
      name: columnOf(masters, 'name'),
      code: columnOf(masters, 'code'),
      aliases: columnOf(masters, 'aliases'),
      isActive: columnOf(masters, 'isActive'),
    })
    .from(masters)
    .innerJoin(parent, eq(columnOf(parent, 'id'), columnOf(masters, 'parentId')))
    .where(
      and(
        isNull(columnOf(masters, 'deletedAt')),
        isNull(columnOf(parent, 'deletedAt')),
        isNull(columnOf(parent, 'parentId')),
      ),
    );
  return new StoneCodeBook(rows as unknown as MasterValueRow[]);
}
