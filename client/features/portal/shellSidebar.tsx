import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CORE_PAGES, isCorePageId } from '../../../shared/events/corePageList';
import type { Settings } from '../../../shared/events/settings';
import type { NavigationResponse } from '../../../shared/portal/api';
import type { NavSection } from '../../ui/AppShell';
import { MaterialIcon } from '../content/MaterialIcon';
import { CORE_PAGE_SCREENS } from '../registry';
import { useNavigation } from './api';
import { PortalIconView } from './icons';

type Terminology = Settings<'terminology'>;

/**
 * The signed-in sidebar as the admin arranged it (/admin/sidebar). Core pages without a screen
 * yet are left out, so the sidebar never links to a page that does not exist. While it loads the
 * shell draws placeholders (links that moved under a pointer would catch the wrong click); if it
 * cannot load, sections are undefined and the shell shows the plain core pages.
 */
export function useSidebarSections(
  eventId: string,
  terminology: Terminology,
): { sections: NavSection[] | undefined; loading: boolean } {
  const query = useNavigation(eventId);
  const navigation = query.data;
  useHideUnpublishedCorePages(navigation?.publishedCorePages);
  return {
    sections: navigation && sidebarSections(navigation, terminology),
    loading: eventId !== '' && query.isPending,
  };
}

function sidebarSections(navigation: NavigationResponse, terminology: Terminology): NavSection[] {
  return navigation.sections
    .map((section) => ({
      id: section.id,
      heading: section.heading,
      isCollapsable: section.isCollapsable,
      items: section.items
        .filter(
          (item) => item.kind === 'content' || CORE_PAGE_SCREENS[item.id as keyof typeof CORE_PAGE_SCREENS],
        )
        .map((item) => ({
          // A rename in /admin/variables reaches the shell first; core pages without a title follow it.
          label: item.usesTerminology && isCorePageId(item.id) ? terminology[item.id] : item.label,
          to: item.path,
          // Spec: a page's icon is "used in the sidebar" (Material Symbols font, fetched on first use).
          icon:
            item.kind === 'content' && item.contentIcon ? (
              <MaterialIcon icon={item.contentIcon} size={18} />
            ) : (
              <PortalIconView icon={item.icon} />
            ),
        })),
    }))
    .filter((section) => section.items.length > 0);
}

/**
 * Spec: an unpublished core page is hidden, its route too. The dashboard stays reachable as the
 * home screen (only its sidebar entry goes), or signing in would lead nowhere.
 */
function useHideUnpublishedCorePages(published: readonly string[] | undefined) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!published) return;
    const page = CORE_PAGES.find(
      (p) => p.id !== 'dashboard' && (pathname === p.path || pathname.startsWith(`${p.path}/`)),
    );
    if (page && !published.includes(page.id)) void navigate('/404', { replace: true });
  }, [published, pathname, navigate]);
}
