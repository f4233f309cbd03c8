import { afterEach, describe, expect, it } from 'vitest';
import {
  EARLY_FRAME_ID,
  type EarlyFrame,
  paintEarlyFrame,
  rememberedFrame,
  rememberFrame,
  removeEarlyFrame,
} from './earlyRequestsFrame';

const FRAME: EarlyFrame = { eventName: 'Harbourside Expo', navColor: '#1a1b1e', logo: '' };

function page(): Document {
  const doc = document.implementation.createHTMLDocument('');
  const root = doc.createElement('div');
  root.id = 'root';
  doc.body.append(root);
  return doc;
}

describe('the frame painted before the app', () => {
  afterEach(() => localStorage.clear());

  it('paints the bar in the event s colour with its short name, outside #root, hidden from readers', () => {
    const doc = page();
    paintEarlyFrame(FRAME, doc);
    const overlay = doc.getElementById(EARLY_FRAME_ID);
    expect(overlay?.previousElementSibling?.id).toBe('root');
    expect(overlay?.getAttribute('aria-hidden')).toBe('true');
    const bar = overlay?.firstElementChild as HTMLElement;
    expect(bar.style.position).toBe('fixed');
    expect(bar.style.height).toBe('60px');
    expect(bar.style.backgroundColor).toBe('rgb(26, 27, 30)');
    // A dark bar carries white text, as the frame's header.
    expect(bar.style.color).toBe('var(--mantine-color-white)');
    expect(bar.textContent).toBe('Harbourside Expo');
    expect(doc.getElementById('root')?.childElementCount).toBe(0);
  });

  it('shows the logo instead of the name, at the header s 36px height', () => {
    const doc = page();
    paintEarlyFrame({ ...FRAME, logo: '/api/guests/files/f1?size=small' }, doc);
    const logo = doc.querySelector(`#${EARLY_FRAME_ID} img`) as HTMLImageElement;
    expect(logo.getAttribute('src')).toBe('/api/guests/files/f1?size=small');
    expect(logo.height).toBe(36);
    expect(doc.getElementById(EARLY_FRAME_ID)?.textContent).toBe('');
  });

  it('repaints with the shell s answer, once; never after the app has rendered without it', () => {
    const doc = page();
    paintEarlyFrame(FRAME, doc);
    paintEarlyFrame({ ...FRAME, eventName: 'Renamed' }, doc);
    expect(doc.querySelectorAll(`#${EARLY_FRAME_ID}`)).toHaveLength(1);
    expect(doc.getElementById(EARLY_FRAME_ID)?.textContent).toBe('Renamed');

    removeEarlyFrame(doc);
    expect(doc.getElementById(EARLY_FRAME_ID)).toBeNull();
    doc.getElementById('root')?.append(doc.createElement('main'));
    paintEarlyFrame(FRAME, doc);
    expect(doc.getElementById(EARLY_FRAME_ID)).toBeNull();
  });

  it('remembers the last frame for the next visit, and forgets it (signed out)', () => {
    expect(rememberedFrame()).toBeNull();
    rememberFrame(FRAME);
    expect(rememberedFrame()).toEqual(FRAME);
    rememberFrame(null);
    expect(rememberedFrame()).toBeNull();
    localStorage.setItem('portal.earlyFrame', '{"eventName":1}');
    expect(rememberedFrame()).toBeNull();
    localStorage.setItem('portal.earlyFrame', 'not json');
    expect(rememberedFrame()).toBeNull();
  });
});
