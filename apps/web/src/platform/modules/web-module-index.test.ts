import { describe, expect, it } from 'vitest';
import type { WebModule } from './web-module.ts';
import { indexWebModules } from './web-module-index.ts';

const screen = async () => () => null;

describe('indexWebModules', () => {
  it('merges the modules by key', () => {
    const index = indexWebModules([
      { name: 'a', screens: { one: screen }, shellWidgets: [() => null] },
      { name: 'b', screens: { two: screen }, toggles: { lot: async () => ({ message: 'ok', data: null }) } },
    ] as WebModule[]);
    expect([...index.screens.keys()]).toEqual(['one', 'two']);
    expect([...index.toggles.keys()]).toEqual(['lot']);
    expect(index.shellWidgets.map((widget) => widget.key)).toEqual(['a:0']);
  });

  it("gathers every module's sections of a record drawer, in module order", () => {
    const section = () => null;
    const index = indexWebModules([
      { name: 'a', recordSections: { stone: section } },
      { name: 'b', recordSections: { stone: section, account: section } },
    ]);
    expect(index.recordSections.get('stone')?.map((entry) => entry.key)).toEqual(['a', 'b']);
    expect(index.recordSections.get('account')?.map((entry) => entry.key)).toEqual(['b']);
  });

  it('refuses a key given by two modules', () => {
    expect(() =>
      indexWebModules([
        { name: 'a', screens: { one: screen } },
        { name: 'b', screens: { one: screen } },
      ]),
    ).toThrow('b: screens one is already given by another module');
  });

  it('refuses a module listed twice', () => {
    expect(() => indexWebModules([{ name: 'a' }, { name: 'a' }])).toThrow('web module a is listed twice');
  });
});
