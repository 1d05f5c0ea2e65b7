/**
 * The API reference, rendered here from the service's own `/openapi.json` (no network beyond this
 * origin): operations grouped by tag, each with its method and path, description, parameters,
 * request body fields and answers; then the webhooks the service sends (the document's `webhooks`),
 * each with its payload's fields, a field per variant where the payload has two.
 */
import { api } from '../api';
import { Failure, TableRegion, useLoad } from '../ui';

type Schema = {
  $ref?: string;
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  const?: unknown;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  additionalProperties?: boolean | Schema;
  format?: string;
  pattern?: string;
  maxLength?: number;
};

interface Parameter {
  $ref?: string;
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}

interface Operation {
  operationId: string;
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { $ref?: string; description?: string }>;
  security?: object[];
}

interface Document {
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, unknown>>;
  webhooks?: Record<string, { post?: Operation }>;
  components?: Record<string, Record<string, unknown>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** What `#/components/…` names in the document. */
function follow<T>(doc: Document, value: T & { $ref?: string }): T {
  let current: unknown = value;
  for (let depth = 0; depth < 10 && typeof (current as { $ref?: unknown })?.$ref === 'string'; depth++) {
    const parts = (current as { $ref: string }).$ref.replace(/^#\//, '').split('/');
    current = parts.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return (current ?? {}) as T;
}

const refName = (ref: string) => ref.split('/').pop() ?? ref;

/** A schema's type in a few words: `string (uri)`, `array of VirtualItem`, `"a" | "b"`. */
function typeOf(doc: Document, schema: Schema | undefined): string {
  if (!schema) return 'any';
  if (schema.$ref) return refName(schema.$ref);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.map((s) => typeOf(doc, s)).join(' or ');
  if (schema.allOf) return schema.allOf.map((s) => typeOf(doc, s)).join(' and ');
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : schema.type ?? 'any';
  if (type === 'array') return `array of ${typeOf(doc, schema.items)}`;
  if (type === 'object' && !schema.properties && typeof schema.additionalProperties === 'object') return `map of ${typeOf(doc, schema.additionalProperties)}`;
  return schema.format ? `${type} (${schema.format})` : type;
}

/** The fields of an object schema, `allOf` merged, with which are required. */
function fieldsOf(doc: Document, schema: Schema | undefined): { name: string; schema: Schema; required: boolean }[] {
  if (!schema) return [];
  const own = follow(doc, schema);
  const parts = [own, ...(own.allOf ?? []).map((s) => follow(doc, s))];
  const required = new Set(parts.flatMap((p) => p.required ?? []));
  const properties: Record<string, Schema> = Object.assign({}, ...parts.map((p) => p.properties ?? {}));
  return Object.entries(properties).map(([name, field]) => ({ name, schema: field, required: required.has(name) }));
}

/** A description's paragraphs, as text (the document's Markdown is shown as written). */
function Prose({ text }: { text: string | undefined }) {
  if (!text) return null;
  return <>{text.split(/\n{2,}/).map((paragraph, i) => <p key={i} class="prose">{paragraph}</p>)}</>;
}

function OperationView({ doc, method, path, operation, shared, webhook = false }: { doc: Document; method: string; path: string; operation: Operation; shared: Parameter[]; webhook?: boolean }) {
  const parameters = [...shared, ...(operation.parameters ?? [])].map((p) => follow<Parameter>(doc, p));
  const body = operation.requestBody?.content?.['application/json']?.schema;
  const bodyType = body ? typeOf(doc, body) : '';
  // A body of several variants (a webhook's combined and separate) shows the fields of each.
  const variants = body ? (follow(doc, body).oneOf ?? [body]) : [];
  const secured = (operation.security ?? []).some((s) => Object.keys(s).length > 0);
  return (
    <details class="operation" id={`op-${operation.operationId}`}>
      <summary>
        <span class={`method method-${method}`}>{method.toUpperCase()}</span> <code class="path">{path}</code>
        <span class="summary">{operation.summary ?? operation.operationId}</span>
      </summary>
      {webhook
        ? <p class="muted">notification_type <code>{path}</code> · sent to the project's webhook address, signed</p>
        : <p class="muted">operationId <code>{operation.operationId}</code>{secured ? ' · Basic credentials merchant_id:api_key' : ' · no credentials'}</p>}
      <Prose text={operation.description} />
      {parameters.length > 0 && (
        <>
          <h3 class="sub">Parameters</h3>
          <TableRegion label={`Parameters of ${operation.operationId}`}>
            <table>
              <thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Description</th></tr></thead>
              <tbody>
                {parameters.map((p) => (
                  <tr key={`${p.in}-${p.name}`}>
                    <td><code>{p.name}</code>{p.required ? ' (required)' : ''}</td>
                    <td>{p.in}</td>
                    <td><code>{typeOf(doc, p.schema)}</code></td>
                    <td>{p.description ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        </>
      )}
      {body && (
        <>
          <h3 class="sub">Request body <code>{bodyType}</code>{operation.requestBody?.required ? ' (required)' : ''}</h3>
          {variants.map((variant) => ({ variant, fields: fieldsOf(doc, variant) })).filter((v) => v.fields.length > 0).map(({ variant, fields }) => (
            <TableRegion key={typeOf(doc, variant)} label={variants.length > 1 ? `Request body of ${operation.operationId}: ${typeOf(doc, variant)}` : `Request body of ${operation.operationId}`}>
              {variants.length > 1 && <h4 class="sub">{typeOf(doc, variant)}</h4>}
              <table>
                <thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Description</th></tr></thead>
                <tbody>
                  {fields.map((f) => (
                    <tr key={f.name}>
                      <td><code>{f.name}</code>{f.required ? ' (required)' : ''}</td>
                      <td><code>{typeOf(doc, f.schema)}</code></td>
                      <td>{f.schema.description ?? (f.schema.$ref ? follow<Schema>(doc, f.schema).description ?? '' : '')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          ))}
        </>
      )}
      <h3 class="sub">Answers</h3>
      <ul class="answers">
        {Object.entries(operation.responses ?? {}).map(([status, response]) => (
          <li key={status}><code>{status}</code> {follow<{ description?: string }>(doc, response).description ?? ''}</li>
        ))}
      </ul>
    </details>
  );
}

export function Reference() {
  const loaded = useLoad(() => api<Document>('GET', '/openapi.json'), []);
  const doc = loaded.data?.body;
  if (!doc) {
    return (
      <>
        <Failure error={loaded.error} />
        {loaded.loading && <p class="muted">Loading…</p>}
      </>
    );
  }
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ path, method, operation: item[method] as Operation, shared: (item.parameters as Parameter[] | undefined) ?? [] })));
  const tags = doc.tags ?? [...new Set(operations.flatMap((o) => o.operation.tags ?? []))].map((name) => ({ name, description: '' }));
  const webhooks = Object.entries(doc.webhooks ?? {}).filter(([, item]) => item.post).map(([type, item]) => ({ type, operation: { ...item.post!, operationId: `webhook-${type}` } }));
  return (
    <>
      <p>{doc.info.title}, version {doc.info.version}. The same description as <a href="/openapi.json">/openapi.json</a>, for any OpenAPI tool.</p>
      <nav aria-label="Resources" class="toc">
        <ul>
          {tags.map((tag) => <li key={tag.name}><a href={`#tag-${tag.name}`}>{tag.name}</a></li>)}
          {webhooks.length > 0 && <li><a href="#webhooks">webhooks</a></li>}
        </ul>
      </nav>
      <details class="conventions">
        <summary>Conventions</summary>
        <Prose text={doc.info.description} />
      </details>
      {tags.map((tag) => (
        <section key={tag.name} id={`tag-${tag.name}`} aria-labelledby={`tag-title-${tag.name}`}>
          <h2 id={`tag-title-${tag.name}`}>{tag.name}</h2>
          <Prose text={tag.description} />
          {operations.filter((o) => o.operation.tags?.includes(tag.name)).map((o) => (
            <OperationView key={`${o.method} ${o.path}`} doc={doc} {...o} />
          ))}
        </section>
      ))}
      {webhooks.length > 0 && (
        <section id="webhooks" aria-labelledby="webhooks-title">
          <h2 id="webhooks-title">webhooks</h2>
          <p class="prose">What the service sends to a project's webhook address: a POST of each notification type, its payload as below.</p>
          {webhooks.map((w) => <OperationView key={w.type} doc={doc} method="post" path={w.type} operation={w.operation} shared={[]} webhook />)}
        </section>
      )}
    </>
  );
}
