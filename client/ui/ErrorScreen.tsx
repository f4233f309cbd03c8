import { Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Component, type ErrorInfo, type ReactNode, useEffect, useState } from 'react';
import { isRouteErrorResponse, Link, useLocation, useNavigate, useRouteError } from 'react-router';
import { HTTP_ERROR_TITLES } from '../../shared/http/errorTitles';
import { ERROR_SCREEN } from '../../shared/ui/constants';
import { ApiError } from '../lib/api';
import { connectivityExplanation } from '../lib/connectivity';
import { reportError } from '../lib/errorReports';
import { reloadForChunkError, shouldReloadForChunkError } from './chunkReload';
import { Loading } from './QueryState';

export type ErrorLevel = 'section' | 'app';

export interface ErrorScreenProps {
  level: ErrorLevel;
  title?: string;
  onTryAgain: () => void;
  /** Inside the router a client-side link; outside it (app level) a full page load. */
  dashboardHref?: 'link' | 'page';
  /** The failure, so an internal one can be checked against the health route (VPN/firewall). */
  error?: unknown;
}

/** The VPN/firewall message once the health check of an internal error fails (spec). */
function useConnectivityMessage(error: unknown): string | null {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setMessage(null);
    void connectivityExplanation(error).then((text) => {
      if (live) setMessage(text);
    });
    return () => {
      live = false;
    };
  }, [error]);
  return message;
}

/** The spec's error screen: 'Something Went Wrong' with Try Again, reload and Go To Dashboard. */
export function ErrorScreen({
  level,
  title = ERROR_SCREEN.title,
  onTryAgain,
  dashboardHref = 'link',
  error,
}: ErrorScreenProps) {
  const unreachable = useConnectivityMessage(error);
  const message = unreachable ?? (level === 'app' ? ERROR_SCREEN.appMessage : ERROR_SCREEN.sectionMessage);
  const dashboard =
    dashboardHref === 'link' ? (
      <Button component={Link} to="/" variant="default">
        Go To Dashboard
      </Button>
    ) : (
      <Button component="a" href="/" variant="default">
        Go To Dashboard
      </Button>
    );
  return (
    <Center mih={level === 'app' ? '100vh' : 320} p="xl">
      <Stack align="center" gap="md" maw={560} ta="center">
        <ThemeIcon size={56} radius="xl" color="red" variant="light" aria-hidden>
          <IconAlertTriangle size={32} />
        </ThemeIcon>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{message}</Text>
        <Group justify="center">
          <Button onClick={onTryAgain}>Try Again</Button>
          <Button variant="default" onClick={() => window.location.reload()}>
            {level === 'app' ? 'Reload App' : 'Refresh Page'}
          </Button>
          {dashboard}
        </Group>
      </Stack>
    </Center>
  );
}

/**
 * What brought up the error screen goes to the error reports (when on). An API failure is left
 * out: a 5xx was reported where it was answered (lib/api), and a 4xx is about the request.
 */
function reportScreenError(error: unknown) {
  if (!(error instanceof ApiError)) reportError(error, { source: 'error-screen' });
}

function ReloadingScreen() {
  return <Loading label="Reloading" />;
}

/**
 * The `errorElement` of routes. A failed chunk load reloads the page once; anything else shows
 * the error screen. React Router clears route errors on the next navigation, so moving to another
 * path resets it.
 */
export function RouteErrorScreen({ level }: { level: ErrorLevel }) {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const reload = shouldReloadForChunkError(error);

  useEffect(() => {
    if (reload) reloadForChunkError();
    else if (!isRouteErrorResponse(error)) {
      console.error(error);
      reportScreenError(error);
    }
  }, [reload, error]);

  if (reload) return <ReloadingScreen />;
  const title = isRouteErrorResponse(error) ? HTTP_ERROR_TITLES[error.status] : undefined;
  // Navigating to where we are re-runs the route's loaders and clears the error.
  const tryAgain = () =>
    navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true });
  return <ErrorScreen level={level} title={title} onTryAgain={tryAgain} error={error} />;
}

interface BoundaryProps {
  children: ReactNode;
  level: ErrorLevel;
  /** When this changes (e.g. the path), a shown error is cleared and the children render again. */
  resetKey?: unknown;
}

/** A plain React boundary for what lives outside the router's own error handling. */
export class ErrorBoundary extends Component<BoundaryProps, { error: unknown; resetKey: unknown }> {
  state = { error: null as unknown, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; resetKey: unknown }) {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    if (shouldReloadForChunkError(error)) reloadForChunkError();
    else {
      console.error(error, info.componentStack);
      reportScreenError(error);
    }
  }

  render() {
    if (this.state.error === null) return this.props.children;
    if (shouldReloadForChunkError(this.state.error)) return <ReloadingScreen />;
    return (
      <ErrorScreen
        level={this.props.level}
        dashboardHref={this.props.level === 'app' ? 'page' : 'link'}
        onTryAgain={() => this.setState({ error: null })}
        error={this.state.error}
      />
    );
  }
}
