import { describe, expect, it } from 'vitest';
import { fieldText } from './field-text.ts';
import { field } from './fields.ts';

// Fields as the stock declares them: what a trader reads of a stone.
const amount = field.decimal('Amount', { scale: 2, display: 'money' });
const pricePerCarat = field.decimal('Price/ct', { scale: 2, display: 'money' });
const discount = field.decimal('Rap discount %', { scale: 2, display: 'percent' });
const carat = field.decimal('Carat', { scale: 3, display: 'carat' });
const status = field.enum('Status', [
  { value: 'A', label: 'Available' },
  { value: 'D', label: 'Stone of the day' },
]);

describe('a field as people read it', () => {
  it('writes prices as money, a discount as a percentage and a weight in carats', () => {
    expect(fieldText(amount, 12500)).toBe('USD 12,500.00');
    expect(fieldText(pricePerCarat, '8333.3')).toBe('USD 8,333.30');
    expect(fieldText(discount, -32.5)).toBe('-32.50%');
    expect(fieldText(carat, 1.5)).toBe('1.50');
    expect(fieldText(carat, 0.305)).toBe('0.305');
  });

  it('writes dates spelled out, a moment in the reader’s zone', () => {
    expect(fieldText(field.date('Report date'), '2026-11-25')).toBe('25 Nov 2026');
    const at = field.datetime('Sent');
    expect(fieldText(at, '2026-11-25T15:43:00Z')).toMatch(/^\d{1,2} [A-Z][a-z]{2} 2026 \d{2}:\d{2}$/);
    expect(fieldText(at, '2026-11-25T15:43:00Z', { timeZone: 'Asia/Tokyo' })).toBe('26 Nov 2026 00:43');
  });

  it('labels options and flags, and writes one dash for nothing', () => {
    expect(fieldText(status, 'D')).toBe('Stone of the day');
    expect(fieldText(field.boolean('Visible'), false)).toBe('No');
    expect(fieldText(field.integer('Pieces'), 12000)).toBe('12,000');
    expect(fieldText(field.decimal('Ratio', { scale: 2 }), 1.2)).toBe('1.20');
    for (const empty of [null, undefined, '']) expect(fieldText(amount, empty)).toBe('—');
    expect(fieldText(field.textList('Key to symbols'), [])).toBe('—');
  });

  it("reads a program's name for something as words", () => {
    const action = field.text('Action', { display: 'code' });
    expect(fieldText(action, 'open-stone')).toBe('Open stone');
    expect(fieldText(action, 'download_invoice')).toBe('Download invoice');
    expect(fieldText(action, 'placeOrder')).toBe('Place order');
    expect(fieldText(field.text('Name'), 'open-stone')).toBe('open-stone');
  });
});
