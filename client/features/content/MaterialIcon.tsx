import 'material-symbols/outlined.css';
import { symbolName } from '../../../shared/content/icons';

/**
 * A page icon drawn with the Material Symbols font. The stylesheet comes with this component's
 * chunk, and the browser fetches the font only when an icon is on screen.
 */
export function MaterialIcon({ icon, size = 24, label }: { icon: string; size?: number; label?: string }) {
  return (
    <span
      className="material-symbols-outlined"
      style={{ fontSize: size, width: size, height: size, overflow: 'hidden' }}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      {symbolName(icon)}
    </span>
  );
}

export default MaterialIcon;
