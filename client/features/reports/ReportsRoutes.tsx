import { Navigate, Route, Routes } from 'react-router';
import { FormReportScreen } from './FormReportScreen';
import { OneFormReportScreen } from './OneFormReportScreen';
import { ReportsOverviewScreen } from './ReportsOverviewScreen';
import { TaskReportScreen } from './TaskReportScreen';
import { TaskTeamsReportScreen } from './TaskTeamsReportScreen';
import { TeamReportDetailScreen } from './TeamReportDetailScreen';
import { LoginReportScreen, RiskReportScreen, TeamReportsScreen } from './TeamReportsScreen';

/**
 * /admin/reports/* (reportViewer and above): the report screens as one lazy chunk with its own
 * routes, so the app's route table needs one entry for the area (client/router.tsx: reports/*).
 */
export function ReportsRoutes() {
  return (
    <Routes>
      <Route index element={<ReportsOverviewScreen />} />
      <Route path="tasks" element={<TaskReportScreen />} />
      <Route path="tasks/:taskId" element={<TaskTeamsReportScreen />} />
      <Route path="forms" element={<FormReportScreen />} />
      <Route path="forms/:formId" element={<OneFormReportScreen />} />
      <Route path="teams" element={<TeamReportsScreen />} />
      <Route path="teams/:teamId" element={<TeamReportDetailScreen />} />
      <Route path="risk" element={<RiskReportScreen />} />
      <Route path="logins" element={<LoginReportScreen />} />
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Routes>
  );
}

export { ReportsRoutes as Component };
