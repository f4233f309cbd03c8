import type { Settings } from '../../../shared/events/settings';
import type { EditableSettingsName } from '../../../shared/events/settingsApi';
import type { AppContext } from '../../platform/context';

/**
 * What other areas do after a settings document changed through the settings route, outside its
 * transaction: branding releases the uploaded images it no longer uses. One hook per document,
 * registered by its area at start-up (the areas depend on events, never the other way round).
 */
type SettingsSaved<N extends EditableSettingsName> = (
  ctx: AppContext,
  eventId: string,
  before: Settings<N>,
  after: Settings<N>,
) => Promise<void>;

const hooks = new Map<EditableSettingsName, SettingsSaved<EditableSettingsName>>();

export function onSettingsSaved<N extends EditableSettingsName>(name: N, hook: SettingsSaved<N>): void {
  hooks.set(name, hook as unknown as SettingsSaved<EditableSettingsName>);
}

export function hasSettingsHook(name: EditableSettingsName): boolean {
  return hooks.has(name);
}

export async function settingsSaved<N extends EditableSettingsName>(
  ctx: AppContext,
  eventId: string,
  name: N,
  before: Settings<N>,
  after: Settings<N>,
): Promise<void> {
  await hooks.get(name)?.(ctx, eventId, before, after);
}
