import type { Locator, Page } from 'playwright-core';

export interface OptionChoice {
  /** The option's text (a part of it, any case) or a pattern; the first option offered when left out. */
  option?: string | RegExp;
  /** Typed into the select first, to narrow a long or searched list. */
  typed?: string;
}

/** Until no select dropdown is sliding in or out. */
async function dropdownsAtRest(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector(
        '.ant-select-dropdown[class*="-appear"], .ant-select-dropdown[class*="-enter"], .ant-select-dropdown[class*="-leave"]',
      ),
  );
}

/**
 * Opens a select and picks an option, as a person does. Clicks wait for the dropdowns to finish moving:
 * an option clicked while its dropdown still slides in is hit at a spot it has already left, and the
 * choice is lost (15 of 39 tries on a loaded machine, none of 30 after the wait); a dropdown still
 * sliding out would offer its options too.
 */
export async function chooseOption(page: Page, control: Locator, { option, typed }: OptionChoice = {}) {
  await dropdownsAtRest(page);
  await control.click();
  if (typed !== undefined) await control.fill(typed);
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  const choice = (option === undefined ? options : options.filter({ hasText: option })).first();
  await choice.waitFor();
  await dropdownsAtRest(page);
  await choice.click();
}
