import { symbolName } from '../../../shared/content/icons';

/**
 * A page icon: the Material Symbols SVG of its name (served by the server at /icons/<name>.svg),
 * painted in the text colour through a CSS mask. A screen downloads only the icons it shows, a few
 * hundred bytes each, instead of the 3.9 MB icon font; the box has its size before the file arrives.
 */
export function MaterialIcon({ icon, size = 24, label }: { icon: string; size?: number; label?: string }) {
  const name = symbolName(icon);
  const mask = `url(/icons/${name}.svg) center / contain no-repeat`;
  return (
    <span
      data-icon={name}
      style={{
        display: 'inline-block',
        flex: 'none',
        width: size,
        height: size,
        backgroundColor: 'currentColor',
        mask,
        WebkitMask: mask,
      }}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    />
  );
}

export default MaterialIcon;
