import { Anchor, Box, Breadcrumbs, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { IconBulb, IconChevronRight } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { can, type Permission } from '../../shared/auth/permissions';
import { DEFAULT_TERMINOLOGY } from '../../shared/events/terminology';
import { useOptionalSession } from '../lib/session';
import { minWidth } from './theme';

export interface Crumb {
  label: string;
  /** Omitted for the current page. */
  to?: string;
}

export interface QuickLink {
  label: string;
  to: string;
  /** Lowest level that sees the link (spec: admin-only quick links are hidden from lower levels). */
  level?: Permission;
}

export interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** The trail after the dashboard, which always comes first. */
  breadcrumbs?: Crumb[];
  quickLinks?: QuickLink[];
  tips?: ReactNode;
  actions?: ReactNode;
  /** The screen's content: it sits beside the aside, so the aside never pushes it down. */
  children?: ReactNode;
}

const APP_NAME = 'Event Portal';

/**
 * Title, breadcrumbs (always starting with the dashboard, under the event's name for it), page
 * actions, and from 1200 px an aside with Quick Links and Tips and tricks (spec: both hidden below).
 */
export function PageHeader({
  title,
  description,
  breadcrumbs = [],
  quickLinks = [],
  tips,
  actions,
  children,
}: PageHeaderProps) {
  const session = useOptionalSession();
  const dashboard = session?.shell?.terminology.dashboard ?? DEFAULT_TERMINOLOGY.dashboard;
  const wide = useMediaQuery(minWidth('xl'), false, { getInitialValueInEffect: false });
  // Below 1400 px the aside is narrower, so an admin table beside it keeps its columns in view.
  const roomy = useMediaQuery(minWidth('xxl'), false, { getInitialValueInEffect: false });
  const quickLinksId = useId();
  const tipsId = useId();
  useDocumentTitle(`${title} | ${session?.event?.shortName || APP_NAME}`);

  const level = session?.level ?? null;
  const visibleLinks = quickLinks.filter((link) => !link.level || can(level, link.level));
  const trail: Crumb[] = [{ label: dashboard, to: '/' }, ...breadcrumbs];
  // On the dashboard itself the trail is the dashboard alone, as the current page.
  if (trail.length === 1) trail[0] = { label: dashboard };
  const showAside = wide && (visibleLinks.length > 0 || Boolean(tips));

  return (
    <Group align="flex-start" justify="space-between" gap={roomy ? 'xl' : 'lg'} wrap="nowrap">
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Stack gap="xs" mb="xl">
          <Box component="nav" aria-label="Breadcrumb">
            <Breadcrumbs separator={<IconChevronRight size={14} aria-hidden />} separatorMargin={6}>
              {trail.map((crumb, index) =>
                crumb.to && index < trail.length - 1 ? (
                  <Anchor key={crumb.label} component={Link} to={crumb.to} size="sm">
                    {crumb.label}
                  </Anchor>
                ) : (
                  <Text key={crumb.label} size="sm" c="dimmed" aria-current="page">
                    {crumb.label}
                  </Text>
                ),
              )}
            </Breadcrumbs>
          </Box>
          <Group justify="space-between" align="center" gap="md">
            <Title order={1}>{title}</Title>
            {actions && <Group gap="sm">{actions}</Group>}
          </Group>
          {description && <Text c="dimmed">{description}</Text>}
        </Stack>
        {children}
      </Box>
      {showAside && (
        <Stack
          gap="md"
          w={roomy ? 300 : 250}
          style={{ flexShrink: 0, position: 'sticky', top: 84 }}
          data-testid="page-aside"
        >
          {visibleLinks.length > 0 && (
            <Paper withBorder p="md" component="section" aria-labelledby={quickLinksId}>
              <Title order={2} size="h5" id={quickLinksId} mb="xs">
                Quick Links
              </Title>
              <Stack gap={6}>
                {visibleLinks.map((link) => (
                  <Anchor key={link.to} component={Link} to={link.to} size="sm">
                    {link.label}
                  </Anchor>
                ))}
              </Stack>
            </Paper>
          )}
          {tips && (
            <Paper withBorder p="md" component="section" aria-labelledby={tipsId} bg="gray.0">
              <Group gap={6} mb="xs">
                <IconBulb size={18} aria-hidden />
                <Title order={2} size="h5" id={tipsId}>
                  Tips and tricks
                </Title>
              </Group>
              <Box fz="sm">{tips}</Box>
            </Paper>
          )}
        </Stack>
      )}
    </Group>
  );
}
