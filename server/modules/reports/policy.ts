import { can } from '../../../shared/auth/permissions';
import { REPORTS_LEVEL } from '../../../shared/reports/api';
import type { Actor } from '../../platform/http/guards';

/** Who may read reports (spec: the reportViewer level and above). Reports only read. */
export const reportsPolicy = {
  readReports: (actor: Actor) => can(actor.permissions, REPORTS_LEVEL),
};
