import type { LiveHandler } from '../../../lib/liveEvents';
import { teamImportsKey } from './importApi';

/**
 * A `teamImport` signal (admins only): the import screen refetches the record, so its progress
 * (rows processed of the total) and result move as the job goes, and its check records with it.
 */
export const teamImportLive: LiveHandler = (queryClient, eventId) =>
  void queryClient.invalidateQueries({ queryKey: teamImportsKey(eventId) });
