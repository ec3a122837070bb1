// The importable resources, found in the service registry: a resource declared with `import` (its
// business key) is served at /{port}/importexcel, where the port is the service whose standard methods
// carry it. The routes, the template and the checks all come from that declaration.
import type { ServiceDef } from '../registry.js';
import type { ResourceDef } from './define.js';
import type { ImportDecl } from './import-columns.js';

export function importPorts(services: readonly ServiceDef[]): ImportDecl[] {
  const decls: ImportDecl[] = [];
  const seen = new Map<ResourceDef, string>();
  for (const service of services) {
    for (const method of Object.values(service.methods)) {
      const resource = method.resource;
      if (!resource?.import || seen.get(resource) === service.name) continue;
      if (seen.has(resource))
        throw new Error(`${resource.table} is importable through ${seen.get(resource)} and ${service.name}`);
      seen.set(resource, service.name);
      decls.push({
        ...resource.import,
        port: service.name,
        resource,
        templateNameKey: `importTemplate.${service.name}`,
      });
    }
  }
  return decls;
}
