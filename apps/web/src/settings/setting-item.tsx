import { type SettingDefinition, settingValueProblem } from '@facet/contract';
import { Flex, Form } from 'antd';
import { SettingColour, SettingInput } from './setting-input.tsx';
import { fromInputValue, type SettingInputValue, type SettingLine } from './setting-values.ts';

/** A setting's problem in the panel's voice, checked as the user leaves the input. */
function settingRule(definition: SettingDefinition) {
  return {
    validator: async (_: unknown, input: SettingInputValue) => {
      const written = fromInputValue(definition, input);
      const problem = written.value === undefined ? null : settingValueProblem(definition, written.value);
      if (problem) throw new Error(problem);
    },
  };
}

export function SettingItem({ line }: { line: SettingLine }) {
  const { definition } = line;
  if (definition.input === 'colours') {
    return (
      <Form.Item label={line.label} extra={line.help} tooltip={`Key: ${line.key}`}>
        <Flex wrap gap={16}>
          {(definition.parts ?? []).map((part) => (
            <Form.Item
              key={part.key}
              name={[line.key, part.key]}
              label={part.label}
              style={{ marginBottom: 0 }}
            >
              <SettingColour />
            </Form.Item>
          ))}
        </Flex>
      </Form.Item>
    );
  }
  return (
    <Form.Item
      name={[line.key]}
      label={line.label}
      extra={line.help}
      tooltip={`Key: ${line.key}`}
      valuePropName={definition.input === 'boolean' ? 'checked' : 'value'}
      rules={[settingRule(definition)]}
    >
      <SettingInput definition={definition} />
    </Form.Item>
  );
}
