import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy*/waitFor give up after 1 s by default; lazy screens rendering in jsdom on two loaded cores
// (CI runs the client and API tests side by side) can take longer without anything being wrong:
// a 100-row table re-rendered after each click took 5-9 s per step in a busy CI run.
configure({ asyncUtilTimeout: 10_000 });

/**
 * jsdom has no layout engine: Mantine needs matchMedia and ResizeObserver. The matchMedia stub
 * answers min-width/max-width queries against window.innerWidth, so a test can set the width
 * (e.g. to check that the tips aside appears only from 1200 px).
 */
function widthInPx(value: string, unit: string): number {
  return unit === 'em' || unit === 'rem' ? Number(value) * 16 : Number(value);
}

function evaluate(query: string): boolean {
  const width = window.innerWidth;
  const min = /min-width:\s*([\d.]+)(px|em|rem)/.exec(query);
  const max = /max-width:\s*([\d.]+)(px|em|rem)/.exec(query);
  if (min && width < widthInPx(min[1], min[2])) return false;
  if (max && width > widthInPx(max[1], max[2])) return false;
  return Boolean(min || max);
}

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: evaluate(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
Element.prototype.scrollIntoView = () => undefined;
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  document.title = '';
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// jsdom has no FontFaceSet: Mantine's autosizing Textarea listens on document.fonts for fonts loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: {
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      ready: Promise.resolve(),
    },
  });
}
