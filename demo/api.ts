/**
 * The page's one call to its own server: "a token for this purchase, please". The server asks the
 * merchant API with the merchant's credentials, which never reach the browser (server/demo.ts).
 */
export interface TokenRequest {
  purchase?: object;
  return_url?: string;
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
