import type { SettingDefinition } from '@facet/contract';
import { DatePicker, Flex, Input, InputNumber, Switch, TimePicker } from 'antd';
import { DATE_INPUT_FORMATS, DATE_TIME_INPUT_FORMATS } from '../platform/lists/format.ts';
import { UserSelect } from '../platform/resources/user-select.tsx';

/**
 * The input of one setting, by what its value is. antd's Form.Item passes `id`, `value` and `onChange`
 * through the props, and the label's `for` points at the id.
 */
export function SettingInput({
  definition,
  ...injected
}: {
  definition: SettingDefinition;
  [injected: string]: unknown;
}) {
  const control = injected as object;
  switch (definition.input) {
    case 'number':
      return (
        <InputNumber
          {...control}
          min={definition.min}
          max={definition.max}
          suffix={definition.unit}
          style={{ width: 220 }}
        />
      );
    case 'boolean':
      return <Switch {...control} checkedChildren="On" unCheckedChildren="Off" />;
    case 'colour':
      return <SettingColour {...control} />;
    case 'date':
      return <DatePicker {...control} format={DATE_INPUT_FORMATS} style={{ width: 220 }} />;
    case 'datetime':
      return (
        <DatePicker
          {...control}
          showTime={{ format: 'HH:mm' }}
          format={DATE_TIME_INPUT_FORMATS}
          style={{ width: 220 }}
        />
      );
    case 'time':
      return <TimePicker {...control} format="HH:mm" minuteStep={5} style={{ width: 220 }} />;
    case 'email':
      return <Input {...control} type="email" autoComplete="off" maxLength={254} style={{ maxWidth: 420 }} />;
    case 'url':
      return <Input {...control} type="url" autoComplete="off" maxLength={500} style={{ maxWidth: 420 }} />;
    case 'user':
      return <UserSelect {...control} placeholder="Choose a user" style={{ maxWidth: 420 }} />;
    case 'longText':
      return <Input.TextArea {...control} rows={2} maxLength={10_000} style={{ maxWidth: 560 }} />;
    default:
      return <Input {...control} autoComplete="off" maxLength={10_000} style={{ maxWidth: 420 }} />;
  }
}

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * A colour as the setting stores it (`#283895`): the browser's own colour picker beside the hex text, so
 * a colour can be picked or typed. antd's ColorPicker would bring its panel (and Collapse) into the first
 * load of every screen, since antd's Button and Tag styles import a helper from the same module.
 */
export function SettingColour(injected: Record<string, unknown>) {
  const { value, onChange, id, disabled } = injected as {
    value?: string | null;
    onChange?: (hex: string | null) => void;
    id?: string;
    disabled?: boolean;
  };
  const text = value ?? '';
  return (
    <Flex gap={8} align="center">
      <input
        type="color"
        aria-label="Pick a colour"
        style={{
          width: 40,
          height: 32,
          padding: 2,
          border: '1px solid #d9d9d9',
          borderRadius: 6,
          background: 'none',
        }}
        value={HEX.test(text) ? text : '#000000'}
        disabled={disabled}
        onChange={(event) => onChange?.(event.target.value)}
      />
      <Input
        id={id}
        value={text}
        disabled={disabled}
        placeholder="#RRGGBB"
        maxLength={7}
        allowClear
        style={{ width: 130 }}
        onChange={(event) => onChange?.(event.target.value.trim() || null)}
      />
    </Flex>
  );
}
