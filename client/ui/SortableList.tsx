import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragStartEvent,
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
import { memo, type ReactNode, useMemo, useRef, useState } from 'react';
import { WindowedRows } from './WindowedRows';

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
  /**
   * For long lists (the form builder's canvas): only the rows near the viewport are mounted, each
   * guessed `estimateSize` px tall until measured (`firstOverscan`: see WindowedRows). Rows are then
   * `div`s (no `rowElement`/`wrap`).
   */
  windowed?: { estimateSize: number; firstOverscan?: number };
}) {
  const sensors = useSensors(useSensor(PointerSensor, POINTER), useSensor(KeyboardSensor, KEYBOARD));
  const ids = useSameIds(props.items, props.getId);
  // The row being dragged: a windowed list keeps it mounted wherever the page scrolls to.
  const [activeId, setActiveId] = useState<string | null>(null);
  const row = (item: T, index: number) => (
    <SortableRow
      key={ids[index]}
      id={ids[index]}
      item={item}
      index={index}
      label={props.handleLabel(item, index)}
      element={props.rowElement ?? 'div'}
      disabled={props.disabled ?? false}
      renderItem={props.renderItem}
    />
  );
  const rows = props.windowed ? (
    <WindowedRows
      count={ids.length}
      getKey={(index) => ids[index]}
      estimateSize={props.windowed.estimateSize}
      firstOverscan={props.windowed.firstOverscan}
      keep={activeId === null ? -1 : ids.indexOf(activeId)}
    >
      {(index) => row(props.items[index], index)}
    </WindowedRows>
  ) : (
    props.items.map(row)
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setActiveId(null);
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) props.onReorder(arrayMove([...props.items], from, to));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={
        props.windowed ? ({ active }: DragStartEvent) => setActiveId(String(active.id)) : undefined
      }
      onDragEnd={onDragEnd}
      onDragCancel={() => setActiveId(null)}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {(props.wrap ?? ((r: ReactNode) => r))(rows)}
      </SortableContext>
    </DndContext>
  );
}

/**
 * The sensors' options, made once: options that change identity make new sensors, then new
 * listeners on every handle, and every row's content renders again.
 */
const POINTER = { activationConstraint: { distance: 4 } };
const KEYBOARD = {
  coordinateGetter: sortableKeyboardCoordinates,
  // A keyboard step that carries the row past the window's middle scrolls the page by one row. A
  // smooth scroll fires a scroll event on each of its frames, and each one renders the drag
  // context and the windowed rows again, so every step cost several renders: the page jumps.
  scrollBehavior: 'instant' as ScrollBehavior,
};

/**
 * The ids of `items`, as the same array while they are the same ids in the same order: dnd-kit's
 * sortable context then keeps its value, and its rows do not render again, when the list's parent
 * renders with an equal list.
 */
function useSameIds<T>(items: readonly T[], getId: (item: T) => string): string[] {
  const last = useRef<string[]>([]);
  const ids = items.map(getId);
  const previous = last.current;
  if (ids.length === previous.length && ids.every((id, i) => id === previous[i])) return previous;
  last.current = ids;
  return ids;
}

/**
 * One row. Memoised: the windowed list renders again when the page scrolls (the virtualiser's
 * state), and a row whose item, place and label are the same need not; dnd-kit still renders it
 * when the drag moves (its contexts).
 */
const SortableRow = memo(function SortableRow<T>({
  id,
  item,
  index,
  label,
  element: Row,
  disabled,
  renderItem,
}: {
  id: string;
  item: T;
  index: number;
  label: string;
  element: 'div' | 'li';
  disabled: boolean;
  renderItem: (item: T, handle: ReactNode, index: number) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id, disabled });
  // The same element while a drag moves other rows (dnd-kit keeps attributes and listeners stable),
  // so a memoised row content need not render again on every step.
  const handle = useMemo(
    () => (
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
    ),
    [setActivatorNodeRef, label, attributes, listeners],
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
      {renderItem(item, handle, index)}
    </Row>
  );
}) as <T>(props: {
  id: string;
  item: T;
  index: number;
  label: string;
  element: 'div' | 'li';
  disabled: boolean;
  renderItem: (item: T, handle: ReactNode, index: number) => ReactNode;
}) => ReactNode;
