import { formatDate } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { fillTemplate } from './notification-template.ts';

describe('a notification template filled in', () => {
  it('writes the values, a date as the panel writes it', () => {
    expect(
      fillTemplate('{name} of {company} added {stone} on {date}.', {
        name: 'Anna',
        company: 'Acme',
        stone: 'R1',
        date: '2026-11-27',
      }),
    ).toBe('Anna of Acme added R1 on 27 Nov 2026.');
  });

  it('leaves out a value the event does not have, with the comma it leaves, and dates it today', () => {
    const written = formatDate(new Date().toISOString().slice(0, 10));
    expect(fillTemplate('New sign-up: {name}, {stone}, {date}.', { name: 'Eve' })).toBe(
      `New sign-up: Eve, ${written}.`,
    );
    expect(fillTemplate('Price changed: {stone}.', {})).toBe('Price changed.');
    expect(fillTemplate('Hello {name}, welcome', {})).toBe('Hello, welcome');
  });

  it('writes what a status change made of its record', () => {
    expect(fillTemplate('Your order {stone} is now {status}.', { stone: 'PO-000041', status: 'done' })).toBe(
      'Your order PO-000041 is now done.',
    );
  });

  it('keeps other text in braces, and cuts at the limit', () => {
    expect(fillTemplate('{order} for {name}', { name: 'Anna' })).toBe('{order} for Anna');
    expect(fillTemplate('{name}', { name: 'x'.repeat(50) }, 10)).toBe('x'.repeat(10));
  });
});
