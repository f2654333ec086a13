import { describe, expect, it } from 'vitest';
import { parseDuration } from './duration.ts';

describe('parseDuration', () => {
  it('reads units', () => {
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration('90s')).toBe(90_000);
    expect(parseDuration('15m')).toBe(900_000);
    expect(parseDuration('12h')).toBe(43_200_000);
    expect(parseDuration('7d')).toBe(604_800_000);
  });
  it('reads a bare number as seconds', () => {
    expect(parseDuration('3600')).toBe(3_600_000);
  });
  it('refuses nonsense and zero', () => {
    expect(parseDuration('soon')).toBeUndefined();
    expect(parseDuration('0h')).toBeUndefined();
    expect(parseDuration('-5m')).toBeUndefined();
  });
});
