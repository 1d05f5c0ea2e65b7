/** What `isMobile` looks at; `readDeviceEnv()` fills it from the browser. */
export interface DeviceEnv {
  userAgent: string;
  /** `navigator.userAgentData.mobile` where the browser has it. */
  userAgentDataMobile?: boolean;
  maxTouchPoints?: number;
  /** `matchMedia('(pointer: coarse)')`: the primary pointer is a finger. */
  coarsePointer?: boolean;
  /** Shorter side of the screen in CSS pixels (not of the layout viewport, which "desktop site" mode widens). */
  screenShortSide?: number;
}

/** Phones and tablets: mobile and tablet markers in the user agent. */
const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|Windows Phone|IEMobile|BlackBerry|BB10|Opera Mini|Silk\/|Kindle|webOS|KaiOS|Tizen|PlayBook/i;
/** Shorter screen side at or below which a touch-first device is treated as a phone or tablet. */
export const TOUCH_SHORT_SIDE_MAX = 1024;

/**
 * Mobile (phone or tablet) or desktop, from the environment alone: pure and table-tested.
 * `userAgentData.mobile === true` and a mobile user agent decide at once. Then iPadOS, whose
 * Safari presents a Mac user agent, shows itself by touch points, and a touch-first device
 * with a small screen (a phone asking for the desktop site) counts as mobile too.
 */
export function isMobile(env: DeviceEnv): boolean {
  if (env.userAgentDataMobile === true) return true;
  const ua = env.userAgent;
  if (MOBILE_UA.test(ua)) return true;
  const touchPoints = env.maxTouchPoints ?? 0;
  if (/Macintosh/.test(ua) && touchPoints > 1) return true;
  const short = env.screenShortSide;
  return env.coarsePointer === true && touchPoints > 0 && short !== undefined && short > 0 && short <= TOUCH_SHORT_SIDE_MAX;
}

interface NavigatorLike {
  userAgent?: string;
  maxTouchPoints?: number;
  userAgentData?: { mobile?: boolean };
}

/** Reads a `DeviceEnv` from a window (the current one by default); safe where there is none. */
export function readDeviceEnv(win: unknown = globalThis): DeviceEnv {
  const w = win as {
    navigator?: NavigatorLike;
    screen?: { width?: number; height?: number };
    matchMedia?: (query: string) => { matches: boolean };
  };
  const nav = w.navigator ?? {};
  const env: DeviceEnv = { userAgent: typeof nav.userAgent === 'string' ? nav.userAgent : '' };
  if (typeof nav.userAgentData?.mobile === 'boolean') env.userAgentDataMobile = nav.userAgentData.mobile;
  if (typeof nav.maxTouchPoints === 'number') env.maxTouchPoints = nav.maxTouchPoints;
  if (typeof w.matchMedia === 'function') env.coarsePointer = w.matchMedia('(pointer: coarse)').matches;
  const { width, height } = w.screen ?? {};
  if (typeof width === 'number' && typeof height === 'number') env.screenShortSide = Math.min(width, height);
  return env;
}
