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
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A vertical list reordered by drag and drop, with the pointer or the keyboard (focus a handle,
 * Space to lift, arrows to move, Space to drop; dnd-kit announces each step to screen readers).
 */
export function SortableList<T>(props: {
  items: readonly T[];
  getId: (item: T) => string;
  onReorder: (items: T[]) => void;
  renderItem: (item: T, handle: ReactNode, index: number) => ReactNode;
  /** What the handle says it moves, e.g. "Move section Plan". */
  handleLabel: (item: T, index: number) => string;
  /** `li` when the caller wraps the list in an `ol`/`ul`, so each row stays a list item. */
  rowElement?: 'div' | 'li';
  /**
   * The element around the rows (an `ol`), placed inside the drag context so dnd-kit's hidden
   * instructions and live region sit beside the list, not inside it (a list holds only items).
   */
  wrap?: (rows: ReactNode) => ReactNode;
  /** While a change is being saved, so a second drag cannot start from a stale order. */
  disabled?: boolean;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = props.items.map(props.getId);
  const rows = props.items.map((item, index) => (
    <SortableRow
      key={props.getId(item)}
      id={props.getId(item)}
      label={props.handleLabel(item, index)}
      element={props.rowElement ?? 'div'}
      disabled={props.disabled ?? false}
    >
      {(handle) => props.renderItem(item, handle, index)}
    </SortableRow>
  ));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) props.onReorder(arrayMove([...props.items], from, to));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {(props.wrap ?? ((r: ReactNode) => r))(rows)}
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  id,
  label,
  element: Row,
  disabled,
  children,
}: {
  id: string;
  label: string;
  element: 'div' | 'li';
  disabled: boolean;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id, disabled });
  const handle = (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      aria-label={label}
      style={{ cursor: 'grab', touchAction: 'none' }}
      {...attributes}
      {...listeners}
    >
      <IconGripVertical size={18} aria-hidden />
    </ActionIcon>
  );
  return (
    <Row
      ref={setNodeRef}
      style={{
        listStyle: 'none',
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        opacity: isDragging ? 0.85 : 1,
      }}
    >
      {children(handle)}
    </Row>
  );
}
