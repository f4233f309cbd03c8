import { defaultRangeExtractor, measureElement, useWindowVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * A long column of rows of which only those near the viewport are mounted (the page itself
 * scrolls, so the layout around the list is unchanged): the form builder's 300 field cards cost
 * what 20 do (docs/decisions/0036-windowed-builder-canvas.md). Rows are measured once mounted, so
 * they may differ in height; `estimateSize` is only the guess for rows never seen.
 *
 * `keep` is a row that stays mounted wherever the page is scrolled: the row being dragged, whose
 * node and focused handle dnd-kit holds on to while the keyboard moves it far from where it began.
 * Rows are placed absolutely, so a kept row far from the others takes no room among them.
 */
export function WindowedRows(props: {
  count: number;
  getKey: (index: number) => string;
  estimateSize: number;
  keep?: number;
  /** Rows mounted beyond each edge of the viewport, so Tab and the arrows always find the next one. */
  overscan?: number;
  /**
   * Rows beyond each edge on the first paint, before `overscan` (one frame later): the first screen
   * mounts only what it shows and the next row, and the rest follow once it is painted.
   */
  firstOverscan?: number;
  children: (index: number) => ReactNode;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  // Where the list starts on the page: the virtualiser counts rows from the page's top. It moves
  // when something above it appears or goes (the lock notice), so it is re-read when the list's
  // parent renders (new `children`), when the rows change and when the window's width does; not
  // on the virtualiser's own renders as the page scrolls, where reading it forced a layout (with
  // the rows just changed) on each of a drag's steps. A stale value only shifts which rows are
  // mounted by a few px: the rows are placed from the list's own top.
  // Null until read: the first render mounts no rows, so none is mounted for a list placed at the
  // page's top and dropped a moment later (read before the first paint, in the same frame).
  const [top, setTop] = useState<number | null>(null);
  const overscan = props.overscan ?? 6;
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setPainted(true));
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  const keep = props.keep ?? -1;
  const virtualizer = useWindowVirtualizer({
    count: props.count,
    estimateSize: () => props.estimateSize,
    overscan: painted ? overscan : Math.min(overscan, props.firstOverscan ?? overscan),
    scrollMargin: top ?? 0,
    getItemKey: props.getKey,
    // A hidden list measures every row as 0 px tall, and would then mount all of them to fill the
    // window: while hidden, a row keeps the height it was last seen at.
    measureElement: (element, entry, instance) => {
      if (!(element instanceof HTMLElement) || element.offsetParent !== null)
        return measureElement(element, entry, instance);
      const index = instance.indexFromElement(element);
      return instance.itemSizeCache.get(props.getKey(index)) ?? props.estimateSize;
    },
    rangeExtractor: (range) => {
      const indexes = defaultRangeExtractor(range);
      return keep >= 0 && keep < props.count && !indexes.includes(keep)
        ? [...indexes, keep].sort((a, b) => a - b)
        : indexes;
    },
  });
  const width = virtualizer.scrollRect?.width;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the dependencies say when to read it again, not what it reads.
  useLayoutEffect(() => {
    const el = listRef.current;
    // Hidden (the builder behind its preview, display: none) or not laid out (jsdom): nothing to
    // read; a list never read places its rows from the page's top.
    if (!el || el.offsetParent === null) {
      setTop((current) => current ?? 0);
      return;
    }
    const next = Math.round(el.getBoundingClientRect().top + window.scrollY);
    setTop((current) => (current === next ? current : next));
  }, [props.children, props.count, width]);
  return (
    <div ref={listRef} style={{ position: 'relative', height: virtualizer.getTotalSize() }}>
      {(top === null ? [] : virtualizer.getVirtualItems()).map((row) => (
        <div
          key={row.key}
          ref={virtualizer.measureElement}
          data-index={row.index}
          style={{ position: 'absolute', top: row.start - (top ?? 0), left: 0, right: 0 }}
        >
          {props.children(row.index)}
        </div>
      ))}
    </div>
  );
}
