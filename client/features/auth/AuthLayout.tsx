import { Anchor, Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FeedbackBanner } from '../../ui/FeedbackBanner';

export interface AuthLayoutProps {
  title: string;
  description?: ReactNode;
  /** Wider for forms with two columns (setup). */
  width?: number;
  children: ReactNode;
}

/** The frame of every screen outside the signed-in area: the product name, a card, the banner. */
export function AuthLayout({ title, description, width = 440, children }: AuthLayoutProps) {
  useDocumentTitle(`${title} | Event Portal`);
  return (
    <Box bg="gray.0" mih="100vh">
      <Center component="main" mih="100vh" p="md">
        <Stack w="100%" maw={width} gap="lg">
          <Anchor component={Link} to="/" c="portal.9" fw={800} fz="xl" ta="center" underline="never">
            Event Portal
          </Anchor>
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
