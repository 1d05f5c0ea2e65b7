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
// (`Mobile` also covers IEMobile, Windows Phone and BB10, whose user agents all say it.)
const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|BlackBerry|Opera Mini|Silk\/|Kindle|webOS|KaiOS|Tizen|PlayBook/i;
/** Shorter screen side at or below which a touch-first device is treated as a phone or tablet. */
export const TOUCH_SHORT_SIDE_MAX = 1024;

/**
 * Mobile (phone or tablet) or desktop, from the environment alone: pure and table-tested.
 * `userAgentData.mobile === true` and a mobile user agent decide at once. Then iPadOS, whose
 * Safari presents a Mac user agent, shows itself by touch points, and a touch-first device
 * with a small screen (a phone asking for the desktop site) counts as mobile too.
 */
export function isMobile({ userAgent, userAgentDataMobile, maxTouchPoints: touch = 0, coarsePointer, screenShortSide: short = 0 }: DeviceEnv): boolean {
  return (
    userAgentDataMobile === true ||
    MOBILE_UA.test(userAgent) ||
    (/Macintosh/.test(userAgent) && touch > 1) ||
    (coarsePointer === true && touch > 0 && short > 0 && short <= TOUCH_SHORT_SIDE_MAX)
  );
}

/** Reads a `DeviceEnv` from a window (the current one by default); safe where there is none. */
export function readDeviceEnv(win: unknown = globalThis): DeviceEnv {
  const { navigator: nav, screen, matchMedia } = win as {
    navigator?: { userAgent?: string; maxTouchPoints?: number; userAgentData?: { mobile?: boolean } };
    screen?: { width: number; height: number };
    matchMedia?: (query: string) => { matches: boolean };
  };
  return {
    userAgent: nav?.userAgent ?? '',
    userAgentDataMobile: nav?.userAgentData?.mobile,
    maxTouchPoints: nav?.maxTouchPoints,
    coarsePointer: matchMedia?.('(pointer: coarse)').matches,
    screenShortSide: screen && Math.min(screen.width, screen.height),
  };
}
