// `npm start` (after the build) and `npm run serve`: migrate, seed, serve.
import { buildServer } from './boot.js';
import { loadConfig } from './config.js';

const config = loadConfig();
const server = await buildServer(config);
const shutdown = async () => {
  await server.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
await server.app.listen({ port: config.port, host: config.host });
