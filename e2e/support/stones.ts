import {
  MASTER_LIST_BY_CODE_PATH,
  type ResourceRecord,
  resourcePaths,
  STORAGE_KEYS,
  stoneResource,
} from '@facet/contract';
import type { Page } from 'playwright-core';

/** A call of the API with the page's own session, for a test's arrangements. */
export async function apiAs<T>(page: Page, baseUrl: string, path: string, body: unknown): Promise<T> {
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  const response = await fetch(`${baseUrl}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: string; data: T };
  if (envelope.code !== 'OK') throw new Error(`${path} answered ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** A stone in stock, graded by master value names, priced by Rap and discount. */
export interface TestStone {
  stockNumber: string;
  carat: number;
  shape: string;
  color: string;
  clarity: string;
  rapPrice: number;
  discount: number;
}

/** Puts the stones in stock through the API and answers them as created. */
export async function createStones(
  page: Page,
  baseUrl: string,
  stones: readonly TestStone[],
): Promise<ResourceRecord[]> {
  const masters = await apiAs<Record<string, ResourceRecord[]>>(page, baseUrl, MASTER_LIST_BY_CODE_PATH, {
    code: ['SHAPE', 'COLOR', 'CLARITY'],
  });
  const idOf = (code: string, name: string) => {
    const value = masters[code]?.find((row) => row.name === name);
    if (!value) throw new Error(`no ${code} value ${name}`);
    return value.id;
  };
  const created: ResourceRecord[] = [];
  for (const stone of stones) {
    created.push(
      await apiAs<ResourceRecord>(page, baseUrl, resourcePaths(stoneResource).create, {
        stockNumber: stone.stockNumber,
        status: 'A',
        carat: stone.carat,
        shapeId: idOf('SHAPE', stone.shape),
        colorId: idOf('COLOR', stone.color),
        clarityId: idOf('CLARITY', stone.clarity),
        rapPrice: stone.rapPrice,
        marketingBack: stone.discount,
      }),
    );
  }
  return created;
}
