// What every answer tells the browser (OWASP ASVS V3.4, V14.3): the security headers through
// @fastify/helmet, a strict Content-Security-Policy whose style nonce is new for every answer, and no
// caching of the API's answers. The page itself (index.html) is served here with that answer's nonce
// in a <meta property="csp-nonce">, which antd's and Formily's style injection read (AntdRoot's csp):
// no inline script is allowed at all, and an inline <style> only with the nonce.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config.js';

/** What the built page carries where the server puts the answer's nonce (engine/index.html). */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

export async function registerSecurityHeaders(app: FastifyInstance, config: Config, apiPrefix: string) {
  await app.register(helmet, {
    // helmet adds 'nonce-…' to script-src and style-src, fresh for every answer (reply.cspNonce).
    enableCSPNonces: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Elements only by nonce; a style attribute (set by components for positions and sizes)
        // cannot run anything, so attributes stay allowed.
        styleSrc: ["'self'", "'report-sample'"],
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // 'self' covers the live channels (ws: and wss: of the same host).
        connectSrc: ["'self'"],
        // Printed PDFs are shown from blob: addresses.
        frameSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The portal embeds nothing from elsewhere, but requires nothing of what it opens either.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    // Browsers ignore HSTS over plain HTTP; it is sent only where the portal is served over HTTPS.
    strictTransportSecurity: config.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });

  // Business data must not stay in a browser's or a proxy's cache (ASVS V14.3.2); file answers
  // already say no-store themselves.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith(apiPrefix) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });
}

/** The built page, read again only when the file changed (a rebuild is served without a restart). */
let cachedPage: { path: string; mtimeMs: number; html: string } | undefined;

/** Sends the single-page app's index.html with this answer's style nonce in place. */
export async function sendPage(reply: FastifyReply, staticDir: string) {
  const path = join(staticDir, 'index.html');
  const { mtimeMs } = await stat(path);
  if (!cachedPage || cachedPage.path !== path || cachedPage.mtimeMs !== mtimeMs)
    cachedPage = { path, mtimeMs, html: await readFile(path, 'utf8') };
  const nonce = (reply as FastifyReply & { cspNonce?: { style: string } }).cspNonce?.style ?? '';
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .send(cachedPage.html.replaceAll(NONCE_PLACEHOLDER, nonce));
}
