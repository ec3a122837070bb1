// The WebSocket client of the live channel tests: the `ws` package the server's WebSocket plugin uses
// (not a dependency of the project's own, hence the require), typed as far as the tests use it.
import { createRequire } from 'node:module';

export interface Ws {
  on(event: string, listener: (...args: unknown[]) => void): Ws;
  once(event: string, listener: (...args: unknown[]) => void): Ws;
  close(): void;
}

export const WebSocket = createRequire(import.meta.url)('ws') as new (
  url: string,
  protocols?: string[],
) => Ws;

/** A socket at `url` offering `protocols`, with every text message it hears; resolves once it is open. */
export async function listen(url: string, protocols: string[]): Promise<{ ws: Ws; messages: string[] }> {
  const ws = new WebSocket(url, protocols);
  const messages: string[] = [];
  ws.on('message', (data) => messages.push(String(data)));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return { ws, messages };
}
