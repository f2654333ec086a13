import type { PermissionScope } from '@facet/contract';
import { Button, Flex, Input, Tag } from 'antd';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useBlocker } from 'react-router';
import * as matrix from './matrix-state.ts';
import { type MatrixHandlers, PermissionMatrix } from './permission-matrix.tsx';

interface MatrixEditorProps {
  scope: PermissionScope;
  /** The stored set; a new value (after a save or refetch) resets the editor. */
  saved: matrix.MatrixState;
  canGrant: matrix.CanGrant;
  perUser: boolean;
  saving: boolean;
  onSave: (items: matrix.UpsertItem[]) => void;
  /** Shown left of the module search. */
  summary?: ReactNode;
}

/** The matrix with its module search, unsaved-changes mark, Reset and Save. */
export function MatrixEditor({
  scope,
  saved,
  canGrant,
  perUser,
  saving,
  onSave,
  summary,
}: MatrixEditorProps) {
  const [state, setState] = useState(saved);
  const [search, setSearch] = useState('');
  useEffect(() => setState(saved), [saved]);
  const ids = useMemo(() => matrix.visibleIds(state, scope, search), [state, scope, search]);
  const dirty = matrix.isDirty(saved, state, scope);

  // Leaving with unsaved changes asks first; reloads get the browser's own prompt.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm('Discard the unsaved permission changes?')) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const actions = matrix.scopeActions(scope);
  // Stable handlers: the memoised matrix rows need not re-render when the editor does.
  const idsKey = ids.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: idsKey stands for ids.
  const setColumn = useCallback(
    (action: string, value: boolean) =>
      setState((current) => matrix.setColumn(current, ids, action, value, canGrant)),
    [idsKey, canGrant],
  );
  const handlers = useMemo<MatrixHandlers>(
    () => ({
      setFlag: (id, action, value) => setState((current) => matrix.setFlag(current, id, action, value)),
      setRow: (id, value) => setState((current) => matrix.setRow(current, id, actions, value, canGrant)),
      setOverride: (id, override) => setState((current) => matrix.setOverride(current, id, override)),
      setColumn,
    }),
    [actions, canGrant, setColumn],
  );

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Flex align="center" gap={12} wrap>
          {summary}
          <Input.Search
            allowClear
            aria-label="Search modules"
            placeholder="Search modules"
            style={{ width: 240 }}
            onChange={(event) => setSearch(event.target.value)}
          />
        </Flex>
        <Flex align="center" gap={8}>
          {dirty && <Tag color="orange">Unsaved changes</Tag>}
          <Button disabled={!dirty || saving} onClick={() => setState(saved)}>
            Reset
          </Button>
          <Button
            type="primary"
            disabled={!dirty}
            loading={saving}
            onClick={() => onSave(matrix.upsertItems(state, scope))}
          >
            Save
          </Button>
        </Flex>
      </Flex>
      <PermissionMatrix
        scope={scope}
        state={state}
        ids={ids}
        canGrant={canGrant}
        handlers={handlers}
        perUser={perUser}
      />
    </Flex>
  );
}
