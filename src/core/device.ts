/**
 * What `isMobile` reads of a window: the current one by default, a plain object in the tests
 * (test/fixtures/user-agents.ts turns each real device's readings into one).
 */
export interface DeviceWindow {
  navigator?: {
    userAgent?: string;
    /** Touch points: an iPad whose Safari presents a Mac user agent has 5. */
    maxTouchPoints?: number;
    /** `userAgentData.mobile` where the browser has it (Chromium). */
    userAgentData?: { mobile?: boolean };
  };
  /** The screen in CSS pixels (not the layout viewport, which "desktop site" mode widens). */
  screen?: { width: number; height: number };
  /** `(pointer: coarse)`: the primary pointer is a finger. */
  matchMedia?: (query: string) => { matches: boolean };
}

/** Phones and tablets: mobile and tablet markers in the user agent. */
// (`Mobile` also covers every iPhone, iPad and iPod, whose user agents all say `Mobile/`, and
// IEMobile, Windows Phone and BB10; the names that say it anyway cost payui.js bytes.)
const MOBILE_UA = /Android|Mobile|BlackBerry|Opera Mini|Silk\/|Kindle|webOS|KaiOS|Tizen|PlayBook/i;
/** Shorter screen side at or below which a touch-first device is treated as a phone or tablet. */
export const TOUCH_SHORT_SIDE_MAX = 1024;

/**
 * Mobile (phone or tablet) or desktop, from what the window reports: table-tested with real
 * devices, safe where there is no browser (desktop). `userAgentData.mobile === true` and a
 * mobile user agent decide at once. Then iPadOS, whose Safari presents a Mac user agent, shows
 * itself by touch points, and a touch-first device with a small screen (a phone asking for the
 * desktop site) counts as mobile too.
 * (It reads the window itself rather than taking a record of readings: each reading's name was
 * spelt three times in payui.js, about 100 bytes.)
 */
export function isMobile({ navigator: nav, screen, matchMedia }: DeviceWindow = globalThis as DeviceWindow): boolean {
  const agent = nav?.userAgent ?? '';
  const touch = nav?.maxTouchPoints ?? 0;
  const short = screen ? Math.min(screen.width, screen.height) : 0;
  return (
    nav?.userAgentData?.mobile === true ||
    MOBILE_UA.test(agent) ||
    (/Macintosh/.test(agent) && touch > 1) ||
    (touch > 0 && short > 0 && short <= TOUCH_SHORT_SIDE_MAX && matchMedia?.('(pointer: coarse)').matches === true)
  );
}
