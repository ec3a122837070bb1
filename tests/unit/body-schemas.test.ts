// The server compiles a route's body validator on the route's first request, not at start
// (lazyValidators in services/http/server.ts): this is where a schema Ajv cannot compile is found, before
// any user sends it, with the options the server compiles with.
import { AjvCompiler } from '@fastify/ajv-compiler';
import { describe, expect, it } from 'vitest';
import { AJV_OPTIONS } from '../../services/http/server';
import { SERVICES } from '../../services/modules/index';

describe('the body schemas of every service method', () => {
  it('compile with the server’s options', () => {
    const build = AjvCompiler()({}, AJV_OPTIONS);
    const failures: string[] = [];
    let compiled = 0;
    for (const service of SERVICES)
      for (const [method, def] of Object.entries(service.methods)) {
        if (!def.body) continue;
        try {
          build({ schema: def.body, method: 'POST', url: `${service.name}/${method}`, httpPart: 'body' });
          compiled++;
        } catch (e) {
          failures.push(`${service.name}/${method}: ${(e as Error).message}`);
        }
      }
    expect(failures).toEqual([]);
    expect(compiled).toBeGreaterThan(500);
    // Over 500 schemas: about 3.5 s alone, more beside the type check.
  }, 60_000);

  it('a schema Ajv cannot compile is refused here', () => {
    const build = AjvCompiler()({}, AJV_OPTIONS);
    expect(() =>
      build({
        schema: { type: 'object', properties: { a: { type: 'nonsense' } } },
        method: 'POST',
        url: 'x',
        httpPart: 'body',
      }),
    ).toThrow();
  });
});
