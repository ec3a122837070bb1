// What goes over the wire compressed. The built app's files are compressed once at build time (brotli
// and gzip beside each file, vite.config.ts) and sent as the browser accepts (staticOptions); the API's
// answers of 1 kB and more are compressed as they go out, brotli or gzip as the client accepts
// (registerCompression). Left alone: the live channels (WebSockets), what is compressed already
// (xlsx, pdf, zip, images: only text types are compressed), answers below 1 kB, where the
// compression's own bytes and time cost more than it saves, and a file of known length (a stored file:
// it keeps its Content-Length, services/http/server.ts). A streamed answer of unknown length (an
// export) is compressed as a stream, chunk by chunk, so it stays streamed.
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * The content types worth compressing: text, JSON, XML, JavaScript, CSS and SVG. Not event streams
 * (each event must leave at once), not octet-stream or any binary type (a stored file of unknown type
 * may be an archive already), so xlsx, pdf, zip and images go as they are.
 */
export function isCompressible(contentType: string): boolean {
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type === 'text/event-stream') return false;
  return (
    type.startsWith('text/') ||
    /[/+](json|xml)$/.test(type) ||
    type === 'application/javascript' ||
    type === 'image/svg+xml'
  );
}

/**
 * Registers the compression of answers. Must come before the routes: it attaches itself to each route
 * as it is declared. A WebSocket route is left alone.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if ((route as { websocket?: boolean }).websocket) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    // Brotli first when the client accepts both equally; @fastify/compress runs it at quality 4,
    // which costs about what gzip does.
    encodings: ['br', 'gzip'],
    // An answer in memory of up to 64 kB (a list page, a record) is compressed in one call on the
    // event loop, not through a compression stream on the threadpool: for answers of this size the
    // stream's setup and hand-offs cost more CPU than the compression itself, and on a server of
    // few cores there is no spare core for the threadpool to use. Larger answers and streamed ones
    // (exports) still go through the stream, so the event loop is never held for long.
    syncThreshold: 64 * 1024,
    customTypes: isCompressible,
    // Request bodies are taken as sent: nothing of the portal sends them compressed, and a
    // compressed upload would slip past the body limits the routes count in bytes received.
    globalDecompression: false,
  });
}

/** A file of the build that was made by the build's compression, not one of the app's own. */
export const isPrecompressedCopy = (path: string) => /\.(br|gz)$/.test(path);

/** The headers of a file of the built app (@fastify/static's setHeaders). */
export function staticHeaders(res: { setHeader(name: string, value: string): unknown }, path: string) {
  // Hashed chunks never change; the page that names them must always be fresh.
  res.setHeader(
    'cache-control',
    /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
  // The same address answers brotli, gzip or the file itself, by the request's Accept-Encoding: a
  // shared cache must keep them apart.
  res.setHeader('vary', 'accept-encoding');
}
