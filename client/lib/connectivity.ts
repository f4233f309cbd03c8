import { ApiError } from './api';

/**
 * Spec, other error shapes: "an 'internal' error where connectivity checks fail shows a VPN/firewall
 * message followed by the support email". An internal error here is a failure the server did not
 * explain: no answer at all (status 0) or a 5xx. The check is the health route: if even that cannot
 * be reached, the network between the person and the portal is the likelier cause than the portal.
 */
const HEALTH_TIMEOUT_MS = 5_000;

let supportEmail = '';

/** The signed-in shell tells which event's support address to name (the sign-in screens have none). */
export function rememberSupportEmail(email: string | null | undefined): void {
  supportEmail = email ?? '';
}

export function connectivityMessage(email: string): string {
  const contact = email ? `contact ${email}` : "contact your event's organisers";
  return `We cannot reach the portal from your network. A VPN or a firewall may be blocking it: try another network or switch the VPN off, or ${contact}.`;
}

export function isInternalError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

/** True when the health check answers ok within a few seconds. */
export async function serverReachable(): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), HEALTH_TIMEOUT_MS);
  try {
    const response = await fetch('/api/health', {
      headers: { Accept: 'application/json' },
      cache: 'no-store',
      signal: controller.signal,
    });
    return response.ok;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The message for an error once connectivity is known: the VPN/firewall message when an internal
 * error meets an unreachable health check, else the ordinary message. Null when nothing changes.
 */
export async function connectivityExplanation(error: unknown): Promise<string | null> {
  if (!isInternalError(error)) return null;
  return (await serverReachable()) ? null : connectivityMessage(supportEmail);
}
