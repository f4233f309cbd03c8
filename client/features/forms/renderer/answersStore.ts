import { type SetStateAction, useCallback, useRef, useSyncExternalStore } from 'react';

// The renderer's answers live outside React state, so a keystroke re-renders only what reads the
// answer typed: the field's own slot, and the renderer itself only when the engine reads that
// answer (a rule's source, a template, an item list). Before, the answers were the renderer's
// state and every keystroke re-rendered the renderer and the page's Mantine frame around the
// fields (about 10 ms of a 4x-throttled keystroke, bench/forms-renderer.bench.ts).

type Answers = Record<string, unknown>;

export interface AnswersStore {
  /** The current answers (a new object after each change, never mutated). */
  get(): Answers;
  /** Changes the answers as a React state setter would (a value, or an updater of the current). */
  update(change: SetStateAction<Answers>): void;
  subscribe(listener: () => void): () => void;
}

export function createAnswersStore(initial: Answers): AnswersStore {
  let answers = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => answers,
    update(change) {
      const next = typeof change === 'function' ? change(answers) : change;
      if (next === answers) return;
      answers = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const nothing = () => undefined;

/** One answer (none for `null`): the component re-renders only when this answer changes. */
export function useAnswer(store: AnswersStore, id: string | null): unknown {
  return useSyncExternalStore(store.subscribe, id === null ? nothing : () => store.get()[id]);
}

/**
 * The named answers, as the same object for as long as none of them changes (so a useMemo keyed
 * on it runs the engine again only when something it reads has changed, and the component
 * re-renders only then).
 */
export function useAnswersOf(store: AnswersStore, ids: readonly string[]): Answers {
  const last = useRef<{ ids: readonly string[]; picked: Answers } | null>(null);
  const snapshot = useCallback(() => {
    const answers = store.get();
    const previous = last.current;
    if (
      previous &&
      previous.ids === ids &&
      ids.every((id) => previous.picked[id] === answers[id] && id in previous.picked === id in answers)
    ) {
      return previous.picked;
    }
    const picked: Answers = {};
    for (const id of ids) if (id in answers) picked[id] = answers[id];
    last.current = { ids, picked };
    return picked;
  }, [store, ids]);
  return useSyncExternalStore(store.subscribe, snapshot);
}
