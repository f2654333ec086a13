import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { TableProps } from 'antd';
import { type HTMLAttributes, type ReactNode, useMemo } from 'react';
import { HandleContext } from './drag-handle.tsx';

/**
 * Drag-to-reorder rows of an antd Table, as antd's own sortable-table example does with dnd-kit: the
 * row moves, the handle (drag-handle.tsx) starts the drag. Loaded lazily by the list when it can be
 * reordered, so that dnd-kit is not part of a list's first download (docs/performance.md).
 */
function SortableRow(props: HTMLAttributes<HTMLTableRowElement> & { 'data-row-key': string }) {
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, transform, transition, isDragging } =
    useSortable({
      id: props['data-row-key'],
    });
  const handle = useMemo(
    () => ({ setActivatorNodeRef, listeners, attributes }),
    [setActivatorNodeRef, listeners, attributes],
  );
  const style = {
    ...props.style,
    transform: CSS.Translate.toString(transform && { ...transform, scaleY: 1 }),
    transition,
    ...(isDragging ? { position: 'relative' as const, zIndex: 10 } : {}),
  };
  return (
    <HandleContext.Provider value={handle}>
      <tr {...props} ref={setNodeRef} style={style} />
    </HandleContext.Provider>
  );
}

const SORTABLE_BODY: TableProps['components'] = { body: { row: SortableRow } };

/**
 * The table `render` draws, with sortable rows; `onMove` gets the indexes of the dragged row before and
 * after, within `ids`.
 */
export function SortableRows({
  ids,
  onMove,
  render,
}: {
  ids: readonly string[];
  onMove: (from: number, to: number) => void;
  render: (components: TableProps['components']) => ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids as string[]} strategy={verticalListSortingStrategy}>
        {render(SORTABLE_BODY)}
      </SortableContext>
    </DndContext>
  );
}
