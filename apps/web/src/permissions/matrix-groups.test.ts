import { MENU } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { groupedLines, isGroupRow, OTHER_GROUP } from './matrix-groups.ts';
import type { MatrixRow } from './matrix-state.ts';

const row = (id: number, module: string): MatrixRow => ({ id, module, title: module, flags: {} });

describe('groupedLines', () => {
  it('puts the modules under the menu groups in menu order, the rest under Other at the end', () => {
    const lines = groupedLines(
      [
        row(1, 'Sync Setting'),
        row(2, 'Banner'),
        row(3, 'UserActive'),
        row(4, 'Main Masters'),
        row(5, 'User'),
      ],
      MENU,
    );
    expect(lines.map((line) => (isGroupRow(line) ? `# ${line.group}` : line.module))).toEqual([
      '# Masters',
      'Main Masters',
      '# Customer',
      'User',
      '# Marketing',
      'Banner',
      '# Setting',
      'Sync Setting',
      `# ${OTHER_GROUP}`,
      'UserActive',
    ]);
  });

  it('shows no heading for a group the search left empty', () => {
    expect(groupedLines([row(2, 'Banner')], MENU)).toEqual([{ group: 'Marketing' }, row(2, 'Banner')]);
  });
});
