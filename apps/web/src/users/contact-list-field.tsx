import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import type { ContactEntry } from '@facet/contract';
import { Button, Flex, Form, type FormRule, Input, Radio } from 'antd';
import { markPrimary } from './user-form-values.ts';

interface ContactListFieldProps {
  /** The form's name: antd ids are `${formName}_${list}_${index}_value`. */
  formName: string;
  list: 'emails' | 'phones';
  label: string;
  addLabel: string;
  required?: boolean;
  inputType?: 'email' | 'tel';
  /** Checks each entry as it is typed; the list as a whole is checked on submit. */
  valueRule?: FormRule;
}

/**
 * A contact list with exactly one primary entry. The label points at the first input, so the field is
 * found by its label; further rows are 'Additional address 1' and so on. The contract schema checks
 * the list on submit (validateUserForm) and its issues land on the list or on an entry.
 */
export function ContactListField({
  formName,
  list,
  label,
  addLabel,
  required,
  inputType,
  valueRule,
}: ContactListFieldProps) {
  const form = Form.useFormInstance();
  // Row labels leave out the field label, so the label names the first input only.
  const noun = list === 'emails' ? 'address' : 'number';
  const entries = () => (form.getFieldValue(list) ?? []) as ContactEntry[];
  const choosePrimary = (index: number) => form.setFieldValue(list, markPrimary(entries(), index));
  // Removing the primary entry hands the mark to the first one left.
  const removeEntry = (remove: (index: number) => void, index: number) => {
    remove(index);
    const left = entries();
    if (left.length > 0 && !left.some((entry) => entry.isPrimary)) choosePrimary(0);
  };

  return (
    <Form.Item label={label} required={required} htmlFor={`${formName}_${list}_0_value`}>
      <Form.List name={list}>
        {(fields, { add, remove }, { errors }) => (
          <Flex vertical gap={8}>
            {fields.map((field, index) => (
              <Flex key={field.key} gap={8} align="start">
                <Form.Item
                  name={[field.name, 'value']}
                  rules={valueRule ? [valueRule] : undefined}
                  style={{ flex: 1, marginBottom: 0 }}
                >
                  <Input
                    type={inputType}
                    aria-label={index === 0 ? undefined : `Additional ${noun} ${index}`}
                    autoComplete="off"
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'isPrimary']}
                  valuePropName="checked"
                  style={{ marginBottom: 0, paddingTop: 5 }}
                >
                  <Radio onChange={() => choosePrimary(index)}>Primary</Radio>
                </Form.Item>
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={`Remove ${noun} ${index + 1}`}
                  disabled={required && fields.length === 1}
                  onClick={() => removeEntry(remove, field.name)}
                />
              </Flex>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ value: '', isPrimary: fields.length === 0 })}
              disabled={fields.length >= 10}
            >
              {addLabel}
            </Button>
            <Form.ErrorList errors={errors} />
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}
