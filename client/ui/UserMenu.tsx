import { Box, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import classes from './AppShell.module.css';

export interface UserMenuItem {
  label: string;
  icon: ReactNode;
  /** A link, or … */
  to?: string;
  /** … an action such as signing out. */
  onClick?: () => void;
}

export interface UserMenuProps {
  firstName: string;
  surname: string;
  email: string;
  items: UserMenuItem[];
}

function initials(firstName: string, surname: string): string {
  return `${firstName.charAt(0)}${surname.charAt(0)}`.toUpperCase() || '?';
}

/**
 * The user's menu in the navigation bar, following the WAI-ARIA menu button pattern (arrow keys,
 * Home/End, Escape returns to the button, Tab leaves). It is deliberately not a Mantine Menu: that
 * brings a popover engine the signed-in shell would load before its first screen for four items.
 */
export function UserMenu({ firstName, surname, email, items }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const container = useClickOutside<HTMLDivElement>(() => setOpen(false));
  const { pathname } = useLocation();
  const fullName = `${firstName} ${surname}`.trim() || email;

  // Following one of the links lands on a new screen: the menu has done its job.
  useEffect(() => {
    if (pathname) setOpen(false);
  }, [pathname]);

  const menuItems = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const focusItem = (index: number) => {
    const all = menuItems();
    all[(index + all.length) % all.length]?.focus();
  };
  const openAt = (index: number) => {
    setOpen(true);
    // The menu renders on the next frame; focus moves into it once it is there.
    requestAnimationFrame(() => focusItem(index));
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  function onButtonKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 0 : -1);
    }
  }

  function onMenuKeyDown(event: KeyboardEvent) {
    const all = menuItems();
    const current = all.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: -1 };
    if (event.key in moves) {
      event.preventDefault();
      focusItem(moves[event.key]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  }

  return (
    <Box ref={container} pos="relative">
      <UnstyledButton
        ref={button}
        className={classes.userButton}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Account menu for ${fullName}`}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
      >
        <Group gap="xs" wrap="nowrap">
          {/* A white disc with the initials (Mantine's Avatar drew the same, at 1.7 KB more). */}
          <span className={classes.avatar} aria-hidden>
            <Text span fw={700} size="sm" c="dark">
              {initials(firstName, surname)}
            </Text>
          </span>
          <Text span fw={600} size="sm" visibleFrom="sm">
            {fullName}
          </Text>
          <IconChevronDown size={16} aria-hidden />
        </Group>
      </UnstyledButton>
      {open && (
        <Paper className={classes.menuPanel} shadow="md" withBorder>
          <Text size="xs" c="dimmed" px="sm" py={6} truncate>
            {email}
          </Text>
          <div
            ref={menu}
            id={menuId}
            role="menu"
            aria-label="Account"
            tabIndex={-1}
            onKeyDown={onMenuKeyDown}
          >
            {items.map((item) =>
              item.to ? (
                <UnstyledButton
                  key={item.label}
                  component={Link}
                  to={item.to}
                  role="menuitem"
                  tabIndex={-1}
                  className={classes.menuItem}
                >
                  {item.icon}
                  {item.label}
                </UnstyledButton>
              ) : (
                <UnstyledButton
                  key={item.label}
                  role="menuitem"
                  tabIndex={-1}
                  className={classes.menuItem}
                  onClick={() => {
                    close(false);
                    item.onClick?.();
                  }}
                >
                  {item.icon}
                  {item.label}
                </UnstyledButton>
              ),
            )}
          </div>
        </Paper>
      )}
    </Box>
  );
}
