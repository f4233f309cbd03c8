import '@mantine/core/styles.css';
import 'survey-core/survey-core.css';
import { MantineProvider } from '@mantine/core';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { Model } from 'survey-core';
import { Survey } from 'survey-react-ui';
import { FormRenderer } from '../../client/features/forms/renderer/FormRenderer';
import { largeFormFixture } from '../../shared/forms/fixtures';
import { toSurveyJson } from './surveyjs';

// Bundled for Chromium: mounts our renderer or SurveyJS's on the 300-field form and times the mount
// and a keystroke, each until the frame after it is painted.

export type Renderer = 'ours' | 'surveyjs';

const fixture = largeFormFixture;
const surveyJson = toSurveyJson(fixture.definition);
let root: Root | null = null;
let host: HTMLElement | null = null;

/** Resolves after the next frame has been painted (a task queued from requestAnimationFrame). */
const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

function view(renderer: Renderer) {
  if (renderer === 'ours') {
    return (
      <MantineProvider>
        <FormRenderer definition={fixture.definition} context={{ client: fixture.client }} />
      </MantineProvider>
    );
  }
  // The model is made inside the timing: it is SurveyJS's reading of the form, as our renderer's
  // first render reads the definition.
  return <Survey model={new Model(surveyJson)} />;
}

async function mount(renderer: Renderer): Promise<number> {
  host = document.createElement('div');
  document.body.append(host);
  const started = performance.now();
  const made = createRoot(host);
  root = made;
  flushSync(() => made.render(view(renderer)));
  await nextPaint();
  return performance.now() - started;
}

function unmount(): void {
  root?.unmount();
  host?.remove();
  root = null;
  host = null;
}

const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;

/** The form's first text question (Question 6): the input in the nearest box around its label. */
function textBox(): HTMLInputElement | null {
  const label = [...(host?.querySelectorAll('label, span, h5, div') ?? [])].find(
    (element) => element.childElementCount === 0 && element.textContent?.trim() === TYPED_INTO,
  );
  let box = label?.parentElement ?? null;
  while (box && !box.querySelector('input')) box = box.parentElement;
  return box?.querySelector('input') ?? null;
}
const TYPED_INTO = 'Question 6';

/** One character typed into the text question, until the frame showing it is painted. */
async function keystroke(index: number): Promise<number> {
  const input = textBox();
  if (!input || !setValue) throw new Error(`No text box for ${TYPED_INTO}`);
  input.focus();
  const started = performance.now();
  setValue.call(input, `${input.value}${'abcdefghij'[index % 10]}`);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await nextPaint();
  return performance.now() - started;
}

Object.assign(globalThis, { rendererBench: { mount, unmount, keystroke } });
