import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Server-side request forgery guard for webhook destinations. A URL is checked when it is saved
 * and again before every send, because a name's DNS answer can change in between; the send then
 * connects to the very address checked here (deliver.ts pins it), so no second lookup can swap
 * it. Addresses are classified by ipaddr.js: only its 'unicast' range is public. With
 * WEBHOOK_ALLOW_PRIVATE (on-premises installs) private, loopback, CGNAT and ULA destinations and
 * *.localhost names are allowed too; link-local (cloud metadata), multicast, unspecified and the
 * other reserved ranges never are, nor IPv4 written in decimal, hex or octal.
 */

export type Resolved = { address: string; family: 4 | 6 };
/** Every address a name resolves to (A and AAAA), as dns.lookup({ all: true }) answers. */
export type Resolver = (hostname: string) => Promise<Resolved[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

export type Destination = { url: URL; address: string; family: 4 | 6 };
export type GuardOptions = { allowPrivate: boolean; resolve: Resolver };

export class UnsafeDestination extends Error {}

const PRIVATE_RANGES = new Set(['private', 'loopback', 'carrierGradeNat', 'uniqueLocal']);

/** Why an address may not be sent to, or null when it may. */
export function refusedAddress(address: string, allowPrivate: boolean): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const parsed = ipaddr.parse(address);
  const range = parsed.range();
  if (range === 'unicast') return null;
  if (allowPrivate && PRIVATE_RANGES.has(range)) return null;
  return `a ${range} address (${address})`;
}

/** The host as written in the URL, before the URL parser turns 0x7f.1 into 127.0.0.1. */
function hostAsWritten(raw: string): string {
  const match = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#\\]*@)?(\[[^\]]*\]|[^:/?#\\]*)/i.exec(raw.trim());
  return (match?.[1] ?? '').toLowerCase();
}

const isLocalhostName = (host: string) => {
  const name = host.replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
};

/**
 * Checks a destination and answers the address to connect to; throws UnsafeDestination with the
 * reason otherwise. Every address the name resolves to must pass, not only the first.
 */
export async function checkDestination(raw: string, options: GuardOptions): Promise<Destination> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeDestination('The request URL is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UnsafeDestination('The request URL must start with http:// or https://');
  if (url.username || url.password) throw new UnsafeDestination('The request URL may not carry a password');
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (isIP(host) === 4 && hostAsWritten(raw) !== host)
    throw new UnsafeDestination(
      'Write an IPv4 address as four decimal numbers (no decimal, hex or octal forms)',
    );
  if (isLocalhostName(host) && !options.allowPrivate)
    throw new UnsafeDestination('The request URL may not point at this server (localhost)');

  let candidates: Resolved[];
  if (isIP(host)) {
    candidates = [{ address: host, family: isIP(host) === 6 ? 6 : 4 }];
  } else {
    try {
      candidates = await options.resolve(host.replace(/\.$/, ''));
    } catch {
      throw new UnsafeDestination(`The request URL's host ${host} could not be found`);
    }
    if (candidates.length === 0)
      throw new UnsafeDestination(`The request URL's host ${host} could not be found`);
  }
  for (const candidate of candidates) {
    const reason = refusedAddress(candidate.address, options.allowPrivate);
    if (reason) throw new UnsafeDestination(`The request URL may not point at ${reason}`);
  }
  return { url, address: candidates[0].address, family: candidates[0].family };
}
