import { randomUUID } from 'node:crypto';
import { STOCK_UPLOAD_MESSAGES } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { type MasterValueRow, StoneCodeBook } from './upload-codes.ts';
import { duplicateGroups } from './upload-merge.ts';
import { planColumns } from './upload-plan.ts';
import { mapRow } from './upload-row.ts';

/** Master value ids are uuids, as the stone's create schema checks; tests name them `MASTER:Name`. */
const ids = new Map<string, string>();
const id = (key: string) => {
  if (!ids.has(key)) ids.set(key, randomUUID());
  return ids.get(key) as string;
};

const value = (
  masterCode: string,
  name: string,
  aliases: string[] = [],
  isActive = true,
): MasterValueRow => ({
  id: id(`${masterCode}:${name}${isActive ? '' : ' (inactive)'}`),
  masterCode,
  name,
  code: name.toUpperCase().replace(/ /g, '_'),
  aliases,
  isActive,
});

const book = new StoneCodeBook([
  value('SHAPE', 'Round', ['B', 'BR', 'RB', 'RD', 'RBC', 'RND']),
  value('SHAPE', 'Pear', ['P', 'PS', 'PSH']),
  value('SHAPE', 'Princess', ['PR', 'PRN']),
  value('CUT', 'Excellent', ['EX', 'X']),
  value('CUT', 'Very Good', ['VG']),
  value('CUT', 'Fair', ['F', 'FR']),
  value('FLUORESCENCE', 'Faint', ['F', 'FNT']),
  value('FLUORESCENCE', 'None', ['N', 'NON']),
  value('COLOR', 'G'),
  value('COLOR', 'O'),
  value('CLARITY', 'VS1'),
  value('LAB', 'GIA'),
  value('EYECLEAN', 'Yes'),
  value('EYECLEAN', 'No'),
  value('BLACK_INCLUSION_CROWN', 'BC1'),
  value('SHADE', 'Brown', [], false),
  value('SHADE', 'brown'),
]);

describe('StoneCodeBook', () => {
  it('maps names, codes and aliases ignoring case, spaces and punctuation, per master', () => {
    expect(book.lookup('SHAPE', 'rbc')).toBe(id('SHAPE:Round'));
    expect(book.lookup('SHAPE', ' Round ')).toBe(id('SHAPE:Round'));
    expect(book.lookup('SHAPE', 'P')).toBe(id('SHAPE:Pear'));
    expect(book.lookup('SHAPE', 'pr')).toBe(id('SHAPE:Princess'));
    expect(book.lookup('CUT', 'very-good')).toBe(id('CUT:Very Good'));
    expect(book.lookup('CUT', 'VERY_GOOD')).toBe(id('CUT:Very Good'));
    expect(book.lookup('CUT', 'F')).toBe(id('CUT:Fair'));
    expect(book.lookup('FLUORESCENCE', 'F')).toBe(id('FLUORESCENCE:Faint'));
    expect(book.lookup('SHAPE', 'XYZ')).toBeUndefined();
  });

  it('reads Y and N on a Yes/No master, and prefers active values', () => {
    expect(book.lookup('EYECLEAN', 'y')).toBe(id('EYECLEAN:Yes'));
    expect(book.lookup('EYECLEAN', 'N')).toBe(id('EYECLEAN:No'));
    expect(book.lookup('SHADE', 'BROWN')).toBe(id('SHADE:brown'));
  });
});

describe('mapRow', () => {
  const plan = planColumns([
    'Stock #',
    'Shape',
    'Weight',
    'Color',
    'Clarity',
    'Cut',
    'Fluorescence',
    'Lab',
    'Measurements',
    'Price/Ct',
    'Disc',
    'Eye Clean',
    'Black Inclusion',
  ]);
  const read = (cells: (string | number)[], fractionalDiscount = true) =>
    mapRow(cells, { plan, codes: book, fractionalDiscount });

  it('maps codes through the masters, splits measurements and prices by the trade rules', () => {
    const row = read([
      'A-1',
      'RB',
      '1.00',
      'g',
      'vs1',
      'EX',
      'NON',
      'gia',
      '6.4x6.5x4.0',
      '7000',
      '-0.30',
      'Y',
      'BC1',
    ]);
    expect(row.reasons).toEqual([]);
    expect(row).toMatchObject({ stockNumber: 'A-1', stockKey: 'a-1', certificateKey: null });
    expect(row.values).toMatchObject({
      shapeId: id('SHAPE:Round'),
      colorId: id('COLOR:G'),
      cutId: id('CUT:Excellent'),
      fluorescenceId: id('FLUORESCENCE:None'),
      eyeCleanId: id('EYECLEAN:Yes'),
      blackInclusionCrownId: id('BLACK_INCLUSION_CROWN:BC1'),
      length: 6.4,
      width: 6.5,
      depth: 4,
      ratio: 0.98,
      marketingPricePerCarat: 7000,
      marketingBack: -30,
      rapPrice: 10_000,
      amount: 7000,
    });
  });

  it('rejects unknown grades and unreadable numbers, and notes what it leaves empty', () => {
    const row = read(
      ['A-2', 'Blob', 'heavy', 'O-P', 'VS1', 'EX', 'N', 'GIA', '6.4x6.5', '7000', '-30', 'maybe', ''],
      false,
    );
    expect(row.values).toBeNull();
    expect(row.reasons).toEqual([
      STOCK_UPLOAD_MESSAGES.unknownValue('Shape', 'Blob'),
      'Carat "heavy" is not a number.',
      'Eye clean "maybe" was not understood and was left empty.',
      'Measurements "6.4x6.5" must read length x width x depth, e.g. 4.42x4.44x2.58; left empty.',
    ]);
    expect(read(['', 'RB', '1', 'O-P', '', '', '', '', '', '', '', '', '']).reasons).toEqual([
      'Stock # is missing.',
    ]);
  });
});

describe('duplicateGroups', () => {
  it('chains rows sharing a stock # or a certificate', () => {
    const groups = duplicateGroups([
      { row_number: 2, stock_key: 'a', certificate_key: 'gia|1' },
      { row_number: 3, stock_key: 'b', certificate_key: 'gia|1' },
      { row_number: 4, stock_key: 'b', certificate_key: null },
      { row_number: 5, stock_key: 'c', certificate_key: 'gia|2' },
      { row_number: 6, stock_key: 'c', certificate_key: null },
    ]);
    expect(groups.map((group) => group.map((row) => row.row_number))).toEqual([
      [2, 3, 4],
      [5, 6],
    ]);
  });
});
