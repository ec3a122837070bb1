// OpenAPI 3.1 descriptions of the two APIs, made by @fastify/swagger from the JSON Schemas the routes
// declare (one source: the same schemas validate every request): the integration API's for the ERP
// and the WMS at /integration/v1/openapi.json, public (it names no data, and the calls it describes
// need a key), and the portal's own service API at /dapilc/openapi.json, for a logged-in user (every
// method a screen calls, with its body). tests/integration/openapi.test.ts validates both documents
// and fails on a route without a schema.
import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { INTEGRATION_PREFIX } from '../integration/routes.js';
import { WEBHOOK_DOCUMENT } from '../integration/webhooks.js';
import { authorise, baseContext } from './context.js';

declare module 'fastify' {
  interface FastifyInstance {
    integrationDocument(): Record<string, unknown>;
    portalDocument(): Record<string, unknown>;
  }
  interface FastifyContextConfig {
    /**
     * What a route whose body is no JSON (a multipart upload) takes, for the documents only: its
     * parts are checked as they are read, not by a schema.
     */
    documentedBody?: { consumes: string[]; body: object; querystring?: object };
  }
}

/** A multipart upload's file part, as OpenAPI 3.1 names binary content. */
export const FILE_PART = { type: 'string', contentMediaType: 'application/octet-stream' };

export const INTEGRATION_DOCUMENT = `${INTEGRATION_PREFIX}/openapi.json`;
export const PORTAL_DOCUMENT = '/dapilc/openapi.json';

const INFO = { title: 'SRM supplier portal', version: '1.0.0' };

/** Registers both documents; before any route, so that every route is seen. */
export async function registerOpenApi(app: FastifyInstance, apiPrefix: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        ...INFO,
        title: `${INFO.title}: integration API`,
        description:
          'For the buyer’s ERP and the warehouse system. Authenticate with an API key created on Base management → Integration keys: `Authorization: Bearer srm_…`. Errors are `{error: {code, message, pointer?, records?}}` in the language of `Accept-Language`.',
      },
      components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer' } } },
      security: [{ apiKey: [] }],
      // Plain data, not typed by the plugin's OpenAPI types: openapi.test.ts validates the document.
      webhooks: WEBHOOK_DOCUMENT as never,
    },
    decorator: 'integrationDocument',
    transform: ({ schema, url }) => ({
      schema: { ...schema, hide: !url.startsWith(`${INTEGRATION_PREFIX}/`) || url === INTEGRATION_DOCUMENT },
      url,
    }),
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        ...INFO,
        title: `${INFO.title}: service API`,
        description:
          'The calls the portal’s screens make: `POST {Service}/{method}` with a JSON body, answered in the envelope `{code, msg, response: {data}}`. Send the session token in `Authentication-Info` and the calling screen’s menu in `App-Module-Number`; permissions and data scope are checked on every call.',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'header', name: 'Authentication-Info' } },
      },
      security: [{ session: [] }],
    },
    decorator: 'portalDocument',
    transform: ({ schema, url, route }) => {
      const mine = url.startsWith(`${apiPrefix}/`);
      // The tag is the service: the document groups its methods as the spec does.
      const service = mine ? url.slice(apiPrefix.length + 1).split('/')[0] : undefined;
      const documented = route?.config?.documentedBody;
      return {
        schema: { ...schema, ...documented, hide: !mine, ...(service ? { tags: [service] } : {}) },
        url,
      };
    },
  });
}

/** The two documents' routes, once every other route is registered. */
export function registerOpenApiRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  app.get(INTEGRATION_DOCUMENT, { schema: { hide: true } }, async () => app.integrationDocument());
  app.get(
    PORTAL_DOCUMENT,
    {
      schema: { hide: true },
      preValidation: async (req: FastifyRequest) => {
        await authorise(req, baseContext(req, db, config), { kind: 'user' });
      },
    },
    async () => app.portalDocument(),
  );
}
