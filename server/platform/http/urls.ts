import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * The app URL offered on the setup screen: PUBLIC_URL when configured, else the address the
 * browser used. It is only a default shown to the person setting up; emails never use the request.
 */
export function setupDefaultAppUrl(config: Config, request: FastifyRequest): string {
  if (config.publicUrl) return config.publicUrl;
  const host = request.headers.host ?? `localhost:${config.port}`;
  return `${request.protocol}://${host}`;
}
