import { describe, expect, it } from 'vitest';
import { extensionOf, MAX_FILE_NAME_LENGTH, sanitiseFileName } from './file-name.ts';

describe('sanitiseFileName', () => {
  it('keeps ordinary names', () => {
    expect(sanitiseFileName('stone-01.jpg')).toBe('stone-01.jpg');
    expect(sanitiseFileName('Report_2024.PDF')).toBe('Report_2024.pdf');
  });

  it('keeps only the last path segment, whatever the slash', () => {
    expect(sanitiseFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitiseFileName('..\\..\\windows\\win.ini')).toBe('win.ini');
    expect(sanitiseFileName('/var/www/../x.png')).toBe('x.png');
  });

  it('never yields a hidden file, a dot-dot or an empty name', () => {
    expect(sanitiseFileName('..')).toBe('file');
    expect(sanitiseFileName('.htaccess')).toBe('file.htaccess');
    expect(sanitiseFileName('')).toBe('file');
    expect(sanitiseFileName('   ')).toBe('file');
    expect(sanitiseFileName('.png')).toBe('file.png');
    expect(sanitiseFileName('-.png')).toBe('file.png');
    expect(sanitiseFileName('a.')).toBe('a');
    expect(sanitiseFileName('a..png')).toBe('a.png');
  });

  it('folds accents and replaces unsafe characters', () => {
    expect(sanitiseFileName('Pierre précieuse (1).jpg')).toBe('Pierre-precieuse-1.jpg');
    expect(sanitiseFileName('a"b<c>d;e\r\nf.gif')).toBe('a-b-c-d-e-f.gif');
    expect(sanitiseFileName('钻石.png')).toBe('file.png');
    expect(sanitiseFileName('x\u0000y.pdf')).toBe('x-y.pdf');
    expect(sanitiseFileName('a<b>c.html')).toBe('a-b-c.html');
    expect(sanitiseFileName('<script>alert(1)</script>.html')).toBe('script.html');
  });

  it('caps the length and keeps the extension', () => {
    const name = sanitiseFileName(`${'a'.repeat(300)}.jpeg`);
    expect(name).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(name.endsWith('.jpeg')).toBe(true);
  });

  it('reads the lowercase extension', () => {
    expect(extensionOf('a.JPG')).toBe('jpg');
    expect(extensionOf('noext')).toBe('');
  });
});
