import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, Navigate, type RouteObject, redirect } from 'react-router';
import { AREA_LEVELS } from '../shared/auth/permissions';
import { setupStatusQuery } from './features/setup/api';
import { RootLayout } from './features/shell/RootLayout';
import { requireLevel, requireSession, safeContinuePath } from './lib/guards';
import { meQuery } from './lib/session';
import { lazyModule } from './ui/chunkReload';
import { RouteErrorScreen } from './ui/ErrorScreen';
import { FullPageLoader } from './ui/FullPageLoader';

/**
 * The spec's route table. Every screen is its own lazy chunk; guards run in loaders (in parallel
 * with the chunk download), so a screen never renders for someone who may not see it.
 */
const screens = {
  login: lazyModule(() => import('./features/auth/LoginScreen')),
  forgotPassword: lazyModule(() => import('./features/auth/ForgotPasswordScreen')),
  setPassword: lazyModule(() => import('./features/auth/SetPasswordScreen')),
  resetPassword: lazyModule(() => import('./features/auth/ResetPasswordScreen')),
  updateEmail: lazyModule(() => import('./features/auth/UpdateEmailScreen')),
  updateEmailLogin: lazyModule(() => import('./features/auth/UpdateEmailLoginScreen')),
  unauthorised: lazyModule(() => import('./features/auth/UnauthorisedScreen')),
  notFound: lazyModule(() => import('./features/auth/NotFoundScreen')),
  setup: lazyModule(() => import('./features/setup/SetupScreen')),
  signedIn: lazyModule(() => import('./features/shell/SignedInLayout')),
  dashboard: lazyModule(() => import('./features/dashboard/DashboardScreen')),
  myAccount: lazyModule(() => import('./features/account/MyAccountScreen')),
  myEvents: lazyModule(() => import('./features/account/MyEventsScreen')),
  adminHub: lazyModule(() => import('./features/admin/AdminHubScreen')),
  users: lazyModule(() => import('./features/people/UsersScreen')),
  teams: lazyModule(() => import('./features/people/TeamsScreen')),
  addTeam: lazyModule(() => import('./features/people/AddTeamScreen')),
  addStandShare: lazyModule(() =>
    import('./features/people/AddTeamScreen').then((m) => ({ Component: m.AddStandShareScreen })),
  ),
  team: lazyModule(() => import('./features/people/TeamScreen')),
  editTeam: lazyModule(() => import('./features/people/EditTeamScreen')),
  addTeamMember: lazyModule(() => import('./features/people/AddTeamMemberScreen')),
  editTeamMember: lazyModule(() => import('./features/people/EditTeamMemberScreen')),
  teamTypes: lazyModule(() => import('./features/people/TeamTypesScreen')),
  addTeamType: lazyModule(() =>
    import('./features/people/TeamTypesScreen').then((m) => ({ Component: m.AddTeamTypeScreen })),
  ),
  editTeamType: lazyModule(() =>
    import('./features/people/TeamTypesScreen').then((m) => ({ Component: m.EditTeamTypeScreen })),
  ),
  myTeam: lazyModule(() => import('./features/people/MyTeamScreen')),
  customFields: lazyModule(() => import('./features/people/CustomFieldsScreen')),
  addCustomField: lazyModule(() => import('./features/people/CustomFieldFormScreen')),
  editCustomField: lazyModule(() =>
    import('./features/people/CustomFieldFormScreen').then((m) => ({ Component: m.EditCustomFieldScreen })),
  ),
  reorderCustomFields: lazyModule(() => import('./features/people/ReorderCustomFieldsScreen')),
  myTeamAddStandShare: lazyModule(() =>
    import('./features/people/AddTeamScreen').then((m) => ({ Component: m.MyTeamAddStandShareScreen })),
  ),
  myTeamAddMember: lazyModule(() =>
    import('./features/people/AddTeamMemberScreen').then((m) => ({ Component: m.MyTeamAddMemberScreen })),
  ),
  onboarding: lazyModule(() => import('./features/settings/OnboardingScreen')),
  myTasks: lazyModule(() => import('./features/tasks/MyTasksScreen')),
  tasks: lazyModule(() => import('./features/tasks/TasksScreen')),
  addTask: lazyModule(() => import('./features/tasks/TaskFormScreen')),
  editTask: lazyModule(() =>
    import('./features/tasks/TaskFormScreen').then((m) => ({ Component: m.EditTaskScreen })),
  ),
  taskGroups: lazyModule(() => import('./features/tasks/TaskGroupsScreen')),
  addTaskGroup: lazyModule(() =>
    import('./features/tasks/TaskGroupsScreen').then((m) => ({ Component: m.AddTaskGroupScreen })),
  ),
  editTaskGroup: lazyModule(() =>
    import('./features/tasks/TaskGroupsScreen').then((m) => ({ Component: m.EditTaskGroupScreen })),
  ),
  eventSettings: lazyModule(() => import('./features/settings/EventSettingsScreen')),
  variables: lazyModule(() => import('./features/settings/VariablesScreen')),
  emailsSettings: lazyModule(() => import('./features/settings/EmailsScreen')),
  branding: lazyModule(() => import('./features/settings/BrandingScreen')),
  onboardingSettings: lazyModule(() => import('./features/settings/OnboardingSettingsScreen')),
};

/** The admin-only settings screens (spec: branding, event, onboarding, variables, emails). */
const SETTINGS_SCREENS = [
  ['event', screens.eventSettings],
  ['variables', screens.variables],
  ['emails', screens.emailsSettings],
  ['branding', screens.branding],
  ['onboarding', screens.onboardingSettings],
] as const;

/** A failing screen inside the shell keeps the shell (section level); elsewhere the app level shows. */
function section(route: RouteObject): RouteObject {
  return { ...route, errorElement: <RouteErrorScreen level="section" /> };
}

/**
 * First visitors go to setup; someone already signed in goes where they were heading. Either check
 * failing (an outage) must not keep anyone from the sign-in form, so failures fall through to it.
 */
function loginLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    const [setup, me] = await Promise.allSettled([
      queryClient.fetchQuery(setupStatusQuery),
      queryClient.fetchQuery({ ...meQuery, staleTime: 0, retry: false }),
    ]);
    if (setup.status === 'fulfilled' && setup.value) throw redirect('/setup');
    if (me.status === 'rejected') return null;
    const continuePath = safeContinuePath(new URL(request.url).searchParams.get('continuePath'));
    throw redirect(continuePath ?? '/');
  };
}

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <RouteErrorScreen level="app" />,
      hydrateFallbackElement: <FullPageLoader />,
      children: [
        {
          path: 'auth',
          children: [
            { index: true, element: <Navigate to="/auth/login" replace /> },
            { path: 'login', loader: loginLoader(queryClient), lazy: screens.login },
            { path: 'forgot-password', lazy: screens.forgotPassword },
            { path: 'set-password', lazy: screens.setPassword },
            { path: 'reset-password', lazy: screens.resetPassword },
            { path: 'update-email', lazy: screens.updateEmail },
            { path: 'update-email/login', lazy: screens.updateEmailLogin },
          ],
        },
        { path: 'unauthorised', lazy: screens.unauthorised },
        { path: '404', lazy: screens.notFound },
        {
          path: 'setup',
          loader: async () => {
            await queryClient.fetchQuery(setupStatusQuery);
            return null;
          },
          lazy: screens.setup,
        },
        {
          id: 'signed-in',
          loader: requireSession(queryClient),
          lazy: screens.signedIn,
          children: [
            section({ index: true, lazy: screens.dashboard }),
            section({ path: 'my-account', lazy: screens.myAccount }),
            section({ path: 'my-events', lazy: screens.myEvents }),
            section({ path: 'my-team', lazy: screens.myTeam }),
            section({ path: 'my-team/add-team-member', lazy: screens.myTeamAddMember }),
            // Spec: adding a stand share without a parent goes back to my team.
            { path: 'my-team/add-stand-share', element: <Navigate to="/my-team" replace /> },
            section({ path: 'my-team/add-stand-share/:parentId', lazy: screens.myTeamAddStandShare }),
            section({ path: 'onboarding', lazy: screens.onboarding }),
            // The task drawer is a child route, so opening a task keeps the list mounted beneath it.
            section({ path: 'tasks', lazy: screens.myTasks, children: [{ path: ':taskId' }] }),
            {
              path: 'admin',
              loader: requireLevel(queryClient, AREA_LEVELS.adminHub),
              children: [
                section({ index: true, lazy: screens.adminHub }),
                section({
                  path: 'users',
                  loader: requireLevel(queryClient, AREA_LEVELS.users),
                  lazy: screens.users,
                }),
                {
                  path: 'teams',
                  loader: requireLevel(queryClient, AREA_LEVELS.teams),
                  children: [
                    section({ index: true, lazy: screens.teams }),
                    section({ path: 'add-team', lazy: screens.addTeam }),
                    // Spec: adding a stand share without a parent goes back to the team list.
                    { path: 'add-stand-share', element: <Navigate to="/admin/teams" replace /> },
                    section({ path: 'add-stand-share/:parentId', lazy: screens.addStandShare }),
                    section({ path: ':teamId', lazy: screens.team }),
                    section({ path: ':teamId/edit-team', lazy: screens.editTeam }),
                    section({ path: ':teamId/add-team-member', lazy: screens.addTeamMember }),
                    section({ path: ':teamId/:userId', lazy: screens.editTeamMember }),
                  ],
                },
                {
                  path: 'custom-fields',
                  loader: requireLevel(queryClient, AREA_LEVELS.settings),
                  children: [
                    section({ index: true, lazy: screens.customFields }),
                    section({ path: 'add', lazy: screens.addCustomField }),
                    section({ path: 'reorder', lazy: screens.reorderCustomFields }),
                    section({ path: ':customFieldId', lazy: screens.editCustomField }),
                  ],
                },
                {
                  path: 'team-types',
                  loader: requireLevel(queryClient, AREA_LEVELS.settings),
                  children: [
                    section({ index: true, lazy: screens.teamTypes }),
                    section({ path: 'add', lazy: screens.addTeamType }),
                    section({ path: ':teamTypeId', lazy: screens.editTeamType }),
                  ],
                },
                {
                  path: 'tasks',
                  loader: requireLevel(queryClient, AREA_LEVELS.tasks),
                  children: [
                    section({ index: true, lazy: screens.tasks }),
                    section({ path: 'add', lazy: screens.addTask }),
                    section({ path: ':taskId', lazy: screens.editTask }),
                  ],
                },
                {
                  path: 'task-groups',
                  loader: requireLevel(queryClient, AREA_LEVELS.tasks),
                  children: [
                    section({ index: true, lazy: screens.taskGroups }),
                    section({ path: 'add', lazy: screens.addTaskGroup }),
                    section({ path: ':groupId', lazy: screens.editTaskGroup }),
                  ],
                },
                ...SETTINGS_SCREENS.map(([path, lazy]) =>
                  section({ path, loader: requireLevel(queryClient, AREA_LEVELS.settings), lazy }),
                ),
              ],
            },
          ],
        },
        { path: '*', lazy: screens.notFound },
      ],
    },
  ];
}
