import { Box, Burger, Collapse, Group, NavLink, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconCalendarEvent,
  IconChevronDown,
  IconLogout,
  IconSettings,
  IconUserCircle,
  IconUsersGroup,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useId, useLayoutEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { APP_VERSION } from '../../shared/ui/constants';
import { removeEarlyFrame } from '../lib/earlyRequestsFrame';
import classes from './AppShell.module.css';
import { FeedbackBanner } from './FeedbackBanner';
import { UserMenu, type UserMenuItem } from './UserMenu';

export interface NavItem {
  label: string;
  to: string;
  icon: ReactNode;
}

/** A sidebar section (spec: heading, items, collapsable); an empty heading shows no title. */
export interface NavSection {
  id: string;
  heading: string;
  isCollapsable: boolean;
  items: NavItem[];
}

export interface AppShellProps {
  /** Whether a link may be shown (member areas, decision 0034); every link when left out. */
  isPathOpen?: (to: string) => boolean;
  /** The event's short name, shown in the navigation bar. */
  eventName: string;
  /** Background of the navigation bar (branding.navBgColor). */
  navColor: string;
  /** 'dark' means a dark background that needs light text (navThemeFor). */
  navTheme: 'light' | 'dark';
  logoUrl?: string;
  user: { firstName: string; surname: string; email: string };
  canOpenAdmin: boolean;
  /** A flat list, shown as one section without a heading (used before the sidebar loads). */
  navItems?: NavItem[];
  /** The event's sidebar as the admin arranged it. */
  navSections?: NavSection[];
  /** The sidebar is still loading: placeholders stand in for links that would move under a click. */
  navLoading?: boolean;
  onSignOut: () => void;
  /** Shown in the bar before the user menu (the notifications bell). */
  headerExtra?: ReactNode;
  children: ReactNode;
}

/** react-remove-scroll's class for fixed elements it shifts while a modal locks the page's scroll. */
const REMOVE_SCROLL_ZERO_RIGHT = 'right-scroll-bar-position';

const PLACEHOLDER_LINKS = ['70%', '55%', '80%', '60%', '75%', '50%'];

function isActive(pathname: string, to: string): boolean {
  return to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);
}

/** The signed-in frame: branded navigation bar, sidebar of core pages, and the content area. */
export function AppShell(props: AppShellProps) {
  const { eventName, navColor, navTheme, logoUrl, user, canOpenAdmin, onSignOut, children } = props;
  const sections = props.navSections ?? [
    { id: 'main', heading: '', isCollapsable: false, items: props.navItems ?? [] },
  ];
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  // The boot script's painted bar (lib/earlyRequestsFrame.ts) goes before this frame is first shown.
  useLayoutEffect(() => removeEarlyFrame(), []);
  const textColor = navTheme === 'dark' ? 'var(--mantine-color-white)' : 'var(--mantine-color-black)';
  const menuItems: UserMenuItem[] = [
    { label: 'My account', to: '/my-account', icon: <IconUserCircle size={16} aria-hidden /> },
    { label: 'My team', to: '/my-team', icon: <IconUsersGroup size={16} aria-hidden /> },
    { label: 'My events', to: '/my-events', icon: <IconCalendarEvent size={16} aria-hidden /> },
    ...(canOpenAdmin ? [{ label: 'Admin', to: '/admin', icon: <IconSettings size={16} aria-hidden /> }] : []),
    { label: 'Sign out', onClick: onSignOut, icon: <IconLogout size={16} aria-hidden /> },
  ].filter((item) => !item.to || (props.isPathOpen?.(item.to) ?? true));

  // A new screen closes the mobile menu, which would otherwise cover it.
  useEffect(() => {
    if (pathname) close();
  }, [pathname, close]);

  // Not Mantine's AppShell: its resize handles and scroll-lock engine would load with every first
  // screen. The same frame in AppShell.module.css; the header keeps react-remove-scroll's class, so
  // a modal's scroll lock still shifts it by the scrollbar's width.
  return (
    <div className={classes.root}>
      <a href="#main-content" className={classes.skipLink}>
        Skip to content
      </a>
      <header
        className={`${classes.header} ${REMOVE_SCROLL_ZERO_RIGHT}`}
        style={{ backgroundColor: navColor, color: textColor, borderBottom: 'none' }}
        data-nav-theme={navTheme}
      >
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              color={textColor}
              aria-label={opened ? 'Close navigation' : 'Open navigation'}
            />
            <Link to="/" className={classes.brand}>
              {logoUrl ? (
                <img src={logoUrl} alt={eventName} height={36} style={{ display: 'block' }} />
              ) : (
                eventName
              )}
            </Link>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {props.headerExtra}
            <UserMenu
              firstName={user.firstName}
              surname={user.surname}
              email={user.email}
              items={menuItems}
            />
          </Group>
        </Group>
      </header>

      <nav
        className={classes.navbar}
        data-opened={opened || undefined}
        aria-label="Main navigation"
        aria-busy={props.navLoading || undefined}
      >
        <div className={classes.navSections}>
          {props.navLoading ? (
            <Stack gap="xs" p="xs">
              {PLACEHOLDER_LINKS.map((width) => (
                <Skeleton key={width} height={22} width={width} radius="sm" />
              ))}
            </Stack>
          ) : (
            sections.map((section) => (
              <SidebarSection key={section.id} section={section} pathname={pathname} />
            ))
          )}
        </div>
        <div>
          <Text size="xs" c="dimmed" px="sm" py="xs">
            Version {APP_VERSION}
          </Text>
        </div>
      </nav>

      <main id="main-content" tabIndex={-1} className={classes.main}>
        <Box maw={1400} mx="auto">
          <div className={classes.banner}>
            <FeedbackBanner />
          </div>
          {children}
        </Box>
      </main>
    </div>
  );
}

function SidebarLinks({ items, pathname }: { items: NavItem[]; pathname: string }) {
  return items.map((item) => {
    const active = isActive(pathname, item.to);
    return (
      <NavLink
        key={item.to}
        component={Link}
        to={item.to}
        label={item.label}
        leftSection={item.icon}
        active={active}
        aria-current={active ? 'page' : undefined}
        variant="filled"
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
      />
    );
  });
}

/** One sidebar section; a collapsable one folds under its heading (open by default). */
function SidebarSection({ section, pathname }: { section: NavSection; pathname: string }) {
  const [open, setOpen] = useState(true);
  const listId = useId();
  const heading = section.heading.trim();
  if (!heading) return <SidebarLinks items={section.items} pathname={pathname} />;
  if (!section.isCollapsable) {
    return (
      <Box mt="xs" component="section" aria-label={heading}>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" py={6}>
          {heading}
        </Text>
        <SidebarLinks items={section.items} pathname={pathname} />
      </Box>
    );
  }
  return (
    <Box mt="xs" component="section" aria-label={heading}>
      <UnstyledButton
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={listId}
        px="sm"
        py={6}
        w="100%"
        style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}
      >
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" component="span">
          {heading}
        </Text>
        <IconChevronDown
          size={14}
          aria-hidden
          style={{ transform: open ? 'none' : 'rotate(-90deg)', transition: 'transform 150ms' }}
        />
      </UnstyledButton>
      <Collapse expanded={open} id={listId}>
        <SidebarLinks items={section.items} pathname={pathname} />
      </Collapse>
    </Box>
  );
}
