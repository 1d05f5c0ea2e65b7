/**
 * The page's one call to its own server: "a token for this purchase, please". The server asks the
 * merchant API with the merchant's credentials, which never reach the browser (server/demo.ts).
 */
export interface TokenRequest {
  purchase?: object;
  return_url?: string;
}

/**
 * Where this demo's mock payment UI runs, as the demo server tells its pages: `npm test` runs the
 * offline world on free ports, from the same build as `npm start`. A merchant's page leaves these
 * out (the build's defaults) or sets them to its own payment UI addresses.
 */
export function paymentUiBases(): { paymentUiUrl?: string; sandboxPaymentUiUrl?: string } {
  const content = document.querySelector<HTMLMetaElement>('meta[name="payui-demo-world"]')?.content;
  if (!content) return {};
  const { live, sandbox } = JSON.parse(content) as { live: string; sandbox: string };
  return { paymentUiUrl: live, sandboxPaymentUiUrl: sandbox };
}

export async function requestToken(request: TokenRequest): Promise<string> {
  const response = await fetch('/api/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  const { token } = (await response.json()) as { token?: string };
  if (!token) throw new Error(`no token (HTTP ${response.status})`);
  return token;
}
