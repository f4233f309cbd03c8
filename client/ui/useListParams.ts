import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type SortOrder = 'asc' | 'desc';

/** Query parameters every list owns itself; anything else in the URL is a filter. */
const RESERVED = new Set(['page', 'sort', 'order', 'search']);

export interface ListParams<S extends string = string> {
  /** 1-based, as in the URL (`?page=2`). */
  page: number;
  sort: S;
  order: SortOrder;
  search: string;
  filters: Record<string, string>;
  hasFilters: boolean;
  setPage: (page: number) => void;
  /** The same column again flips the order; a new column starts ascending (spec). */
  toggleSort: (sort: S) => void;
  setSearch: (search: string) => void;
  setFilter: (name: string, value: string | null) => void;
  clearFilters: () => void;
}

/**
 * Page, sort, order, search and filters of a server-driven list, kept in the URL so a list can be
 * linked to, reloaded and walked with the back button. Leaving the list leaves its sort behind
 * (spec: sorting resets on leaving). Any change other than the page goes back to page 1.
 */
export function useListParams<const S extends string>(
  defaultSort: S,
  sortable: readonly S[] = [defaultSort],
  defaultOrder: SortOrder = 'asc',
): ListParams<S> {
  const [params, setParams] = useSearchParams();

  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const sortParam = params.get('sort');
  const sort = sortable.find((s) => s === sortParam) ?? defaultSort;
  const orderParam = params.get('order');
  const order: SortOrder = orderParam === 'asc' || orderParam === 'desc' ? orderParam : defaultOrder;
  const search = params.get('search') ?? '';
  const paramsKey = params.toString();

  const filters = useMemo(() => {
    const found: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(paramsKey))
      if (!RESERVED.has(key) && value) found[key] = value;
    return found;
  }, [paramsKey]);

  const update = useCallback(
    (change: (next: URLSearchParams) => void, replace = false) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          change(next);
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  const setPage = useCallback(
    (next: number) =>
      update((p) => {
        if (next <= 1) p.delete('page');
        else p.set('page', String(next));
      }),
    [update],
  );

  const toggleSort = useCallback(
    (column: S) =>
      update((p) => {
        const nextOrder: SortOrder = column === sort && order === 'asc' ? 'desc' : 'asc';
        p.delete('page');
        if (column === defaultSort && nextOrder === defaultOrder) {
          p.delete('sort');
          p.delete('order');
        } else {
          p.set('sort', column);
          p.set('order', nextOrder);
        }
      }),
    [update, sort, order, defaultSort, defaultOrder],
  );

  const setSearch = useCallback(
    (text: string) =>
      update((p) => {
        p.delete('page');
        if (text.trim()) p.set('search', text);
        else p.delete('search');
      }, true),
    [update],
  );

  const setFilter = useCallback(
    (name: string, value: string | null) =>
      update((p) => {
        p.delete('page');
        if (value) p.set(name, value);
        else p.delete(name);
      }),
    [update],
  );

  const clearFilters = useCallback(
    () =>
      update((p) => {
        for (const key of [...p.keys()]) if (key !== 'sort' && key !== 'order') p.delete(key);
      }),
    [update],
  );

  return {
    page,
    sort,
    order,
    search,
    filters,
    hasFilters: search !== '' || Object.keys(filters).length > 0,
    setPage,
    toggleSort,
    setSearch,
    setFilter,
    clearFilters,
  };
}
