// Vitest global setup of the projects that start servers: the templates are built once per run, handed
// to the test files through `inject('templates')`, and dropped when the run ends. Under `npm test` they
// are built beside the static checks, before any vitest run, and named in TEST_TEMPLATES: both projects
// then copy the same ones, and scripts/test.ts drops them.
import type { TestProject } from 'vitest/node';
import { buildTemplates, dropTemplates, type Templates } from './templates.js';

declare module 'vitest' {
  export interface ProvidedContext {
    templates: Templates;
  }
}

export default async function setup(project: TestProject) {
  const given = process.env.TEST_TEMPLATES;
  if (given) {
    project.provide('templates', JSON.parse(given) as Templates);
    return;
  }
  // The e2e servers all run on PostgreSQL; only the integration tests need a PGlite copy.
  const templates = await buildTemplates({ pglite: project.name !== 'e2e' });
  project.provide('templates', templates);
  return () => dropTemplates(templates);
}
