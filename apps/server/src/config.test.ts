import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, resolveJwtSecret } from './config.ts';

describe('parseConfig', () => {
  it('applies the defaults', () => {
    const config = parseConfig({}, '/srv/facet');
    expect(config).toMatchObject({
      port: 1376,
      host: '0.0.0.0',
      dataDir: '/srv/facet/data',
      databaseUrl: undefined,
      mailFrom: 'Facet <no-reply@facet.local>',
      publicUrl: 'http://localhost:1376',
      tokenTtlMs: 12 * 3_600_000,
      admin: { username: 'admin', email: 'admin@example.com', password: undefined },
      trustProxy: false,
      prettyLogs: false,
      syncSourceUrl: undefined,
      syncToken: undefined,
      seedCities: true,
    });
    expect(config.webDistDir).toMatch(/apps\/web\/dist$/);
  });

  it('reads the environment', () => {
    const config = parseConfig(
      {
        PORT: '8080',
        DATA_DIR: 'var',
        PUBLIC_URL: 'https://panel.example.com/',
        TOKEN_TTL: '30m',
        TRUST_PROXY: 'true',
        DATABASE_URL: '',
      },
      '/srv',
    );
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/srv/var',
      publicUrl: 'https://panel.example.com',
      tokenTtlMs: 30 * 60_000,
      trustProxy: true,
      databaseUrl: undefined,
    });
  });

  it('reads TRUST_PROXY as a number of proxies, or their addresses', () => {
    expect(parseConfig({ TRUST_PROXY: '1' }, '/srv').trustProxy).toBe(1);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }, '/srv').trustProxy).toBe(
      '10.0.0.0/8,127.0.0.1',
    );
    expect(parseConfig({ TRUST_PROXY: 'false' }, '/srv').trustProxy).toBe(false);
  });

  it('reads the stock system to synchronise with, without a trailing slash', () => {
    const config = parseConfig({
      SYNC_SOURCE_URL: 'https://stock.example.com/export/',
      SYNC_TOKEN: 'secret',
    });
    expect(config).toMatchObject({ syncSourceUrl: 'https://stock.example.com/export', syncToken: 'secret' });
    expect(parseConfig({ SYNC_SOURCE_URL: '', SYNC_TOKEN: ' ' })).toMatchObject({
      syncSourceUrl: undefined,
      syncToken: undefined,
    });
    expect(() => parseConfig({ SYNC_SOURCE_URL: 'ftp://stock.example.com' })).toThrow(/SYNC_SOURCE_URL/);
    expect(() => parseConfig({ SYNC_SOURCE_URL: 'not a url' })).toThrow(ConfigError);
  });

  it('seeds the world cities unless told not to', () => {
    expect(parseConfig({ SEED_CITIES: 'false' }).seedCities).toBe(false);
    expect(parseConfig({ SEED_CITIES: 'true' }).seedCities).toBe(true);
    expect(() => parseConfig({ SEED_CITIES: 'no' })).toThrow('SEED_CITIES must be true or false');
  });

  it('reads the search history retention and the export limits', () => {
    expect(parseConfig({})).toMatchObject({
      searchHistoryRetentionDays: 365,
      exportConcurrency: 2,
      exportConcurrencyPerUser: 1,
      exportQueueWaitMs: 30_000,
    });
    expect(
      parseConfig({
        SEARCH_HISTORY_RETENTION_DAYS: '90',
        EXPORT_CONCURRENCY: '4',
        EXPORT_CONCURRENCY_PER_USER: '2',
        EXPORT_QUEUE_WAIT_SECONDS: '0',
      }),
    ).toMatchObject({
      searchHistoryRetentionDays: 90,
      exportConcurrency: 4,
      exportConcurrencyPerUser: 2,
      exportQueueWaitMs: 0,
    });
    expect(() => parseConfig({ EXPORT_CONCURRENCY: '0' })).toThrow(/EXPORT_CONCURRENCY/);
    expect(() => parseConfig({ EXPORT_CONCURRENCY_PER_USER: 'many' })).toThrow(/EXPORT_CONCURRENCY_PER_USER/);
    expect(() => parseConfig({ SEARCH_HISTORY_RETENTION_DAYS: '0' })).toThrow(
      /SEARCH_HISTORY_RETENTION_DAYS/,
    );
  });

  it('pretty-prints only on a terminal outside production', () => {
    expect(parseConfig({}, '/', true).prettyLogs).toBe(true);
    expect(parseConfig({ NODE_ENV: 'production' }, '/', true).prettyLogs).toBe(false);
  });

  it('names every invalid variable', () => {
    expect(() => parseConfig({ PORT: 'abc', TOKEN_TTL: 'forever', JWT_SECRET: 'short' })).toThrow(
      ConfigError,
    );
    expect(() => parseConfig({ TOKEN_TTL: 'forever' })).toThrow(/TOKEN_TTL/);
  });
});

describe('resolveJwtSecret', () => {
  it('generates a secret once and keeps it in DATA_DIR with mode 600', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'facet-config-'));
    const config = parseConfig({ DATA_DIR: dataDir });
    const warnings: string[] = [];
    const first = resolveJwtSecret(config, (message) => warnings.push(message));
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveJwtSecret(config, (message) => warnings.push(message))).toBe(first);
    const file = path.join(dataDir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(warnings).toEqual([]);
  });

  it('warns when a shared database has no shared secret', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'facet-config-'));
    const warnings: string[] = [];
    resolveJwtSecret(parseConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db/facet' }), (m) =>
      warnings.push(m),
    );
    expect(warnings).toHaveLength(1);
  });
});
