/** Which engines this machine has, and where (each overridable by environment). */
import { existsSync } from 'node:fs';
import type { EngineName } from './engine';

export const ENGINE_PATHS = {
  chromium: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  firefox: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
  webkitDriver: process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver',
  webkitBrowser: process.env.WEBKIT_BROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  xvfb: process.env.XVFB_PATH ?? '/usr/bin/Xvfb',
};

/** Null when the engine can run here; otherwise what is missing and how to install it. */
export function missing(name: EngineName): string | null {
  const need: [string, string][] =
    name === 'chromium'
      ? [[ENGINE_PATHS.chromium, 'apt-get install chromium']]
      : name === 'firefox'
        ? [[ENGINE_PATHS.firefox, 'apt-get install firefox-esr']]
        : [
            [ENGINE_PATHS.webkitDriver, 'apt-get install webkit2gtk-driver'],
            [ENGINE_PATHS.webkitBrowser, 'apt-get install webkit2gtk-driver'],
            // A display for MiniBrowser: Xvfb, unless there is one already.
            ...(process.env.DISPLAY ? [] : ([[ENGINE_PATHS.xvfb, 'apt-get install xvfb']] as [string, string][])),
          ];
  const absent = need.filter(([path]) => !existsSync(path));
  return absent.length ? `${absent.map(([path]) => path).join(', ')} not found (${[...new Set(absent.map(([, how]) => how))].join('; ')})` : null;
}

export const ENGINES: EngineName[] = ['chromium', 'firefox', 'webkit'];
