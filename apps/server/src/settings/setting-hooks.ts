import {
  settingColoursProblem,
  settingDefinitionOf,
  settingGroupProblem,
  settingValueProblem,
} from '@facet/contract';
import { fieldError } from '../http/envelope.ts';
import type { ResourceHooks } from '../resources/domain-hooks.ts';

/**
 * A known setting's value must fit its input (a number, an e-mail, a colour, a date), and the setting
 * stay in its group, whichever call writes it: the settings screen's, the generic update or the legacy
 * upsert. The refusal names the field.
 */
export const settingHooks: ResourceHooks = {
  beforeWrite(values, current) {
    const key = values.key ?? current?.key;
    const definition = typeof key === 'string' ? settingDefinitionOf(key) : undefined;
    if (!definition) return values;
    // A renamed key is checked against the value it keeps, as well as a new value against the key.
    const value = values.value !== undefined ? values.value : current?.value;
    if (typeof value === 'string') {
      const problem = settingValueProblem(definition, value);
      if (problem) throw fieldError('value', problem);
    }
    const colours = settingColoursProblem(
      definition,
      values.data !== undefined ? values.data : current?.data,
    );
    if (colours) throw fieldError(`data.${colours.part}`, colours.message);
    // The group is what a settings module's permission reaches: a known setting stays in its own.
    const group = values.group !== undefined ? values.group : current?.group;
    if (group !== undefined && group !== null && Number(group) !== definition.group) {
      throw fieldError('group', settingGroupProblem(definition));
    }
    return values;
  },
};
