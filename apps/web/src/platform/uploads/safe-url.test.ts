import { describe, expect, it } from 'vitest';
import { httpAddressOf, linkableUrl } from './safe-url.ts';

describe('httpAddressOf', () => {
  it('keeps http(s) addresses, in the form the browser reads them', () => {
    expect(httpAddressOf(' https://example.com/scans/passport.pdf ')).toBe(
      'https://example.com/scans/passport.pdf',
    );
    expect(httpAddressOf('HTTP://Example.com')).toBe('http://example.com/');
    expect(httpAddressOf('https://example.com/a b.pdf')).toBe('https://example.com/a%20b.pdf');
  });

  it('refuses every other scheme, however it is spelt, and what is not an address', () => {
    for (const text of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'ftp://example.com/file.pdf',
      '//example.com/file.pdf',
      '/files/passport.pdf',
      'passport.pdf',
      'https://',
      '',
    ]) {
      expect(httpAddressOf(text), text).toBeNull();
    }
  });
});

describe('linkableUrl', () => {
  it('lets http(s) addresses and the site’s own paths become links', () => {
    expect(linkableUrl('https://example.com/a.png')).toBe('https://example.com/a.png');
    expect(linkableUrl('/files/private/x/passport.pdf?expires=1&signature=a')).toBe(
      '/files/private/x/passport.pdf?expires=1&signature=a',
    );
  });

  it('keeps runnable or foreign-host values from becoming links', () => {
    for (const value of [
      'javascript:alert(1)',
      'java\nscript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      '',
      null,
      3,
    ]) {
      expect(linkableUrl(value), String(value)).toBeNull();
    }
  });
});
