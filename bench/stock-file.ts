/**
 * A deterministic RapNet-style stock file: the same seed gives the same bytes. Distributions follow a
 * typical inventory (mostly rounds, small sizes, G–J colours, VS–SI clarities); the discount is written
 * as a fraction (−0.30), as RapNet files do, and a few rows carry the odd spellings real files have.
 */

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';

/** mulberry32: small, fast, good enough for test data. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function weighted<T>(next: () => number, entries: readonly (readonly [T, number])[]): () => T {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  return () => {
    let pick = next() * total;
    for (const [value, weight] of entries) {
      pick -= weight;
      if (pick <= 0) return value;
    }
    return entries[entries.length - 1]?.[0] as T;
  };
}

export const STOCK_FILE_HEADERS = [
  'Stock #',
  'Availability',
  'Shape',
  'Weight',
  'Color',
  'Clarity',
  'Cut Grade',
  'Polish',
  'Symmetry',
  'Fluorescence Intensity',
  'Measurements',
  'Lab',
  'Certificate #',
  'RapNet Price',
  'RapNet Discount %',
  'Depth %',
  'Table %',
  'Girdle %',
  'Crown Angle',
  'Pavilion Angle',
  'City',
  'Report Issue Date',
  'Key to symbols',
  'Diamond Image',
];

/** Writes `rows` stones to `file`; answers its size in bytes. */
export async function writeStockFile(file: string, rows: number, seed = 20_240_531): Promise<number> {
  const next = random(seed);
  const shape = weighted(next, [
    ['RB', 55],
    ['Oval', 8],
    ['PS', 7],
    ['Princess', 6],
    ['CU', 7],
    ['EM', 5],
    ['Radiant', 4],
    ['MQ', 3],
    ['Asscher', 2],
    ['Heart', 3],
  ]);
  const color = weighted(next, [
    ['D', 6],
    ['E', 9],
    ['F', 12],
    ['G', 16],
    ['H', 16],
    ['I', 14],
    ['J', 11],
    ['K', 8],
    ['L', 5],
    ['M', 3],
  ]);
  const clarity = weighted(next, [
    ['IF', 3],
    ['VVS1', 7],
    ['VVS2', 10],
    ['VS1', 17],
    ['VS2', 20],
    ['SI1', 20],
    ['SI2', 14],
    ['I1', 9],
  ]);
  const grade = weighted(next, [
    ['EX', 60],
    ['VG', 28],
    ['G', 10],
    ['F', 2],
  ]);
  const fluorescence = weighted(next, [
    ['None', 60],
    ['Faint', 18],
    ['Medium', 12],
    ['Strong', 8],
    ['VST', 2],
  ]);
  const lab = weighted(next, [
    ['GIA', 75],
    ['IGI', 15],
    ['HRD', 6],
    ['AGS', 4],
  ]);
  const availability = weighted(next, [
    ['G', 80],
    ['M', 12],
    ['STPS', 7],
    ['NA', 1],
  ]);
  const city = weighted(next, [
    ['Mumbai', 40],
    ['Surat', 20],
    ['Antwerp', 15],
    ['Hong Kong', 10],
    ['New York', 10],
    ['Dubai', 5],
  ]);
  const symbols = ['Crystal', 'Feather', 'Cloud', 'Needle', 'Pinpoint', 'Natural'];
  const out = createWriteStream(file);
  const write = async (line: string) => {
    if (!out.write(line)) await once(out, 'drain');
  };
  await write(`${STOCK_FILE_HEADERS.join(',')}\n`);
  for (let index = 1; index <= rows; index += 1) {
    const carat = Math.round((0.23 + next() ** 2.2 * 4.5) * 100) / 100;
    const shapeCode = shape();
    const round = shapeCode === 'RB';
    const diameter = 6.45 * Math.cbrt(carat);
    const length = round ? diameter * (0.995 + next() * 0.01) : diameter * (1.1 + next() * 0.4);
    const width = round ? diameter * (0.995 + next() * 0.01) : diameter * (0.8 + next() * 0.1);
    const depth = Math.min(length, width) * (0.59 + next() * 0.05);
    const rap = Math.round(((1500 + carat * 9000) * (1 + next())) / 100) * 100;
    const discount = -Math.round((5 + next() * 45) * 100) / 10_000;
    const pricePerCarat = Math.round(rap * (1 + discount));
    const issued = new Date(Date.UTC(2018, 0, 1) + Math.floor(next() * 2400) * 86_400_000);
    const cells = [
      `FB${String(index).padStart(7, '0')}`,
      availability(),
      shapeCode,
      carat.toFixed(2),
      color(),
      clarity(),
      round ? grade() : '',
      grade(),
      grade(),
      fluorescence(),
      `${length.toFixed(2)}x${width.toFixed(2)}x${depth.toFixed(2)}`,
      lab(),
      String(1_000_000_000 + index * 7),
      String(pricePerCarat),
      discount.toFixed(4),
      (59 + next() * 4).toFixed(1),
      (54 + next() * 6).toFixed(0),
      (2 + next() * 3).toFixed(1),
      (33 + next() * 3).toFixed(1),
      (40.5 + next() * 1).toFixed(1),
      city(),
      issued.toISOString().slice(0, 10),
      `"${symbols[Math.floor(next() * symbols.length)]}, ${symbols[Math.floor(next() * symbols.length)]}"`,
      `https://images.example.com/stones/FB${String(index).padStart(7, '0')}.jpg`,
    ];
    await write(`${cells.join(',')}\n`);
  }
  out.end();
  await once(out, 'finish');
  return out.bytesWritten;
}
