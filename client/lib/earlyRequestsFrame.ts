import { navThemeFor } from '../../shared/events/terminology';

/**
 * The signed-in frame's first paint, by the boot script (issue 22, decision 0063). On a phone the
 * app's entry (React, the router, Mantine) downloads and runs for about two seconds before React
 * paints anything. The boot script paints the frame at once from what this browser showed last
 * (kept in localStorage), and again from the event's shell when it answers, well before React
 * renders (on a first visit, only then). It paints what the frame
 * (ui/AppShell.tsx) will show at the same place: the 60px bar in the event's colour with its logo
 * (or short name), the burger's space below md and the sidebar's from md up. It is an overlay
 * outside `#root`, fixed and hidden from assistive technology (the real frame follows), taken away
 * when the real frame mounts (`removeEarlyFrame` in AppShell) or the first screen is not in the
 * frame (client/main.tsx): nothing moves when it goes, so no layout shift.
 */

/** The overlay's element id. */
export const EARLY_FRAME_ID = 'early-frame';

/** What the frame shows from the shell's answer. */
export type EarlyFrame = { eventName: string; navColor: string; logo: string };

/** Mantine's md breakpoint (62em), from which the sidebar is always shown. */
const WIDE = '(min-width: 62em)';

/** Where the last frame painted is kept, for the next visit's first paint. */
const REMEMBERED = 'portal.earlyFrame';

/** The frame this browser showed last (the event's name, colour and logo), or null. */
export function rememberedFrame(storage: Storage | undefined = globalThis.localStorage): EarlyFrame | null {
  try {
    const value = JSON.parse(storage?.getItem(REMEMBERED) ?? 'null') as Partial<EarlyFrame> | null;
    if (
      typeof value?.eventName !== 'string' ||
      typeof value.navColor !== 'string' ||
      typeof value.logo !== 'string'
    )
      return null;
    return { eventName: value.eventName, navColor: value.navColor, logo: value.logo };
  } catch {
    return null;
  }
}

/** Keeps `frame` for the next visit (null forgets it: signed out). */
export function rememberFrame(
  frame: EarlyFrame | null,
  storage: Storage | undefined = globalThis.localStorage,
): void {
  try {
    if (frame) storage?.setItem(REMEMBERED, JSON.stringify(frame));
    else storage?.removeItem(REMEMBERED);
  } catch {
    // Storage full or refused (private mode): the next visit paints once the shell answers.
  }
}

/**
 * Paints the frame's overlay, or repaints it with `frame` when it is there already (the shell's
 * answer after the remembered frame); never once the app has rendered into `#root` without it.
 */
export function paintEarlyFrame(frame: EarlyFrame, doc: Document = document): void {
  const root = doc.getElementById('root');
  const painted = doc.getElementById(EARLY_FRAME_ID);
  if (!root || (!painted && root.childElementCount > 0)) return;
  if (painted?.dataset.frame === JSON.stringify(frame)) return;
  const wide = doc.defaultView?.matchMedia?.(WIDE).matches ?? false;
  const overlay = doc.createElement('div');
  overlay.id = EARLY_FRAME_ID;
  overlay.dataset.frame = JSON.stringify(frame);
  overlay.setAttribute('aria-hidden', 'true');

  const bar = doc.createElement('div');
  Object.assign(bar.style, {
    position: 'fixed',
    top: '0',
    left: '0',
    right: '0',
    height: '60px',
    zIndex: '100',
    display: 'flex',
    alignItems: 'center',
    // The header's Group: padding md (16px); below md the burger (18px + xs) and a gap sm (12px).
    paddingInline: wide ? '16px' : '56px 16px',
    backgroundColor: frame.navColor,
    color:
      navThemeFor(frame.navColor) === 'dark' ? 'var(--mantine-color-white)' : 'var(--mantine-color-black)',
  } satisfies Partial<CSSStyleDeclaration>);
  if (frame.logo) {
    const logo = doc.createElement('img');
    logo.src = frame.logo;
    logo.alt = '';
    logo.height = 36;
    logo.style.display = 'block';
    bar.append(logo);
  } else {
    const name = doc.createElement('span');
    name.textContent = frame.eventName;
    // AppShell.module.css `.brand`.
    Object.assign(name.style, {
      fontWeight: '700',
      fontSize: 'var(--mantine-font-size-lg)',
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
    } satisfies Partial<CSSStyleDeclaration>);
    bar.append(name);
  }
  overlay.append(bar);

  if (wide) {
    const sidebar = doc.createElement('div');
    // AppShell.module.css `.navbar` from md up.
    Object.assign(sidebar.style, {
      position: 'fixed',
      top: '60px',
      left: '0',
      bottom: '0',
      width: '260px',
      zIndex: '101',
      backgroundColor: 'var(--mantine-color-body)',
      borderInlineEnd: '1px solid var(--mantine-color-gray-3)',
    } satisfies Partial<CSSStyleDeclaration>);
    overlay.append(sidebar);
  }
  if (painted) painted.replaceWith(overlay);
  else root.after(overlay);
}

/** Takes the overlay away (the real frame has mounted, or the first screen has no frame). */
export function removeEarlyFrame(doc: Document = document): void {
  doc.getElementById(EARLY_FRAME_ID)?.remove();
}
