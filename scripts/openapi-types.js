// `npm run openapi:types`: writes src/server/api-types.ts, the server kit's types of every
// operation, record and webhook payload (the document's `webhooks`), from mock/spec/openapi.json
// (the one description of the service) with openapi-typescript. It is the only generator of the
// kit's types: TokenRequest and the webhook payload types of src/server/ are names for parts of
// this file. It writes payui-mock's too: mock/client-types.d.ts, the operations of its typed client
// (mock/client.ts), the service's own `/mock/…` additions (`x-payui-offline`). test/unit/openapi.test.ts
// and mock-client.test.ts render them again and fail when a committed file differs, so no type can
// drift from the description.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

export const SOURCE = fileURLToPath(new URL('../mock/spec/openapi.json', import.meta.url));
export const TARGET = fileURLToPath(new URL('../src/server/api-types.ts', import.meta.url));
export const CLIENT_TARGET = fileURLToPath(new URL('../mock/client-types.d.ts', import.meta.url));

const HEADER = `// Generated from mock/spec/openapi.json by scripts/openapi-types.js (openapi-typescript).
// Do not edit: change mock/spec/openapi.json, then run \`npm run openapi:types\`.
// Types only: importing them adds nothing to the server kit's code.

`;

/** The text of src/server/api-types.ts for this description. */
export async function renderApiTypes(document = JSON.parse(readFileSync(SOURCE, 'utf8'))) {
  // A property with a default is optional: a body may leave it out (the tool's default would
  // make \`payments_available\` required in a project's create and update bodies).
  const ast = await openapiTS(document, { silent: true, defaultNonNullable: false });
  return HEADER + astToString(ast);
}

const CLIENT_HEADER = `// Generated from mock/spec/openapi.json by scripts/openapi-types.js (openapi-typescript).
// Do not edit: change mock/spec/openapi.json, then run \`npm run openapi:types\`.
// The operations of payui-mock's typed client (mock/client.ts): the service's own /mock/ additions.

`;

/** The document with only the offline service's own operations, and the components they reach. */
export function offlineOnly(document) {
  const paths = {};
  for (const [path, item] of Object.entries(document.paths)) {
    const kept = Object.fromEntries(Object.entries(item).filter(([, op]) => op && typeof op === 'object' && op['x-payui-offline'] === true));
    if (Object.keys(kept).length) paths[path] = kept;
  }
  // The components reached from those operations, through every $ref, and nothing else.
  const reached = new Map();
  const walk = (node) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#/components/')) {
      const [, , kind, name] = node.$ref.split('/');
      if (!reached.has(`${kind}/${name}`)) {
        reached.set(`${kind}/${name}`, [kind, name]);
        walk(document.components[kind][name]);
      }
    }
    Object.values(node).forEach(walk);
  };
  walk(paths);
  const components = { securitySchemes: document.components.securitySchemes };
  for (const [kind, name] of reached.values()) (components[kind] ??= {})[name] = document.components[kind][name];
  const { webhooks: _webhooks, ...rest } = document;
  return { ...rest, paths, components };
}

/** The text of mock/client-types.d.ts for this description. */
export async function renderClientTypes(document = JSON.parse(readFileSync(SOURCE, 'utf8'))) {
  const ast = await openapiTS(offlineOnly(document), { silent: true, defaultNonNullable: false });
  return CLIENT_HEADER + astToString(ast);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(TARGET, await renderApiTypes());
  writeFileSync(CLIENT_TARGET, await renderClientTypes());
  console.log(`wrote ${TARGET} and ${CLIENT_TARGET}`);
}
