import { Anchor, Box, Center, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { publicBrandingSchema } from '../../../shared/branding/schema';
import { type Answer, api } from '../../lib/api';
import { FeedbackBanner } from '../../ui/FeedbackBanner';

export interface AuthLayoutProps {
  title: string;
  description?: ReactNode;
  /** Wider for forms with two columns (setup). */
  width?: number;
  children: ReactNode;
}

const PRODUCT_NAME = 'Event Portal';

/** The event at this address (one event per address), for the screens before sign-in. */
export function usePublicBranding() {
  return useQuery({
    queryKey: ['public-branding'],
    queryFn: () => api.get<Answer<typeof publicBrandingSchema>>('/api/public/branding'),
    retry: false,
  });
}

/** The event's logo and name, or the product's name when this address is not one event's. */
function Masthead() {
  const branding = usePublicBranding();
  // Held at its height while loading, so the card does not jump when the logo arrives.
  if (branding.isPending) return <Box h={48} aria-hidden />;
  const event = branding.data?.event;
  if (!event) {
    return (
      <Anchor component={Link} to="/" c="portal.9" fw={800} fz="xl" ta="center" underline="never">
        {PRODUCT_NAME}
      </Anchor>
    );
  }
  return (
    <Anchor component={Link} to="/" ta="center" underline="never" c="dark.9" fw={800} fz="xl">
      <Stack align="center" gap={6}>
        {event.logo && (
          <Image src={event.logo} alt="" h={48} w="auto" fit="contain" data-testid="auth-logo" />
        )}
        <span>{event.name}</span>
      </Stack>
    </Anchor>
  );
}

/** The frame of every screen outside the signed-in area: the event (or product) name, a card, the banner. */
export function AuthLayout({ title, description, width = 440, children }: AuthLayoutProps) {
  const branding = usePublicBranding();
  const event = branding.data?.event ?? null;
  useDocumentTitle(`${title} | ${event?.name ?? PRODUCT_NAME}`);
  const background = event?.loginImage
    ? {
        backgroundImage: `url("${event.loginImage.replace(/"/g, '%22')}")`,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
      }
    : undefined;
  // Longhand properties only: Mantine's bg prop writes the shorthand, which would fight the image.
  const frame = { backgroundColor: 'var(--mantine-color-gray-0)', ...background };
  return (
    <Box mih="100vh" style={frame} data-testid="auth-background">
      <Center component="main" mih="100vh" p="md">
        <Stack w="100%" maw={width} gap="lg">
          <Paper
            px="md"
            py="xs"
            radius="md"
            bg={background ? 'rgba(255, 255, 255, 0.92)' : 'transparent'}
            shadow={background ? 'sm' : undefined}
          >
            <Center>
              <Masthead />
            </Center>
          </Paper>
          <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="lg">
            <Stack gap="md">
              <FeedbackBanner />
              <Title order={1} size="h2">
                {title}
              </Title>
              {description && <Text c="dimmed">{description}</Text>}
              {children}
            </Stack>
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
