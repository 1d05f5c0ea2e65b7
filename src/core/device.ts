/** What `isMobile` looks at; `readDeviceEnv()` fills it from the browser. */
// (Short names: each is spelt twice in payui.js.)
export interface DeviceEnv {
  userAgent: string;
  /** `navigator.userAgentData.mobile` where the browser has it. */
  uaMobile?: boolean;
  /** `navigator.maxTouchPoints`. */
  touchPoints?: number;
  /** `matchMedia('(pointer: coarse)')`: the primary pointer is a finger. */
  coarse?: boolean;
  /** Shorter side of the screen in CSS pixels (not of the layout viewport, which "desktop site" mode widens). */
  shortSide?: number;
}

/** Phones and tablets: mobile and tablet markers in the user agent. */
// (`Mobile` also covers every iPhone, iPad and iPod, whose user agents all say `Mobile/`, and
// IEMobile, Windows Phone and BB10; the names that say it anyway cost payui.js bytes.)
const MOBILE_UA = /Android|Mobile|BlackBerry|Opera Mini|Silk\/|Kindle|webOS|KaiOS|Tizen|PlayBook/i;
/** Shorter screen side at or below which a touch-first device is treated as a phone or tablet. */
export const TOUCH_SHORT_SIDE_MAX = 1024;

/**
 * Mobile (phone or tablet) or desktop, from the environment alone: pure and table-tested.
 * `userAgentData.mobile === true` and a mobile user agent decide at once. Then iPadOS, whose
 * Safari presents a Mac user agent, shows itself by touch points, and a touch-first device
 * with a small screen (a phone asking for the desktop site) counts as mobile too.
 */
export function isMobile({ userAgent, uaMobile, touchPoints: touch = 0, coarse, shortSide: short = 0 }: DeviceEnv): boolean {
  return (
    uaMobile === true ||
    MOBILE_UA.test(userAgent) ||
    (/Macintosh/.test(userAgent) && touch > 1) ||
    (coarse === true && touch > 0 && short > 0 && short <= TOUCH_SHORT_SIDE_MAX)
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
    uaMobile: nav?.userAgentData?.mobile,
    touchPoints: nav?.maxTouchPoints,
    coarse: matchMedia?.('(pointer: coarse)').matches,
    shortSide: screen && Math.min(screen.width, screen.height),
  };
}
