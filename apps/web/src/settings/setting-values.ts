import {
  SETTING_GROUP_OPTIONS,
  type SettingDefinition,
  settingDefinitionOf,
  settingLabelOf,
} from '@facet/contract';
import dayjs, { type Dayjs } from 'dayjs';

/** A stored setting as the settings screen reads it. */
export interface StoredSetting {
  id: string;
  key: string;
  group: number;
  value: string | null;
  data: unknown;
  description: string | null;
}

/** One line of the settings screen: a known setting (stored or not yet) or a stored one the catalogue does not know. */
export interface SettingLine {
  key: string;
  label: string;
  help?: string;
  definition: SettingDefinition;
  stored?: StoredSetting;
}

/** An unknown key is edited as text, under a label read from it, with its stored description as help. */
function unknownDefinition(stored: StoredSetting): SettingDefinition {
  return {
    key: stored.key,
    label: settingLabelOf(stored.key),
    help: stored.description ?? undefined,
    input: 'longText',
    group: stored.group,
  };
}

/**
 * The lines of a settings screen, by group in the order of the groups: every known setting of the
 * groups shown (`group` pins one), then the stored ones the catalogue does not know.
 */
export function settingLines(
  catalogue: readonly SettingDefinition[],
  stored: readonly StoredSetting[],
  group?: number,
): { group: number; title: string; lines: SettingLine[] }[] {
  const byKey = new Map(stored.map((setting) => [setting.key.toLowerCase(), setting]));
  const lines: SettingLine[] = catalogue
    .filter((definition) => group === undefined || definition.group === group)
    .map((definition) => ({
      key: definition.key,
      label: definition.label,
      help: definition.help,
      definition,
      stored: byKey.get(definition.key),
    }));
  for (const setting of stored) {
    if (settingDefinitionOf(setting.key) || (group !== undefined && setting.group !== group)) continue;
    const definition = unknownDefinition(setting);
    lines.push({
      key: setting.key,
      label: definition.label,
      help: definition.help,
      definition,
      stored: setting,
    });
  }
  return SETTING_GROUP_OPTIONS.map((option) => ({
    group: option.value as number,
    title: option.label,
    lines: lines.filter((line) => line.definition.group === option.value),
  })).filter((section) => section.lines.length > 0);
}

/** What a setting's input holds: a number, a switch's boolean, a picker's day, a colour per part, or text. */
export type SettingInputValue = string | number | boolean | Dayjs | Record<string, string | null> | null;

const TIME_DAY = '2000-01-01';

export function toInputValue(definition: SettingDefinition, stored?: StoredSetting): SettingInputValue {
  const value = stored?.value ?? null;
  switch (definition.input) {
    case 'number': {
      const number = value === null || value.trim() === '' ? Number.NaN : Number(value);
      return Number.isFinite(number) ? number : null;
    }
    case 'boolean':
      return value === 'true';
    case 'date':
    case 'datetime':
      return value ? dayjs(value) : null;
    case 'time':
      return value ? dayjs(`${TIME_DAY}T${value}`) : null;
    case 'colours': {
      const data =
        stored?.data && typeof stored.data === 'object' ? (stored.data as Record<string, unknown>) : {};
      return Object.fromEntries(
        (definition.parts ?? []).map((part) => {
          const colour = data[part.key];
          return [part.key, typeof colour === 'string' ? colour : null];
        }),
      );
    }
    default:
      return value;
  }
}

/** The body fields a setting's input writes: `value` as text, or the colours merged into `data`. */
export function fromInputValue(
  definition: SettingDefinition,
  input: SettingInputValue | undefined,
  stored?: StoredSetting,
): { value?: string | null; data?: Record<string, unknown> } {
  if (definition.input === 'colours') {
    const data =
      stored?.data && typeof stored.data === 'object' ? (stored.data as Record<string, unknown>) : {};
    return { data: { ...data, ...(input as Record<string, string | null> | null) } };
  }
  if (input === null || input === undefined || input === '') return { value: null };
  if (dayjs.isDayjs(input)) {
    if (definition.input === 'date') return { value: input.format('YYYY-MM-DD') };
    if (definition.input === 'time') return { value: input.format('HH:mm') };
    return { value: input.toISOString() };
  }
  return { value: String(input).trim() };
}

/** Whether the input holds something else than the stored setting (so that Save writes only what changed). */
export function hasChanged(
  definition: SettingDefinition,
  input: SettingInputValue | undefined,
  stored?: StoredSetting,
): boolean {
  const written = fromInputValue(definition, input, stored);
  if (definition.input === 'colours') {
    const set = (data: unknown) =>
      JSON.stringify(
        Object.entries(data && typeof data === 'object' ? data : {})
          .filter(([, colour]) => colour !== null && colour !== undefined && colour !== '')
          .sort(([a], [b]) => a.localeCompare(b)),
      );
    return set(written.data) !== set(stored?.data);
  }
  const before = stored?.value ?? null;
  const after = written.value ?? null;
  // A switch never set reads as off: leaving it off writes nothing.
  if (definition.input === 'boolean' && before === null) return after === 'true';
  // The same instant written another way (with or without milliseconds) is no change.
  if (definition.input === 'datetime' && before !== null && after !== null)
    return Date.parse(before) !== Date.parse(after);
  return after !== before;
}
