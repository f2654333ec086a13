import { type FieldSpec, RESOURCE_MESSAGES } from '@facet/contract';
import { DatePicker, Input, InputNumber, Select, Switch } from 'antd';
import { DATE_INPUT_FORMATS, DATE_TIME_INPUT_FORMATS } from '../lists/format.ts';
import { UploadInput } from '../uploads/upload-input.tsx';
import { FieldReferenceSelect } from './field-reference-select.tsx';
import { TimeZoneSelect } from './time-zone-select.tsx';

/** Past this many choices, an enum's select takes typing to narrow them. */
const SEARCHED_CHOICES = 12;

const DEFAULT_TEXT_MAX = 255;

/**
 * The input of a field by kind. antd's Form.Item passes `id`, `value` and `onChange` through the
 * props, and the label's `for` points at the id.
 */
export function FieldInput({
  spec,
  model,
  currentTitle,
  ...injected
}: {
  spec: FieldSpec;
  /** The resource the form edits: an upload is made for it (and needs its module's permission). */
  model: string;
  /** A reference's title when editing, so the choice reads before the options load. */
  currentTitle?: string;
  [injected: string]: unknown;
}) {
  // Whatever Form.Item injected goes to the control as is; its type is the control's own concern.
  const control = injected as object;
  switch (spec.kind) {
    case 'text':
      if (spec.display === 'timeZone') return <TimeZoneSelect {...control} allowClear={!spec.required} />;
      return <Input {...control} maxLength={spec.max ?? DEFAULT_TEXT_MAX} autoComplete="off" />;
    case 'longText':
      return <Input.TextArea {...control} maxLength={spec.max} rows={3} showCount={spec.max !== undefined} />;
    case 'integer':
    case 'decimal':
      return (
        <InputNumber
          {...control}
          min={spec.min}
          max={spec.max}
          precision={spec.kind === 'integer' ? 0 : spec.scale}
          style={{ width: '100%' }}
        />
      );
    case 'boolean':
      return <Switch {...control} />;
    case 'date':
      return <DatePicker {...control} format={DATE_INPUT_FORMATS} style={{ width: '100%' }} />;
    case 'datetime':
      return (
        <DatePicker
          {...control}
          showTime={{ format: 'HH:mm' }}
          format={DATE_TIME_INPUT_FORMATS}
          style={{ width: '100%' }}
        />
      );
    case 'enum':
      return (
        <Select
          {...control}
          allowClear={!spec.required}
          // A long list (a location's time zone) is found by typing part of its name.
          showSearch={
            (spec.options?.length ?? 0) > SEARCHED_CHOICES ? { optionFilterProp: 'label' } : undefined
          }
          options={spec.options?.map((option) => ({ value: option.value, label: option.label }))}
        />
      );
    case 'reference':
      return <FieldReferenceSelect {...control} spec={spec} currentTitle={currentTitle} />;
    case 'image':
      // Uploaded to apis/upload; the value is the returned url (or a pasted one). This module is part
      // of the lazy form chunk, so the upload code never weighs on sign-in.
      return (
        <UploadInput
          {...control}
          kind="image"
          model={model}
          allowUrl
          urlRefusal={RESOURCE_MESSAGES.unsafeLink(spec.label, 'web')}
        />
      );
    case 'textList':
      return <Select {...control} mode="tags" open={false} suffixIcon={null} tokenSeparators={[',']} />;
    case 'json':
      return <Input.TextArea {...control} rows={6} style={{ fontFamily: 'monospace' }} />;
  }
}
