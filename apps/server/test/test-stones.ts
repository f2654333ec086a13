import { MASTER_ENDPOINTS, type ResourceRecord, resourcePaths, stoneResource } from '@facet/contract';
import { expect } from 'vitest';
import type { ApiClient } from './harness.ts';

/** A stone to put in stock, its grades by master value name (the reference data's). */
export interface StoneInput {
  stockNumber: string;
  carat: number;
  shape?: string;
  color?: string;
  clarity?: string;
  lab?: string;
  certificateNumber?: string;
  rapPrice?: number;
  discount?: number;
  origin?: string;
  mine?: string;
}

const GRADES = { shape: 'SHAPE', color: 'COLOR', clarity: 'CLARITY', lab: 'LAB', origin: 'ORIGIN' } as const;

/** Master value ids by code and name, read once per client and token. */
export async function gradeIds(
  client: ApiClient,
  token: string,
): Promise<(code: string, name: string) => string> {
  const response = await client.call(MASTER_ENDPOINTS.listByCode, { code: Object.values(GRADES) }, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (code, name) => {
    const value = response.body.data[code]?.find((row) => row.name === name);
    if (!value) throw new Error(`no ${code} value ${name} (is the reference data seeded?)`);
    return value.id;
  };
}

/** Stones through the stock's own create endpoint (so the server prices them). */
export async function createStones(
  client: ApiClient,
  token: string,
  stones: readonly StoneInput[],
): Promise<ResourceRecord[]> {
  const idOf = await gradeIds(client, token);
  const created: ResourceRecord[] = [];
  for (const stone of stones) {
    const response = await client.post<ResourceRecord>(
      resourcePaths(stoneResource).create,
      {
        stockNumber: stone.stockNumber,
        carat: stone.carat,
        status: 'A',
        shapeId: stone.shape ? idOf(GRADES.shape, stone.shape) : null,
        colorId: stone.color ? idOf(GRADES.color, stone.color) : null,
        clarityId: stone.clarity ? idOf(GRADES.clarity, stone.clarity) : null,
        labId: stone.lab ? idOf(GRADES.lab, stone.lab) : null,
        roughOriginId: stone.origin ? idOf(GRADES.origin, stone.origin) : null,
        certificateNumber: stone.certificateNumber ?? null,
        mine: stone.mine ?? null,
        rapPrice: stone.rapPrice ?? null,
        marketingBack: stone.discount ?? null,
      },
      token,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    created.push(response.body.data);
  }
  return created;
}
