/** Calls of the merchant API in unit tests, with the demo merchant's credentials. */
export const DEMO_AUTH = `Basic ${Buffer.from('100001:demo-api-key').toString('base64')}`;

export interface Called {
  status: number;
  headers: Headers;
  body: any;
}

/** `call(path, method, body)` on the API at `base()` (read at each call: servers start in beforeAll). */
export function merchantCaller(base: () => string) {
  return async function call(path: string, method = 'GET', body?: unknown): Promise<Called> {
    const headers: Record<string, string> = { authorization: DEMO_AUTH };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${base()}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  };
}
