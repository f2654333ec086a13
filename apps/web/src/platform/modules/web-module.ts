import type { ResourceRecord, SuccessEnvelope } from '@facet/contract';
import type { SelectProps } from 'antd';
import type { ComponentType } from 'react';

/** A screen's component, fetched when its route is first opened. */
export type ScreenLoader = () => Promise<ComponentType>;

/** Actions on one row of a resource's list beside the generic ones; each decides whom it shows to. */
export type RowActions = ComponentType<{ record: ResourceRecord }>;

/** Shown in a record's drawer below its own fields: what another feature knows of the record. */
export type RecordSection = ComponentType<{ record: ResourceRecord }>;

/** A list switch that goes through a call of its own rather than boolean-status-update. */
export type ToggleCall = (id: string, field: string, status: boolean) => Promise<SuccessEnvelope<unknown>>;

/** The choice of a reference field, for references to one resource. */
export type ReferenceInput = ComponentType<ChoiceSelectProps>;

/**
 * What a feature folder brings to the panel, declared once in the feature's `<feature>-web-module.ts`.
 * The list of them (src/web-modules.ts) reaches the platform from main.tsx; the platform imports no
 * feature. Everything here sits in the first download, so components are `lazy()` and screens loaders.
 */
export interface WebModule {
  /** The contract module's name: the feature's folder name. */
  name: string;
  /** Screens anyone may open (sign in and its steps), by browser path. */
  publicScreens?: Readonly<Record<string, ScreenLoader>>;
  /** Panel screens written for the feature, by PANEL_ROUTES path. */
  screens?: Readonly<Record<string, ScreenLoader>>;
  /** By resource name. */
  rowActions?: Readonly<Record<string, RowActions>>;
  /** By resource name. */
  toggles?: Readonly<Record<string, ToggleCall>>;
  /** By the name of the resource the reference field points at. */
  inputs?: Readonly<Record<string, ReferenceInput>>;
  /** Shown in the panel's header, beside the signed-in user. */
  shellWidgets?: readonly ComponentType[];
  /** By resource name: sections of that resource's record drawer (who holds a stone). */
  recordSections?: Readonly<Record<string, RecordSection>>;
}

/** What every reference choice takes: a Select's own props, and the current value's title when known. */
export type ChoiceSelectProps = Omit<SelectProps<string | null>, 'options' | 'onSearch' | 'showSearch'> & {
  /** The current value's title, when known (an edited record carries it). */
  currentTitle?: string;
};
