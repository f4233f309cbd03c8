import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { AUTH_ERROR_MESSAGES } from '../../../shared/auth/errors';
import { AREA_LEVELS, can } from '../../../shared/auth/permissions';
import type { ShellResponse } from '../../../shared/events/schema';
import { DEFAULT_NAV_COLOR, DEFAULT_TERMINOLOGY, navThemeFor } from '../../../shared/events/terminology';
import { MEMBER_AREAS, type MemberArea, pathIsOpen } from '../../../shared/people/memberAreas';
import { isApiError } from '../../lib/api';
import { rememberSupportEmail } from '../../lib/connectivity';
import { useLiveEvents } from '../../lib/liveEvents';
import {
  currentEventOf,
  forgetSession,
  meQuery,
  SessionContext,
  type SignedInSession,
  sessionKeys,
  useShell,
  useSignOut,
} from '../../lib/session';
import { AppShell } from '../../ui/AppShell';
import { feedbackState, useFeedback } from '../../ui/FeedbackBanner';
import { Loading } from '../../ui/QueryState';
import { LIVE_HANDLERS } from '../live';
import { NotificationBell } from '../notifications/NotificationBell';
import { CorePageImage } from '../portal/CorePageImage';
import { useSidebarSections } from '../portal/shellSidebar';
import { availableCorePages, CORE_PAGE_SCREENS } from '../registry';
import { ForbiddenScreen } from './ForbiddenScreen';
import { shellLogo } from './shellLogo';

/**
 * A session that ends while the portal is open (expiry, sign-out in another tab) sends the user to
 * sign in, once. The account query is left out: the route guards already handle it, and signing
 * out on purpose makes it fail too.
 */
function useSignInWhenSessionEnds() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef('');
  here.current = `${location.pathname}${location.search}`;
  const redirecting = useRef(false);

  useEffect(() => {
    const toLogin = async () => {
      if (redirecting.current) return;
      redirecting.current = true;
      const continuePath = here.current === '/' ? '' : `?continuePath=${encodeURIComponent(here.current)}`;
      await navigate(`/auth/login${continuePath}`, {
        replace: true,
        state: feedbackState('info', AUTH_ERROR_MESSAGES['auth/unauthenticated']),
      });
      forgetSession(queryClient);
    };
    const offQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (event.query.queryKey[0] === sessionKeys.me[0]) return;
      if (isApiError(event.action.error, 401)) void toLogin();
    });
    const offMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      const error = event.action.error;
      // Only a missing session: a 401 for a wrong password belongs to the form that sent it.
      if (isApiError(error, 401) && error.code === 'auth/unauthenticated') void toLogin();
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [queryClient, navigate]);
}

/**
 * Spec: the welcome screen is shown once, until the member is onboarded. Decided once per event
 * when its shell first arrives (after sign-in), so an admin switching onboarding on is not taken
 * away from the screen they are on.
 */
function useOnboardingRedirect(shell: ShellResponse | null) {
  const navigate = useNavigate();
  const location = useLocation();
  const decidedFor = useRef<string | null>(null);
  const from = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (!shell || decidedFor.current === shell.event.id) return;
    decidedFor.current = shell.event.id;
    if (!shell.onboarding.showOnboarding || shell.membership.isOnboarded) return;
    if (from !== '/onboarding') void navigate('/onboarding', { replace: true, state: { from } });
  }, [shell, from, navigate]);
}

/** A screen of an area closed to this team member shows the 403 screen at its own address. */
function AreaGate({ areas, children }: { areas: readonly MemberArea[]; children: ReactNode }) {
  const { pathname } = useLocation();
  if (pathIsOpen(pathname, areas)) return children;
  return <ForbiddenScreen />;
}

/** The signed-in area: loads the account and its event, and draws the shell around every screen. */
export function SignedInLayout() {
  const me = useQuery(meQuery).data;
  const event = me ? currentEventOf(me) : null;
  const shell = useShell(event?.id).data ?? null;
  const signOut = useSignOut();
  const feedback = useFeedback();
  useSignInWhenSessionEnds();
  // One event stream per tab: live signals refresh what changed (the bell, and later other screens).
  useLiveEvents(event?.id, LIVE_HANDLERS);
  useOnboardingRedirect(shell);
  // The VPN/firewall message names the event's support address (spec, other error shapes).
  useEffect(() => rememberSupportEmail(shell?.supportEmail), [shell?.supportEmail]);
  const sidebar = useSidebarSections(event?.id ?? '', shell?.terminology ?? DEFAULT_TERMINOLOGY);

  const session = useMemo<SignedInSession | null>(
    () =>
      me ? { me, event, shell, level: shell?.membership.permissions ?? event?.permissions ?? null } : null,
    [me, event, shell],
  );
  if (!session) return <Loading label="Loading" fullPage />;

  const terminology = shell?.terminology ?? DEFAULT_TERMINOLOGY;
  const navColor = shell?.branding.navBgColor ?? DEFAULT_NAV_COLOR;
  const navTheme = navThemeFor(navColor);
  const logo = shellLogo(shell?.branding, navColor);
  // Member areas (decision 0034): links into a closed area are left out, its screens answer 403.
  const areas = shell?.membership.areas ?? MEMBER_AREAS;
  const isPathOpen = (to: string) => pathIsOpen(to, areas);
  const navItems = availableCorePages()
    .filter((page) => isPathOpen(page.path))
    .map((page) => {
      const Icon = CORE_PAGE_SCREENS[page.id];
      return {
        label: terminology[page.id],
        to: page.path,
        icon: Icon ? <Icon size={18} aria-hidden /> : null,
      };
    });
  const navSections = sidebar.sections
    ?.map((section) => ({ ...section, items: section.items.filter((item) => isPathOpen(item.to)) }))
    .filter((section) => section.items.length > 0);

  return (
    <SessionContext value={session}>
      <AppShell
        eventName={shell?.event.shortName || event?.shortName || 'Event Portal'}
        navColor={navColor}
        navTheme={navTheme}
        logoUrl={logo || undefined}
        user={session.me.account}
        canOpenAdmin={can(session.level, AREA_LEVELS.adminHub)}
        navItems={navItems}
        navSections={navSections}
        isPathOpen={isPathOpen}
        navLoading={sidebar.loading}
        headerExtra={
          event &&
          areas.includes('notifications') && (
            <NotificationBell eventId={event.id} color={navTheme === 'dark' ? 'white' : 'dark'} />
          )
        }
        onSignOut={() => signOut.mutate(undefined, { onError: (error) => feedback.error(error) })}
      >
        <AreaGate areas={areas}>
          {event && <CorePageImage eventId={event.id} />}
          <Outlet />
        </AreaGate>
      </AppShell>
    </SessionContext>
  );
}

export { SignedInLayout as Component };
