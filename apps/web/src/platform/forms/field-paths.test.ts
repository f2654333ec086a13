import { describe, expect, it } from 'vitest';
import { serverFieldData, toFieldData, toNamePath } from './field-paths.ts';

describe('toNamePath', () => {
  it('reads dotted and bracketed indexes', () => {
    expect(toNamePath('emails.0.value')).toEqual(['emails', 0, 'value']);
    expect(toNamePath('emails[1].value')).toEqual(['emails', 1, 'value']);
    expect(toNamePath('name')).toEqual(['name']);
  });
});

describe('toFieldData', () => {
  it('groups messages per field, without repeats', () => {
    expect(
      toFieldData([
        { path: ['emails'], message: 'a' },
        { path: ['emails'], message: 'a' },
        { path: ['emails', 0, 'value'], message: 'b' },
      ]),
    ).toEqual([
      { name: ['emails'], errors: ['a'] },
      { name: ['emails', 0, 'value'], errors: ['b'] },
    ]);
  });

  it('renames paths the form names differently', () => {
    expect(
      serverFieldData([{ field: 'expiresAt', message: 'x' }], (path) =>
        path[0] === 'expiresAt' ? ['expires'] : path,
      ),
    ).toEqual([{ name: ['expires'], errors: ['x'] }]);
  });
});
