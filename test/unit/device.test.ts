import { describe, expect, it } from 'vitest';
import { isMobile, readDeviceEnv } from '../../src/core/device';
import { DEVICE_CASES } from '../fixtures/user-agents';

describe('isMobile', () => {
  it('has a table of at least 20 real user agents', () => {
    expect(DEVICE_CASES.length).toBeGreaterThanOrEqual(20);
  });

  it.each(DEVICE_CASES.map((c) => [c.mobile ? 'mobile ' : 'desktop', c.name, c] as const))('%s  %s', (_kind, _name, c) => {
    expect(isMobile(c.env)).toBe(c.mobile);
  });

  it('needs touch for a Mac user agent to count as an iPad', () => {
    const mac = DEVICE_CASES.find((c) => c.name.startsWith('iPad Air'))!;
    expect(isMobile({ ...mac.env, touchPoints: 0, coarse: false })).toBe(false);
  });

  it('treats an empty environment (no browser) as desktop', () => {
    expect(isMobile({ userAgent: '' })).toBe(false);
  });
});

describe('readDeviceEnv', () => {
  it('reads navigator, userAgentData, pointer and screen', () => {
    const win = {
      navigator: { userAgent: 'UA', maxTouchPoints: 5, userAgentData: { mobile: true } },
      screen: { width: 412, height: 915 },
      matchMedia: (q: string) => ({ matches: q === '(pointer: coarse)' }),
    };
    expect(readDeviceEnv(win)).toEqual({ userAgent: 'UA', uaMobile: true, touchPoints: 5, coarse: true, shortSide: 412 });
  });

  it('is safe without a window', () => {
    expect(readDeviceEnv({})).toEqual({ userAgent: '' });
    expect(readDeviceEnv()).toMatchObject({ userAgent: expect.any(String) });
  });
});
