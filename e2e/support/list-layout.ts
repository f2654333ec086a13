import type { Page } from 'playwright-core';

/** What one screen's lists look like, measured in the page. */
export interface ListLayout {
  tables: number;
  cards: number;
  /** Rows of the tables and cards together. */
  rows: number;
  problems: string[];
}

/**
 * Measures every list of the screen (outside drawers and dialogs) with the boxes the browser drew:
 * - a data cell a fixed column of its row covers: at rest, none at all (the row's actions come first);
 *   and a table wider than its frame scrolled to its end (virtual rows by the wheel), none under a column
 *   fixed at the end, where a frame too narrow for the columns' total leaves the last ones under it
 *   whatever the scroll;
 * - a header or cell whose text breaks onto a new line inside a word (a break is allowed only after a
 *   space or a hyphen), and a number broken over two lines at all;
 * - a card wider than the screen.
 */
export async function measureLists(page: Page): Promise<ListLayout> {
  // A runner that keeps function names (tsx) wraps the helpers below in `__name`, which the page lacks.
  await page.evaluate('globalThis.__name ??= (target) => target');
  const coveredAtRest = await coveredCellsAtRest(page);
  // Virtual rows (the stock) scroll sideways by the wheel only: rc-table places its fixed columns from
  // its own scroll state, which setting `scrollLeft` in the page would leave behind.
  const virtual = page.locator('.ant-table-tbody-virtual-holder');
  for (let index = 0; index < (await virtual.count()); index += 1) {
    const holder = virtual.nth(index);
    if (!(await holder.isVisible())) continue;
    await holder.hover();
    await page.mouse.wheel(100_000, 0);
    await page.waitForTimeout(300);
  }
  const layout = await page.evaluate(() => {
    const problems: string[] = [];
    const inOverlay = (element: Element) => element.closest('.ant-drawer, .ant-modal, [role="dialog"]');
    const short = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);

    /**
     * Where the text of `element` moves to a new line: the characters either side of each break, and
     * whether they are of one text (two tags side by side may part between them).
     */
    function lineBreaks(element: Element): { pair: [string, string]; inText: boolean }[] {
      const breaks: { pair: [string, string]; inText: boolean }[] = [];
      // Most cells hold one line: their boxes all share it, and no character needs measuring.
      const whole = document.createRange();
      whole.selectNodeContents(element);
      const boxes = [...whole.getClientRects()].filter((rect) => rect.width > 0 || rect.height > 0);
      const [first] = boxes;
      const oneLine = (rect: DOMRect) =>
        first !== undefined &&
        rect.top < (first.top + first.bottom) / 2 &&
        first.top < (rect.top + rect.bottom) / 2;
      if (boxes.every(oneLine)) return breaks;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      let previous: { char: string; top: number; bottom: number; node: Node } | null = null;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (let index = 0; index < text.length; index += 1) {
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          const box = [...range.getClientRects()].find((rect) => rect.width > 0 || rect.height > 0);
          if (!box) continue;
          const char = text[index] ?? '';
          // A new line starts below the previous character's middle.
          if (previous && box.top >= (previous.top + previous.bottom) / 2) {
            breaks.push({ pair: [previous.char, char], inText: previous.node === node });
          }
          previous = { char, top: box.top, bottom: box.bottom, node };
        }
      }
      return breaks;
    }
    const breaksMidWord = ({ pair, inText }: { pair: [string, string]; inText: boolean }) =>
      inText && !/[\s\-/]/.test(pair[0]) && !/\s/.test(pair[1]);
    const NUMBER = /^[-+]?[$€£]?\s?\d[\d,.\s]*%?$/;

    const wrappers = [...document.querySelectorAll('.ant-table-wrapper')].filter(
      (table) => !inOverlay(table),
    );
    let rows = 0;
    for (const [tableIndex, wrapper] of wrappers.entries()) {
      const name = `table ${tableIndex + 1}`;
      const headers = [...wrapper.querySelectorAll('thead th')];
      for (const header of headers) {
        const title = header.querySelector('.ant-table-column-title') ?? header;
        for (const { pair } of lineBreaks(title).filter(breaksMidWord)) {
          problems.push(
            `${name}: header "${short(title.textContent)}" breaks inside a word at "${pair.join('|')}"`,
          );
        }
      }
      const scroller = [...wrapper.querySelectorAll('.ant-table-content, .ant-table-body')].find(
        (element) => element.scrollWidth > element.clientWidth + 1,
      );
      if (scroller) scroller.scrollLeft = scroller.scrollWidth;
      const frame = (scroller ?? wrapper).getBoundingClientRect();

      // Virtual rows (the stock) are divs of the same classes.
      const bodyRows = [
        ...wrapper.querySelectorAll(
          '.ant-table-tbody .ant-table-row, .ant-table-tbody-virtual .ant-table-row',
        ),
      ];
      rows += bodyRows.length;
      for (const row of bodyRows) {
        const cells = [...row.children].filter((cell) => cell.classList.contains('ant-table-cell'));
        const sticky = cells.map((cell) => getComputedStyle(cell).position === 'sticky');
        const lastData = sticky.lastIndexOf(false);
        const fixedEnd = cells.filter((_, index) => sticky[index] && index > lastData);
        for (const [index, cell] of cells.entries()) {
          if (sticky[index]) continue;
          const box = cell.getBoundingClientRect();
          const left = Math.max(box.left, frame.left);
          const right = Math.min(box.right, frame.right);
          for (const fixed of fixedEnd) {
            const cover = fixed.getBoundingClientRect();
            const overlap = Math.min(right, cover.right) - Math.max(left, cover.left);
            if (right > left && overlap > 1) {
              const header = headers[index]?.textContent;
              problems.push(
                `${name}: the fixed column covers ${Math.round(overlap)}px of "${short(header)}" ("${short(cell.textContent)}")`,
              );
            }
          }
          const text = short(cell.textContent);
          const breaks = lineBreaks(cell);
          const numeric = NUMBER.test(text) || ['right', 'end'].includes(getComputedStyle(cell).textAlign);
          if (numeric && breaks.length > 0) {
            problems.push(`${name}: the number "${text}" of "${short(headers[index]?.textContent)}" wraps`);
          } else {
            for (const { pair } of breaks.filter(breaksMidWord)) {
              problems.push(`${name}: "${text}" breaks inside a word at "${pair.join('|')}"`);
            }
          }
        }
      }
      if (scroller) scroller.scrollLeft = 0;
    }

    const cards = [...document.querySelectorAll('.list-card')].filter((card) => !inOverlay(card));
    rows += cards.length;
    for (const card of cards) {
      if (card.getBoundingClientRect().right > document.documentElement.clientWidth + 1) {
        problems.push(
          `card "${short(card.querySelector('.list-card-title')?.textContent ?? '')}" is wider than the screen`,
        );
      }
    }
    const cardLists = document.querySelectorAll('.list-cards, .list-cards-empty').length;
    return { tables: wrappers.length, cards: cardLists, rows, problems: [...new Set(problems)] };
  });
  for (let index = 0; index < (await virtual.count()); index += 1) {
    const holder = virtual.nth(index);
    if (!(await holder.isVisible())) continue;
    await holder.hover();
    await page.mouse.wheel(-100_000, 0);
  }
  return { ...layout, problems: [...new Set([...coveredAtRest, ...layout.problems])] };
}

/**
 * Data cells a fixed column (at either side) covers while the lists are not scrolled: what a person
 * sees first must show every cell it shows whole or cut by the frame, never under another column.
 */
async function coveredCellsAtRest(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const short = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    const wrappers = [...document.querySelectorAll('.ant-table-wrapper')].filter(
      (table) => !table.closest('.ant-drawer, .ant-modal, [role="dialog"]'),
    );
    for (const [tableIndex, wrapper] of wrappers.entries()) {
      const headers = [...wrapper.querySelectorAll('thead th')];
      const scroller = wrapper.querySelector(
        '.ant-table-content, .ant-table-body, .ant-table-tbody-virtual-holder',
      );
      const frame = (scroller ?? wrapper).getBoundingClientRect();
      const bodyRows = [
        ...wrapper.querySelectorAll(
          '.ant-table-tbody .ant-table-row, .ant-table-tbody-virtual .ant-table-row',
        ),
      ];
      for (const row of bodyRows) {
        const cells = [...row.children].filter((cell) => cell.classList.contains('ant-table-cell'));
        const sticky = cells.filter((cell) => getComputedStyle(cell).position === 'sticky');
        for (const [index, cell] of cells.entries()) {
          if (sticky.includes(cell)) continue;
          const box = cell.getBoundingClientRect();
          const left = Math.max(box.left, frame.left);
          const right = Math.min(box.right, frame.right);
          if (right <= left) continue;
          for (const fixed of sticky) {
            const cover = fixed.getBoundingClientRect();
            const overlap = Math.min(right, cover.right) - Math.max(left, cover.left);
            if (overlap > 1) {
              problems.push(
                `table ${tableIndex + 1}: at rest, a fixed column covers ${Math.round(overlap)}px of "${short(headers[index]?.textContent)}" ("${short(cell.textContent)}")`,
              );
            }
          }
        }
      }
    }
    return problems;
  });
}
