import {
  MASTER_ENDPOINTS,
  type ResourceRecord,
  resourceEndpoints,
  STORAGE_KEYS,
  stoneResource,
} from '@facet/contract';
import type { Page } from 'playwright-core';
import { callEndpoint } from '../../apps/server/test/endpoint-client.ts';

/** The token of the page's own session, for a test's arrangements through the API. */
export async function sessionToken(page: Page): Promise<string> {
  return (await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token)) ?? '';
}

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
  const token = await sessionToken(page);
  const masters = await callEndpoint(
    baseUrl,
    MASTER_ENDPOINTS.listByCode,
    { code: ['SHAPE', 'COLOR', 'CLARITY'] },
    { token },
  );
  const create = resourceEndpoints(stoneResource).create;
  if (!create) throw new Error('stones cannot be created through the API');
  const idOf = (code: string, name: string) => {
    const value = masters[code]?.find((row) => row.name === name);
    if (!value) throw new Error(`no ${code} value ${name}`);
    return value.id;
  };
  const created: ResourceRecord[] = [];
  for (const stone of stones) {
    const body = {
      stockNumber: stone.stockNumber,
      status: 'A',
      carat: stone.carat,
      shapeId: idOf('SHAPE', stone.shape),
      colorId: idOf('COLOR', stone.color),
      clarityId: idOf('CLARITY', stone.clarity),
      rapPrice: stone.rapPrice,
      marketingBack: stone.discount,
    };
    created.push((await callEndpoint(baseUrl, create, body, { token })) as ResourceRecord);
  }
  return created;
}
