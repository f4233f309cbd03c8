import { useQueryClient } from '@tanstack/react-query';
import type { ImportFormat } from '../../../shared/people/importSchema';
import { type SessionImportResult, sessionImportResultSchema } from '../../../shared/timetable/importApi';
import { TIMETABLE_ROUTES } from '../../../shared/timetable/routes';
import { ApiError, routeUrl } from '../../lib/api';
import { useMutation } from '../../lib/mutation';
import { sessionKeys } from '../../lib/session';
import { uploadTo } from '../../ui/uploadFile';

/** The address of the import's template, as a spreadsheet or CSV. */
export const sessionImportTemplateUrl = (eventId: string, format: ImportFormat) =>
  routeUrl(TIMETABLE_ROUTES.importTemplate, { params: { eventId }, query: { format } });

/** Sends the file to the preview or the import; both answer every row of it. */
async function send(eventId: string, step: 'preview' | 'import', file: File): Promise<SessionImportResult> {
  const route = step === 'preview' ? TIMETABLE_ROUTES.importPreview : TIMETABLE_ROUTES.import;
  const url = routeUrl(route, { params: { eventId } });
  const body = await uploadTo(url, file, () => {});
  const parsed = sessionImportResultSchema.safeParse(body);
  if (!parsed.success) throw new ApiError(200, 'unknown', 'Something went wrong. Please try again later');
  return parsed.data;
}

export function usePreviewSessionImport(eventId: string) {
  return useMutation({ mutationFn: (file: File) => send(eventId, 'preview', file) });
}

export function useImportSessions(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => send(eventId, 'import', file),
    // New sessions appear in the admin list, the agenda and the dashboard.
    onSuccess: () => client.invalidateQueries({ queryKey: [...sessionKeys.event(eventId), 'time-table'] }),
  });
}
