import { measureAll } from './measure';

// Bundled for Chromium: exposes the measurements to page.evaluate.
Object.assign(globalThis, { formsEngineBench: measureAll });
