/**
 * The webview launcher's parameters (DESIGN.md §9), from the URL fragment — so the token stays
 * out of server logs and referrers — or, when the fragment has none, the query.
 */
import type { PayUIOptions } from '../core/options';

export const BRIDGES = ['auto', 'rn', 'webkit', 'channel', 'cordova', 'parent', 'opener', 'none'] as const;
export type BridgeName = (typeof BRIDGES)[number];

export interface LauncherParams {
  options: PayUIOptions;
  bridge: BridgeName;
  channel: string;
  returnUrl: string | null;
  targetOrigin: string | null;
  closeOnDone: boolean;
  debug: boolean;
}

/** How to reach the native side: known even when the rest of the parameters are wrong. */
export type Transport = Pick<LauncherParams, 'bridge' | 'channel' | 'targetOrigin'>;

export type ParamsResult = { ok: true; params: LauncherParams } | { ok: false; message: string; transport: Transport; path?: string };

/**
 * What a link may point the launcher at (DESIGN.md §9): the page is public on the merchant's
 * origin, so the payment UI it frames and the return address it goes to must be on these exact
 * origins. See `readAllowLists` in allow.ts for where they come from.
 */
export interface AllowLists {
  paymentUi: readonly string[];
  returnTo: readonly string[];
}

const yes = (value: string | null) => value === '1' || value === 'true';

/** An exact origin (scheme, host, port), never '*'. */
function origin(value: string): string | null {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.origin === value.replace(/\/$/, '') ? url.origin : null;
  } catch {
    return null;
  }
}

export function readParams(location: { hash: string; search: string }, allow: AllowLists): ParamsResult {
  const fromHash = new URLSearchParams(location.hash.replace(/^#/, ''));
  const p = [...fromHash.keys()].length ? fromHash : new URLSearchParams(location.search);
  const token = p.get('access_token');
  const data = p.get('access_data');
  const bridge = (p.get('bridge') ?? 'auto') as BridgeName;
  const channel = p.get('channel') ?? 'PayUIBridge';
  const rawTarget = p.get('target_origin');
  const targetOrigin = rawTarget === null ? null : origin(rawTarget);
  const transport: Transport = {
    bridge: BRIDGES.includes(bridge) ? bridge : 'auto',
    channel: /^[A-Za-z_$][\w$]{0,63}$/.test(channel) ? channel : 'PayUIBridge',
    targetOrigin,
  };
  const fail = (message: string, path?: string): ParamsResult => ({ ok: false, message, transport, ...(path ? { path } : {}) });
  /** An address on one of `origins` exactly (scheme, host and port), or the reason it is refused. */
  const refuse = (name: string, origins: readonly string[]) => {
    const value = p.get(name);
    if (value === null) return null;
    let address: URL;
    try {
      address = new URL(value);
    } catch {
      return fail(`${name} must be an http(s) address`, name);
    }
    if (!/^https?:$/.test(address.protocol)) return fail(`${name} must be an http(s) address`, name);
    return origins.includes(address.origin) ? null : fail(`${name} is not allowed here (${address.origin} is not on this launcher's list)`, name);
  };

  if (!token && !data) return fail('access_token (or access_data) is missing');
  if (token && data) return fail('give access_token or access_data, not both');
  let accessData: Record<string, unknown> | undefined;
  if (data) {
    try {
      accessData = JSON.parse(data) as Record<string, unknown>;
    } catch {
      return fail('access_data is not valid JSON');
    }
  }
  if (!BRIDGES.includes(bridge)) return fail(`bridge must be one of ${BRIDGES.join(', ')}`);
  if (transport.channel !== channel) return fail('channel must be a JavaScript name such as PayUIBridge');
  if (rawTarget !== null && targetOrigin === null) return fail("target_origin must be an exact origin such as https://game.example (never '*')");
  if ((bridge === 'parent' || bridge === 'opener') && !targetOrigin) return fail(`bridge=${bridge} needs target_origin`);
  const refused = refuse('payment_ui_url', allow.paymentUi) ?? refuse('sandbox_payment_ui_url', allow.paymentUi) ?? refuse('return_url', allow.returnTo);
  if (refused) return refused;
  const returnUrl = p.get('return_url');

  const options: PayUIOptions = {
    ...(token ? { access_token: token } : { access_data: accessData }),
    sandbox: yes(p.get('sandbox')),
    iframeOnly: true,
    lightbox: { closeButton: true },
  };
  const language = p.get('language');
  if (language) options.language = language;
  const live = p.get('payment_ui_url');
  const sandbox = p.get('sandbox_payment_ui_url');
  if (live) options.paymentUiUrl = live;
  if (sandbox) options.sandboxPaymentUiUrl = sandbox;

  return {
    ok: true,
    params: { options, bridge, channel, returnUrl, targetOrigin, closeOnDone: yes(p.get('close_on_done')), debug: yes(p.get('debug')) },
  };
}
