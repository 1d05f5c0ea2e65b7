// `npm run openapi:types`: writes src/server/api-types.ts, the server kit's types of every
// operation, record and webhook payload (the document's `webhooks`), from mock/spec/openapi.json
// (the one description of the service) with openapi-typescript. It is the only generator of the
// kit's types: TokenRequest and the webhook payload types of src/server/ are names for parts of
// this file. test/unit/openapi.test.ts renders it again and fails when the committed file differs,
// so the kit's types cannot drift from the description.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

export const SOURCE = fileURLToPath(new URL('../mock/spec/openapi.json', import.meta.url));
export const TARGET = fileURLToPath(new URL('../src/server/api-types.ts', import.meta.url));

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

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(TARGET, await renderApiTypes());
  console.log(`wrote ${TARGET}`);
}
