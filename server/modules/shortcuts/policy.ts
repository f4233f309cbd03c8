import { can } from '../../../shared/auth/permissions';
import { SHORTCUT_AREA_LEVELS, type ShortcutArea } from '../../../shared/shortcuts/api';
import type { Actor } from '../../platform/http/guards';

/** Who may read an area's shortcut counts: whoever may open that area's manage screens. */
export const shortcutsPolicy = {
  /** The guard runs before validation, so it admits the lowest manage level; the route checks the area. */
  readAny: (actor: Actor) =>
    Object.values(SHORTCUT_AREA_LEVELS).some((level) => can(actor.permissions, level)),
  readArea: (actor: Actor, area: ShortcutArea) => can(actor.permissions, SHORTCUT_AREA_LEVELS[area]),
};
