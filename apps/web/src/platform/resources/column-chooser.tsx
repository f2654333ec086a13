import SettingOutlined from '@ant-design/icons/es/icons/SettingOutlined';
import { Button, Checkbox, Flex, Popover } from 'antd';
import { useState } from 'react';
import type { ColumnChoice } from './resource-model.ts';

/** A checkbox per column; at least one column stays visible. */
export function ColumnChooser({
  choices,
  onChange,
  onReset,
}: {
  choices: readonly ColumnChoice[];
  onChange: (next: ColumnChoice[]) => void;
  onReset: () => void;
}) {
  const [open, setOpen] = useState(false);
  const visibleCount = choices.filter((choice) => choice.visible).length;
  const content = (
    <Flex vertical gap={6} role="group" aria-label="Visible columns" style={{ minWidth: 180 }}>
      {choices.map((choice) => (
        <Checkbox
          key={choice.key}
          checked={choice.visible}
          disabled={choice.visible && visibleCount === 1}
          onChange={(event) =>
            onChange(
              choices.map((item) =>
                item.key === choice.key ? { ...item, visible: event.target.checked } : item,
              ),
            )
          }
        >
          {choice.label}
        </Checkbox>
      ))}
      <Button size="small" type="link" onClick={onReset} style={{ alignSelf: 'start', paddingInline: 0 }}>
        Restore defaults
      </Button>
    </Flex>
  );
  return (
    // Destroyed when closed: its checkboxes carry the field labels the form drawer's inputs answer to.
    <Popover
      trigger="click"
      placement="bottomRight"
      content={content}
      title="Columns"
      open={open}
      onOpenChange={setOpen}
      destroyOnHidden
    >
      <Button icon={<SettingOutlined />}>Columns</Button>
    </Popover>
  );
}
