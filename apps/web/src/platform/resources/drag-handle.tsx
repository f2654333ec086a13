import HolderOutlined from '@ant-design/icons/es/icons/HolderOutlined';
import type { useSortable } from '@dnd-kit/sortable';
import { Button } from 'antd';
import { createContext, useContext } from 'react';

/** What a sortable row hands its handle (sortable-rows.tsx); nothing until dnd-kit has loaded. */
type HandleProps = Pick<ReturnType<typeof useSortable>, 'setActivatorNodeRef' | 'listeners' | 'attributes'>;

export const HandleContext = createContext<Partial<HandleProps>>({});

/**
 * The handle that starts a row's drag (by pointer, or by Space and the arrow keys). Apart from dnd-kit,
 * which loads when a list can be reordered: the handle is drawn with the list's first paint and starts
 * drags once the rows are sortable.
 */
export function DragHandle({ title }: { title: string }) {
  const { setActivatorNodeRef, listeners, attributes } = useContext(HandleContext);
  return (
    <Button
      type="text"
      size="small"
      icon={<HolderOutlined />}
      aria-label={`Move ${title}`}
      style={{ cursor: 'move', touchAction: 'none' }}
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
    />
  );
}
