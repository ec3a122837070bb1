// `npm start` (after the build) and `npm run serve`: migrate, seed, serve; a new demo's orders come from
// the simulated ERP once the server listens.
import { buildServer } from './boot.js';
import { loadConfig } from './config.js';
import { feedDemoErp } from './seed/demo-erp.js';

const config = loadConfig();
const server = await buildServer(config);
const shutdown = async () => {
  await server.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
await server.app.listen({ port: config.port, host: config.host });
// A new demo gets its orders from the simulated ERP, through the integration API (services/seed/demo-erp.ts).
if (config.demoErp && process.env.SEED_DEMO !== 'false') {
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
  void feedDemoErp(
    server.database.db,
    `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`,
    (line) => server.app.log.info(line),
  );
}
