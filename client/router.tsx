import type { QueryClient } from '@tanstack/react-query';
import {
  type LoaderFunctionArgs,
  matchPath,
  Navigate,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
  redirect,
} from 'react-router';
// Levels from the permissions table, not the areas' schema modules: those bring Zod schemas into
// the entry chunk that every screen, the sign-in form too, loads first.
import {
  API_TOKENS_LEVEL,
  AREA_LEVELS,
  AUDIT_LEVEL,
  FIELD_GROUPS_LEVEL,
  FORMS_LEVEL,
  WEBHOOKS_LEVEL,
} from '../shared/auth/permissions';
import { emailTemplateScreens } from './features/emails/screens';
import { builderLoader, fieldGroupBuilderLoader } from './features/forms/builder/earlyLock';
import { notificationScreens } from './features/notifications/screens';
import { setupStatusQuery } from './features/setup/api';
import { RootLayout } from './features/shell/RootLayout';
import { requireLevel, requireSession, safeContinuePath } from './lib/guards';
import { meQuery } from './lib/session';
import { lazyModule } from './ui/chunkReload';
import { RouteErrorScreen } from './ui/ErrorScreen';
import { Loading } from './ui/QueryState';

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
  apiTokens: lazyModule(() => import('./features/audit/ApiTokensScreen')),
  audit: lazyModule(() => import('./features/audit/AuditScreen')),
  reports: lazyModule(() => import('./features/reports/ReportsRoutes')),
  users: lazyModule(() => import('./features/people/UsersScreen')),
  teams: lazyModule(() => import('./features/people/TeamsScreen')),
  addTeam: lazyModule(() => import('./features/people/AddTeamScreen')),
  teamImport: lazyModule(() => import('./features/people/import/TeamImportScreen')),
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
  archivedTasks: lazyModule(() => import('./features/tasks/ArchivedTasksScreen')),
  archivedTaskGroups: lazyModule(() =>
    import('./features/tasks/TaskGroupsScreen').then((m) => ({ Component: m.ArchivedTaskGroupsScreen })),
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
  sidebarSettings: lazyModule(() => import('./features/portal/SidebarScreen')),
  featuredPages: lazyModule(() => import('./features/portal/FeaturedPagesScreen')),
  corePages: lazyModule(() => import('./features/portal/CorePagesScreen')),
  dashboardHeader: lazyModule(() => import('./features/portal/DashboardHeaderScreen')),
  cardLayouts: lazyModule(() => import('./features/portal/CardLayoutsScreen')),
  addCardLayout: lazyModule(() => import('./features/portal/CardLayoutFormScreen')),
  editCardLayout: lazyModule(() =>
    import('./features/portal/CardLayoutFormScreen').then((m) => ({ Component: m.EditCardLayoutScreen })),
  ),
  assets: lazyModule(() => import('./features/assets/AssetsScreen')),
  addAsset: lazyModule(() => import('./features/assets/AddAssetScreen')),
  asset: lazyModule(() => import('./features/assets/AssetScreen')),
  downloads: lazyModule(() => import('./features/downloads/DownloadsScreen')),
  addDownload: lazyModule(() => import('./features/downloads/DownloadFormScreen')),
  editDownload: lazyModule(() =>
    import('./features/downloads/DownloadFormScreen').then((m) => ({ Component: m.EditDownloadScreen })),
  ),
  myDownloads: lazyModule(() => import('./features/downloads/MyDownloadsScreen')),
  ...notificationScreens,
  ...emailTemplateScreens,
  supplierDirectory: lazyModule(() => import('./features/suppliers/SupplierDirectoryScreen')),
  supplier: lazyModule(() => import('./features/suppliers/SupplierScreen')),
  suppliers: lazyModule(() => import('./features/suppliers/SuppliersScreen')),
  archivedSuppliers: lazyModule(() =>
    import('./features/suppliers/SuppliersScreen').then((m) => ({ Component: m.ArchivedSuppliersScreen })),
  ),
  addSupplier: lazyModule(() => import('./features/suppliers/SupplierFormScreen')),
  editSupplier: lazyModule(() =>
    import('./features/suppliers/SupplierFormScreen').then((m) => ({ Component: m.EditSupplierScreen })),
  ),
  supplierGroups: lazyModule(() => import('./features/suppliers/SupplierGroupsScreen')),
  archivedSupplierGroups: lazyModule(() =>
    import('./features/suppliers/SupplierGroupsScreen').then((m) => ({
      Component: m.ArchivedSupplierGroupsScreen,
    })),
  ),
  addSupplierGroup: lazyModule(() =>
    import('./features/suppliers/SupplierGroupsScreen').then((m) => ({
      Component: m.AddSupplierGroupScreen,
    })),
  ),
  editSupplierGroup: lazyModule(() =>
    import('./features/suppliers/SupplierGroupsScreen').then((m) => ({
      Component: m.EditSupplierGroupScreen,
    })),
  ),
  contentReaderList: lazyModule(() => import('./features/content/ContentReaderScreens')),
  contentPage: lazyModule(() => import('./features/content/ContentPageScreen')),
  guestContent: lazyModule(() => import('./features/content/GuestContentScreen')),
  contentList: lazyModule(() => import('./features/content/ContentListScreen')),
  archivedContent: lazyModule(() =>
    import('./features/content/ContentListScreen').then((m) => ({ Component: m.ArchivedContentScreen })),
  ),
  addContent: lazyModule(() =>
    import('./features/content/ContentSettingsScreen').then((m) => ({ Component: m.AddContentScreen })),
  ),
  contentSettings: lazyModule(() => import('./features/content/ContentSettingsScreen')),
  pageEditor: lazyModule(() => import('./features/content/PageEditorScreen')),
  formsList: lazyModule(() => import('./features/forms/FormsScreen')),
  archivedForms: lazyModule(() =>
    import('./features/forms/FormsScreen').then((m) => ({ Component: m.ArchivedFormsScreen })),
  ),
  addForm: lazyModule(() =>
    import('./features/forms/FormSettingsScreen').then((m) => ({ Component: m.AddFormScreen })),
  ),
  formSettings: lazyModule(() => import('./features/forms/FormSettingsScreen')),
  formBuilder: lazyModule(() => import('./features/forms/builder/FormBuilderScreen')),
  submissions: lazyModule(() => import('./features/forms/fill/SubmissionsScreen')),
  editSubmission: lazyModule(() => import('./features/forms/fill/EditSubmissionScreen')),
  myForms: lazyModule(() => import('./features/forms/fill/MyFormsScreen')),
  fillForm: lazyModule(() => import('./features/forms/fill/FillFormScreen')),
  draftSaved: lazyModule(() => import('./features/forms/fill/AfterSubmitScreens')),
  formConfirmation: lazyModule(() =>
    import('./features/forms/fill/AfterSubmitScreens').then((m) => ({ Component: m.ConfirmationScreen })),
  ),
  mySubmissions: lazyModule(() => import('./features/forms/fill/MySubmissionsScreens')),
  mySubmission: lazyModule(() =>
    import('./features/forms/fill/MySubmissionsScreens').then((m) => ({ Component: m.MySubmissionScreen })),
  ),
  guestForm: lazyModule(() => import('./features/forms/fill/GuestFormScreens')),
  guestConfirmation: lazyModule(() =>
    import('./features/forms/fill/GuestFormScreens').then((m) => ({ Component: m.GuestConfirmationScreen })),
  ),
  confirmations: lazyModule(() => import('./features/forms/confirmations/ConfirmationsScreen')),
  addConfirmation: lazyModule(() =>
    import('./features/forms/confirmations/ConfirmationFormScreen').then((m) => ({
      Component: m.AddConfirmationScreen,
    })),
  ),
  editConfirmation: lazyModule(() => import('./features/forms/confirmations/ConfirmationFormScreen')),
  formNotifications: lazyModule(() => import('./features/forms/notifications/NotificationsScreen')),
  addFormNotification: lazyModule(() =>
    import('./features/forms/notifications/NotificationFormScreen').then((m) => ({
      Component: m.AddNotificationScreen,
    })),
  ),
  editFormNotification: lazyModule(() => import('./features/forms/notifications/NotificationFormScreen')),
  webhooks: lazyModule(() => import('./features/webhooks/WebhooksScreen')),
  addWebhook: lazyModule(() =>
    import('./features/webhooks/WebhookFormScreen').then((m) => ({ Component: m.AddWebhookScreen })),
  ),
  editWebhook: lazyModule(() => import('./features/webhooks/WebhookFormScreen')),
  viewWebhook: lazyModule(() => import('./features/webhooks/WebhookViewScreen')),
  fieldGroups: lazyModule(() => import('./features/forms/fieldGroups/FieldGroupsScreen')),
  archivedFieldGroups: lazyModule(() =>
    import('./features/forms/fieldGroups/FieldGroupsScreen').then((m) => ({
      Component: m.ArchivedFieldGroupsScreen,
    })),
  ),
  addFieldGroup: lazyModule(() =>
    import('./features/forms/fieldGroups/FieldGroupSettingsScreen').then((m) => ({
      Component: m.AddFieldGroupScreen,
    })),
  ),
  fieldGroupSettings: lazyModule(() => import('./features/forms/fieldGroups/FieldGroupSettingsScreen')),
  fieldGroupBuilder: lazyModule(() => import('./features/forms/fieldGroups/FieldGroupBuilderScreen')),
  timeTable: lazyModule(() => import('./features/timetable/TimeTableScreen')),
  adminTimeTable: lazyModule(() => import('./features/timetable/AdminTimeTableScreen')),
  addSession: lazyModule(() => import('./features/timetable/SessionFormScreen')),
  editSession: lazyModule(() =>
    import('./features/timetable/SessionFormScreen').then((m) => ({ Component: m.EditSessionScreen })),
  ),
  tracks: lazyModule(() => import('./features/timetable/TracksScreen')),
  importSessions: lazyModule(() => import('./features/timetable/TimeTableImportScreen')),
};

/** The admin-only settings screens (spec: branding, event, onboarding, variables, emails). */
const SETTINGS_SCREENS = [
  ['event', screens.eventSettings],
  ['variables', screens.variables],
  ['emails', screens.emailsSettings],
  ['branding', screens.branding],
  ['onboarding', screens.onboardingSettings],
  ['sidebar', screens.sidebarSettings],
  ['featured-pages', screens.featuredPages],
  ['core-pages', screens.corePages],
  ['dashboard-header', screens.dashboardHeader],
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
      hydrateFallbackElement: <Loading label="Loading" fullPage />,
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
        // Guest pages (spec): public content for anyone with the link, no session needed.
        { path: 'guests/content/:contentId', lazy: screens.guestContent },
        { path: 'guests/forms/:formId', lazy: screens.guestForm },
        { path: 'guests/forms/:formId/:confirmationId', lazy: screens.guestConfirmation },
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
            // The task drawer is a child route, so opening a task keeps the list mounted beneath it; the
            // list draws the drawer, so the child renders nothing (an explicit null, not a missing element).
            section({ path: 'tasks', lazy: screens.myTasks, children: [{ path: ':taskId', element: null }] }),
            section({ path: 'content', lazy: screens.contentReaderList }),
            // A task of the page's task list opens in a drawer over the page (the page draws it).
            section({
              path: 'content/:contentId',
              lazy: screens.contentPage,
              children: [{ path: 'task/:taskId', element: null }],
            }),
            section({ path: 'downloads', lazy: screens.myDownloads }),
            section({ path: 'forms', lazy: screens.myForms }),
            section({ path: 'forms/:formId', lazy: screens.fillForm }),
            section({ path: 'forms/:formId/draft-saved', lazy: screens.draftSaved }),
            section({ path: 'forms/:formId/submissions', lazy: screens.mySubmissions }),
            section({ path: 'forms/:formId/submissions/:submissionId', lazy: screens.mySubmission }),
            // Spec: a submission path without its submission goes to the forms list.
            { path: 'forms/:formId/submission', element: <Navigate to="/forms" replace /> },
            section({ path: 'forms/:formId/:confirmationId', lazy: screens.formConfirmation }),
            section({ path: 'time-table', lazy: screens.timeTable }),
            section({ path: 'notifications', lazy: screens.myNotifications }),
            section({ path: 'suppliers', lazy: screens.supplierDirectory }),
            section({ path: 'suppliers/:supplierId', lazy: screens.supplier }),
            section({ path: 'content/:contentId/supplier/:supplierId', lazy: screens.supplier }),
            {
              path: 'admin',
              loader: requireLevel(queryClient, AREA_LEVELS.adminHub),
              children: [
                section({ index: true, lazy: screens.adminHub }),
                section({
                  path: 'reports/*',
                  loader: requireLevel(queryClient, AREA_LEVELS.reports),
                  lazy: screens.reports,
                }),
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
                    section({
                      path: 'import',
                      loader: requireLevel(queryClient, AREA_LEVELS.teamImport),
                      lazy: screens.teamImport,
                    }),
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
                section({
                  path: 'api-tokens',
                  loader: requireLevel(queryClient, API_TOKENS_LEVEL),
                  lazy: screens.apiTokens,
                }),
                section({
                  path: 'audit',
                  loader: requireLevel(queryClient, AUDIT_LEVEL),
                  lazy: screens.audit,
                }),
                {
                  path: 'tasks',
                  loader: requireLevel(queryClient, AREA_LEVELS.tasks),
                  children: [
                    section({ index: true, lazy: screens.tasks }),
                    section({ path: 'add', lazy: screens.addTask }),
                    section({ path: 'archived', lazy: screens.archivedTasks }),
                    section({ path: ':taskId', lazy: screens.editTask }),
                  ],
                },
                {
                  path: 'content',
                  // Spec: moderator and above manage content.
                  loader: requireLevel(queryClient, 'moderator'),
                  children: [
                    section({ index: true, lazy: screens.contentList }),
                    section({ path: 'add', lazy: screens.addContent }),
                    section({ path: 'archived', lazy: screens.archivedContent }),
                    section({ path: ':contentId', lazy: screens.pageEditor }),
                    section({ path: ':contentId/settings', lazy: screens.contentSettings }),
                  ],
                },
                {
                  path: 'forms',
                  // Spec: moderator and above manage forms, their confirmations and notifications.
                  loader: requireLevel(queryClient, FORMS_LEVEL),
                  children: [
                    section({ index: true, lazy: screens.formsList }),
                    section({ path: 'add', lazy: screens.addForm }),
                    section({ path: 'archived', lazy: screens.archivedForms }),
                    section({
                      path: ':formId',
                      // The 300-field form and its edit lock: asked for with the session.
                      loader: builderLoader(queryClient),
                      lazy: screens.formBuilder,
                    }),
                    section({ path: ':formId/submissions', lazy: screens.submissions }),
                    section({ path: ':formId/submissions/:submissionId/edit', lazy: screens.editSubmission }),
                    section({ path: ':formId/settings', lazy: screens.formSettings }),
                    section({ path: ':formId/confirmations', lazy: screens.confirmations }),
                    section({ path: ':formId/confirmations/add', lazy: screens.addConfirmation }),
                    section({
                      path: ':formId/confirmations/:confirmationId',
                      lazy: screens.editConfirmation,
                    }),
                    section({ path: ':formId/notifications', lazy: screens.formNotifications }),
                    section({ path: ':formId/notifications/add', lazy: screens.addFormNotification }),
                    section({
                      path: ':formId/notifications/:notificationId',
                      lazy: screens.editFormNotification,
                    }),
                    {
                      path: ':formId/webhooks',
                      // Spec: webhooks are admin only (moderators manage the form, not its webhooks).
                      loader: requireLevel(queryClient, WEBHOOKS_LEVEL),
                      children: [
                        section({ index: true, lazy: screens.webhooks }),
                        section({ path: 'add', lazy: screens.addWebhook }),
                        section({ path: ':webhookId', lazy: screens.viewWebhook }),
                        section({ path: ':webhookId/edit', lazy: screens.editWebhook }),
                      ],
                    },
                  ],
                },
                {
                  path: 'field-groups',
                  // Spec: field groups are admin only.
                  loader: requireLevel(queryClient, FIELD_GROUPS_LEVEL),
                  children: [
                    section({ index: true, lazy: screens.fieldGroups }),
                    section({ path: 'add', lazy: screens.addFieldGroup }),
                    section({ path: 'archived', lazy: screens.archivedFieldGroups }),
                    section({
                      path: ':fieldGroupId',
                      // Its edit lock, asked for while the builder's code loads (decision 0064).
                      loader: fieldGroupBuilderLoader(queryClient),
                      lazy: screens.fieldGroupBuilder,
                    }),
                    section({ path: ':fieldGroupId/settings', lazy: screens.fieldGroupSettings }),
                  ],
                },
                {
                  path: 'task-groups',
                  loader: requireLevel(queryClient, AREA_LEVELS.tasks),
                  children: [
                    section({ index: true, lazy: screens.taskGroups }),
                    section({ path: 'add', lazy: screens.addTaskGroup }),
                    section({ path: 'archived', lazy: screens.archivedTaskGroups }),
                    section({ path: ':groupId', lazy: screens.editTaskGroup }),
                  ],
                },
                {
                  path: 'suppliers',
                  loader: requireLevel(queryClient, AREA_LEVELS.suppliers),
                  children: [
                    section({ index: true, lazy: screens.suppliers }),
                    section({ path: 'add', lazy: screens.addSupplier }),
                    section({ path: 'archived', lazy: screens.archivedSuppliers }),
                    section({ path: ':supplierId', lazy: screens.editSupplier }),
                  ],
                },
                {
                  path: 'supplier-groups',
                  loader: requireLevel(queryClient, AREA_LEVELS.suppliers),
                  children: [
                    section({ index: true, lazy: screens.supplierGroups }),
                    section({ path: 'add', lazy: screens.addSupplierGroup }),
                    section({ path: 'archived', lazy: screens.archivedSupplierGroups }),
                    section({ path: ':groupId', lazy: screens.editSupplierGroup }),
                  ],
                },
                {
                  path: 'card-layouts',
                  loader: requireLevel(queryClient, AREA_LEVELS.settings),
                  children: [
                    section({ index: true, lazy: screens.cardLayouts }),
                    section({ path: 'add', lazy: screens.addCardLayout }),
                    section({ path: ':layoutId', lazy: screens.editCardLayout }),
                  ],
                },
                {
                  path: 'assets',
                  loader: requireLevel(queryClient, 'moderator'),
                  children: [
                    section({ index: true, lazy: screens.assets }),
                    section({ path: 'add', lazy: screens.addAsset }),
                    section({ path: ':assetId', lazy: screens.asset }),
                  ],
                },
                {
                  path: 'downloads',
                  loader: requireLevel(queryClient, 'moderator'),
                  children: [
                    section({ index: true, lazy: screens.downloads }),
                    section({ path: 'add', lazy: screens.addDownload }),
                    section({ path: ':downloadId', lazy: screens.editDownload }),
                  ],
                },
                {
                  path: 'time-table',
                  loader: requireLevel(queryClient, 'moderator'),
                  children: [
                    section({ index: true, lazy: screens.adminTimeTable }),
                    section({ path: 'add', lazy: screens.addSession }),
                    section({ path: 'tracks', lazy: screens.tracks }),
                    section({ path: 'import', lazy: screens.importSessions }),
                    section({ path: ':sessionId', lazy: screens.editSession }),
                  ],
                },
                {
                  path: 'notifications',
                  loader: requireLevel(queryClient, 'admin'),
                  children: [
                    section({ index: true, lazy: screens.notifications }),
                    section({ path: 'add', lazy: screens.addNotification }),
                    section({ path: ':notificationId', lazy: screens.editNotification }),
                  ],
                },
                {
                  path: 'email-templates',
                  loader: requireLevel(queryClient, 'admin'),
                  children: [
                    section({ index: true, lazy: screens.emailTemplates }),
                    section({ path: 'edit/:kind', lazy: screens.editEmailTemplate }),
                    section({ path: 'view/:kind', lazy: screens.viewEmailTemplate }),
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

/**
 * The route table the router starts with, and how it grows (issue 13). React Router ranks every
 * branch it is given when it is created, compiling a pattern for each route of each branch: over the
 * whole table (127 screens) about 110 ms of the entry's evaluation at 4x CPU, paid before any screen.
 * So the router starts with only the sections on the way to the page it opens: a route with a path
 * and children (`admin`, `admin/teams`, `auth`...) that the page is not inside is held back whole,
 * and added under its parent (`patchRoutesOnNavigation`) on the first navigation into it. Nothing is
 * downloaded for that: the screens stay lazy as before; only their table entries wait.
 */
export function startingRoutes(
  routes: RouteObject[],
  pathname: string,
): { routes: RouteObject[]; patchRoutesOnNavigation: PatchRoutesOnNavigationFunction } {
  const heldBack: { parentId: string; path: string; route: RouteObject }[] = [];
  const within = (path: string, location: string) =>
    matchPath({ path, caseSensitive: false, end: false }, location) !== null;
  const keep = (
    list: RouteObject[],
    parentId: string | null,
    parentPath: string,
    at: string,
  ): RouteObject[] =>
    list.flatMap((route, index): RouteObject[] => {
      if (!route.children) return [route];
      const path = route.path ? `${parentPath.replace(/\/$/, '')}/${route.path}` : parentPath;
      if (parentId !== null && route.path && !within(path, pathname)) {
        heldBack.push({ parentId, path, route });
        return [];
      }
      // A parent needs an id to be patched into; the router's own would be its place in this table.
      const id = route.id ?? `r${at}-${index}`;
      return [{ ...route, id, children: keep(route.children, id, path, `${at}-${index}`) } as RouteObject];
    });
  return {
    routes: keep(routes, null, '', ''),
    patchRoutesOnNavigation: ({ path, patch, signal }) => {
      for (const entry of [...heldBack]) {
        if (!within(entry.path, path)) continue;
        patch(entry.parentId, [entry.route]);
        if (!signal.aborted) heldBack.splice(heldBack.indexOf(entry), 1);
      }
    },
  };
}
