import { readFile } from 'node:fs/promises';
import {
  type FieldSpec,
  itemNameOf,
  MENU,
  type MenuItem,
  RESOURCE_MESSAGES,
  RESOURCES,
  type ResourceSpec,
  type ResourceView,
} from '@facet/contract';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSessionOfFile } from './support/admin-session.ts';
import { searchList } from './support/list-search.ts';
import { watchStep } from './support/page-watch.ts';
import { expectMessages } from './support/panel-session.ts';
import { chooseRowAction } from './support/row-actions.ts';
import { chooseOption } from './support/select.ts';
import type { RunningPanel } from './support/server.ts';
import { openFromSidebar } from './support/sidebar.ts';

/**
 * Every module of the resource engine, as a new user meets it: from the sidebar, an invalid then a
 * valid form, an edit, a toggle, the history and an export. Driven by the contract's declarations, so a
 * new module is covered the day it is declared.
 */
const session = adminSessionOfFile();
let panel: RunningPanel;
let page: Page;
beforeAll(() => ({ panel, page } = session));

const routeRoot = (route: string) => route.split('/:')[0] ?? route;

/** The sidebar group and leaf that open a view, when the menu has one. */
function menuPath(view: ResourceView): [string, string] | undefined {
  const walk = (items: readonly MenuItem[], group?: string): [string, string] | undefined => {
    for (const item of items) {
      if (item.children) {
        const found = walk(item.children, item.name);
        if (found) return found;
      } else if (group && item.path === routeRoot(view.route)) return [group, item.name];
    }
    return undefined;
  };
  return walk(MENU);
}

/** Fields a view fills itself; opened from the sidebar, a view has no route params to pin. */
function pinned(view: ResourceView): Set<string> {
  return new Set(Object.keys(view.fixedFilter ?? {}));
}

function formFields(resource: ResourceSpec, view: ResourceView): [string, FieldSpec][] {
  return Object.entries(resource.fields).filter(
    ([key, spec]) => spec.form !== false && !pinned(view).has(key),
  );
}

const unique = Date.now().toString(36).slice(-4).toUpperCase();

/**
 * A short code no seeded record holds: ISO 3166 leaves QM to QZ (and QMA to QZZ) to its users, so no
 * country has one, where `Q` and a letter of the run (QA is Qatar) collided now and then.
 */
const shortCode = `Q${'MNOPQRSTUVWXYZ'[Number.parseInt(unique, 36) % 14]}Z`;

function textFor(spec: FieldSpec): string {
  const max = spec.max ?? 255;
  if (max <= 3) return shortCode.slice(0, max);
  return `E2E ${spec.label} ${unique}`.slice(0, max);
}

/** Fills the required fields (and the title) with values the declaration accepts. */
async function fillValid(drawer: Locator, resource: ResourceSpec, view: ResourceView): Promise<string> {
  let title = '';
  for (const [key, spec] of formFields(resource, view)) {
    if (!spec.required && key !== resource.titleField) continue;
    const input = drawer.getByLabel(spec.label, { exact: true });
    switch (spec.kind) {
      case 'text':
      case 'longText':
      case 'image': {
        if (spec.display === 'timeZone') {
          await chooseOption(page, input);
          break;
        }
        const value = textFor(spec);
        await input.fill(value);
        if (key === resource.titleField) title = value;
        break;
      }
      case 'integer':
      case 'decimal':
        await input.fill(String(Math.min(Math.max(spec.min ?? 1, 1), spec.max ?? 1)));
        break;
      case 'enum':
      case 'reference':
        await chooseOption(page, input);
        break;
      case 'date':
      case 'datetime':
        // Typed in the panel's display format (the month spelled, so never read the wrong way round).
        await input.fill(spec.kind === 'date' ? '22 Nov 2026' : '22 Nov 2026 10:30');
        await input.press('Enter');
        break;
      default:
        break;
    }
  }
  return title;
}

/**
 * Views whose route a feature's own screen takes (the settings screens, walked by one-voice.e2e.test.ts):
 * the resource is walked through another of its views (the Setting table).
 */
const OWN_SCREENS = new Set(['setting', 'general-setting']);

const views = RESOURCES.flatMap((resource) => {
  // A resource titled by a reference (a featured stone, by its stone) is found and edited through that
  // choice, not by typed text: featured-stone.e2e.test.ts walks it.
  if (resource.fields[resource.titleField]?.kind === 'reference') return [];
  const view = resource.views.find(
    (candidate) => menuPath(candidate) && !OWN_SCREENS.has(routeRoot(candidate.route)),
  );
  return view ? [[resource.name, resource, view] as const] : [];
});

/**
 * Whether the last module's walk ended with the panel at rest (no drawer, dialog or menu left open), so
 * the next one opens its screen from the sidebar where the person already is. A walk that failed leaves
 * the page as it was: the next one starts afresh from the dashboard, so one failure stays one.
 */
let atRest = false;

describe('every module of the resource engine, in Chromium', () => {
  it.each(views)('%s: sidebar, form, edit, toggle, history and export', async (_name, resource, view) => {
    const [group, leaf] = menuPath(view) ?? ['', ''];
    if (!atRest) await page.goto(`${panel.url}/hkadmin/dashboard`);
    atRest = false;
    await openFromSidebar(page, group, leaf, routeRoot(view.route));
    // The screen's own title: the list before it, drawn by the same screen, may still be on the page.
    await page.getByRole('heading', { name: view.title, exact: true }).waitFor();
    await page.locator('.ant-table').first().waitFor();

    if (resource.operations.create) {
      await page.getByRole('button', { name: `Add ${itemNameOf(resource, view)}` }).click();
      const drawer = page.getByRole('dialog');
      await drawer.getByRole('button', { name: 'Save' }).click();
      const required = formFields(resource, view).filter(([, spec]) => spec.required);
      await expectMessages(
        page,
        required
          // A field with a default (a location's time zone) is never empty on a new form.
          .filter(([, spec]) => ['text', 'longText'].includes(spec.kind) && spec.defaultValue === undefined)
          .map(([, spec]) => RESOURCE_MESSAGES.required(spec.label)),
      );
      const title = await fillValid(drawer, resource, view);
      await watchStep(page, 'saving the new record', async () => {
        await drawer.getByRole('button', { name: 'Save' }).click();
        await drawer.waitFor({ state: 'hidden' });
      });

      await searchList(page, title);
      const row = page.getByRole('row', { name: new RegExp(title) });
      await row.waitFor();

      if (resource.operations.update) {
        const titleSpec = resource.fields[resource.titleField];
        const edited = textFor(titleSpec as FieldSpec).replace('E2E', 'Edited');
        await watchStep(page, 'editing the record', async () => {
          await row.getByRole('button', { name: 'Edit' }).click();
          await drawer.getByLabel(titleSpec?.label ?? '', { exact: true }).fill(edited);
        });
        await watchStep(page, 'saving the edit', async () => {
          await drawer.getByRole('button', { name: 'Save' }).click();
          await drawer.waitFor({ state: 'hidden' });
        });
        await searchList(page, edited);
        await page.getByRole('row', { name: new RegExp(edited) }).waitFor();

        const toggle = Object.entries(resource.fields).find(
          // A 'details' toggle (a company's approval) is set on the record's own page, behind a confirmation.
          ([key, spec]) => spec.toggle === true && spec.list !== false && !pinned(view).has(key),
        );
        if (toggle) {
          const control = page.getByRole('switch', { name: `${toggle[1].label} of ${edited}` });
          const before = await control.getAttribute('aria-checked');
          await control.click();
          await expect.poll(() => control.getAttribute('aria-checked')).not.toBe(before);
        }

        await chooseRowAction(page, page.getByRole('row', { name: new RegExp(edited) }), 'History');
        const history = page.getByRole('dialog');
        await history.getByText(`${resource.title} created`).waitFor();
        await history.getByText(`${resource.title} updated`).first().waitFor();
        await page.keyboard.press('Escape');
        await history.waitFor({ state: 'hidden' });
      }
    }

    if (resource.operations.export) {
      await page.getByRole('button', { name: 'Export' }).click();
      const download = page.waitForEvent('download');
      await page.getByText('CSV (.csv)', { exact: true }).click();
      const csv = await readFile(await (await download).path(), 'utf8');
      const titleLabel = resource.fields[resource.titleField]?.label ?? '';
      expect(csv.split('\n')[0]).toContain(titleLabel);
    }
    atRest = true;
  });
});
