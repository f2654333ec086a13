import type { PGlite } from '@electric-sql/pglite';
import type { LiveEvent } from '@facet/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/client.ts';

/** The PostgreSQL channel every instance listens on. */
export const LIVE_CHANNEL = 'facet_live';
/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more; an event larger is split. */
const PAYLOAD_MAX_BYTES = 7_500;
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

export type LiveListener = (event: LiveEvent) => void;

/** What features use: events reach every instance's open streams. */
export interface LivePublisher {
  publish(event: LiveEvent): Promise<void>;
}

/**
 * Events shared by every instance through PostgreSQL's LISTEN/NOTIFY: `publish` notifies the channel,
 * and each instance hands what it hears to its listeners (the open streams of live-stream.ts). Nothing
 * is kept: a panel that was not connected refetches when it opens.
 */
export interface LiveBus extends LivePublisher {
  subscribe(listener: LiveListener): () => void;
  close(): Promise<void>;
}

const byteLength = (text: string) => Buffer.byteLength(text, 'utf8');

/** The event as NOTIFY payloads, each under PostgreSQL's limit: long id or path lists are split. */
export function payloadsOf(event: LiveEvent): string[] {
  const whole = JSON.stringify(event);
  if (byteLength(whole) <= PAYLOAD_MAX_BYTES) return [whole];
  const items = event.kind === 'changed' ? event.paths : event.userIds;
  const withItems = (part: string[]): LiveEvent =>
    event.kind === 'changed' ? { ...event, paths: part } : { ...event, userIds: part };
  const payloads: string[] = [];
  let part: string[] = [];
  for (const item of items) {
    const candidate = JSON.stringify(withItems([...part, item]));
    if (byteLength(candidate) > PAYLOAD_MAX_BYTES && part.length > 0) {
      payloads.push(JSON.stringify(withItems(part)));
      part = [item];
    } else if (byteLength(candidate) <= PAYLOAD_MAX_BYTES) {
      part.push(item);
    }
    // An item that alone passes the limit (a path of several kilobytes) is dropped.
  }
  if (part.length > 0) payloads.push(JSON.stringify(withItems(part)));
  return payloads;
}

/** A payload as an event, or undefined when it is not one this version publishes. */
export function parseLiveEvent(payload: string): LiveEvent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const event = value as Record<string, unknown>;
  const strings = (list: unknown) => Array.isArray(list) && list.every((item) => typeof item === 'string');
  if (event.kind === 'changed' && typeof event.module === 'string' && strings(event.paths)) {
    return { kind: 'changed', module: event.module, paths: event.paths as string[] };
  }
  if (event.kind === 'notification' && strings(event.userIds)) {
    return { kind: 'notification', userIds: event.userIds as string[] };
  }
  return undefined;
}

class Listeners {
  readonly #listeners = new Set<LiveListener>();

  constructor(readonly log: FastifyBaseLogger) {}

  add(listener: LiveListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  deliver(payload: string | undefined): void {
    const event = payload === undefined ? undefined : parseLiveEvent(payload);
    if (!event) return;
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch (error) {
        this.log.warn({ err: error }, 'a live listener failed');
      }
    }
  }
}

/**
 * The bus of this instance: on PostgreSQL a connection of its own outside the pool (LISTEN holds its
 * session), reopened with a growing delay when it breaks; on PGlite its listen() API.
 */
export async function openLiveBus(
  database: Pick<Database, 'db' | 'kind'>,
  options: { databaseUrl: string | undefined; log: FastifyBaseLogger },
): Promise<LiveBus> {
  const listeners = new Listeners(options.log);
  const publish = async (event: LiveEvent) => {
    for (const payload of payloadsOf(event)) {
      await database.db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`);
    }
  };
  if (database.kind === 'pglite') {
    // drizzle keeps the PGlite instance it was given as $client.
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const unlisten = await client.listen(LIVE_CHANNEL, (payload) => listeners.deliver(payload));
    return {
      publish,
      subscribe: (listener) => listeners.add(listener),
      async close() {
        await unlisten().catch(() => undefined);
      },
    };
  }
  if (!options.databaseUrl) throw new Error('the live bus needs DATABASE_URL on PostgreSQL');
  const listener = new PostgresListener(options.databaseUrl, listeners, options.log);
  await listener.start();
  return {
    publish,
    subscribe: (callback) => listeners.add(callback),
    close: () => listener.close(),
  };
}

class PostgresListener {
  #client: pg.Client | undefined;
  #closed = false;
  #delay = RECONNECT_MIN_MS;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    readonly connectionString: string,
    readonly listeners: Listeners,
    readonly log: FastifyBaseLogger,
  ) {}

  /** The first connection must work: a server that cannot listen would show stale screens silently. */
  async start(): Promise<void> {
    await this.#connect();
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (message) => {
      if (message.channel === LIVE_CHANNEL) this.listeners.deliver(message.payload);
    });
    client.on('error', (error) => this.#lost(client, error));
    client.on('end', () => this.#lost(client));
    this.#client = client;
    try {
      await client.connect();
      await client.query(`listen ${LIVE_CHANNEL}`);
      this.#delay = RECONNECT_MIN_MS;
    } catch (error) {
      this.#lost(client, error as Error);
      throw error;
    }
  }

  #lost(client: pg.Client, error?: Error): void {
    if (this.#client !== client) return;
    this.#client = undefined;
    void client.end().catch(() => undefined);
    if (this.#closed) return;
    this.log.warn({ err: error }, 'the live updates connection was lost; reconnecting');
    const delay = this.#delay;
    this.#delay = Math.min(this.#delay * 2, RECONNECT_MAX_MS);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#connect().catch(() => undefined);
    }, delay);
    this.#timer.unref();
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }
}
