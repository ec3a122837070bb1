// A browser opening a WebSocket sends the page's Origin, and no same-origin rule protects the
// handshake: without a check, any site a signed-in user visits could open the portal's live channels
// (cross-site WebSocket hijacking; ASVS V4.4.2). A handshake whose Origin is not the portal's own host
// is refused. Clients that are not browsers send no Origin and are judged by their token alone.
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

export function checkSocketOrigin(req: FastifyRequest): void {
  const origin = req.headers.origin;
  if (origin === undefined) return;
  let host: string | undefined;
  try {
    host = new URL(origin).host;
  } catch {
    host = undefined;
  }
  // req.host is the Host header, or X-Forwarded-Host from a trusted proxy (config.trustProxy).
  if (!host || host !== req.host) throw new AppError('forbidden', { flag: 'origin' });
}
