import { useEffect, useRef, useState } from 'react';

/**
 * A container that scrolls must be reachable by keyboard, or a keyboard user cannot see what is
 * cut off (axe: scrollable-region-focusable). It becomes a focusable, named region only while its
 * content overflows, so a table that fits adds no tab stop.
 */
export function useScrollRegion<T extends HTMLElement = HTMLDivElement>(label: string) {
  const ref = useRef<T>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const check = () =>
      setOverflows(
        element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1,
      );
    check();
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  const region = overflows ? { tabIndex: 0, role: 'region', 'aria-label': `${label}, scrollable` } : {};
  return { ref, ...region };
}
