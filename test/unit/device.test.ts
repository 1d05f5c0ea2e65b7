import { describe, expect, it } from 'vitest';
import { isMobile } from '../../src/core/device';
import { DEVICE_CASES, deviceWindow } from '../fixtures/user-agents';

describe('isMobile', () => {
  it('has a table of at least 20 real user agents', () => {
    expect(DEVICE_CASES.length).toBeGreaterThanOrEqual(20);
  });

  it.each(DEVICE_CASES.map((c) => [c.mobile ? 'mobile ' : 'desktop', c.name, c] as const))('%s  %s', (_kind, _name, c) => {
    expect(isMobile(deviceWindow(c.env))).toBe(c.mobile);
  });

  it('needs touch for a Mac user agent to count as an iPad', () => {
    const mac = DEVICE_CASES.find((c) => c.name.startsWith('iPad Air'))!;
    expect(isMobile(deviceWindow({ ...mac.env, touchPoints: 0, coarse: false }))).toBe(false);
  });

  it('reads the screen in either orientation, and wants a coarse pointer for a touch screen without a mobile user agent', () => {
    const tablet = DEVICE_CASES.find((c) => c.name.startsWith('Android phone asking for the desktop site'))!;
    const landscape = deviceWindow(tablet.env);
    landscape.screen = { width: 1280, height: 800 };
    expect(isMobile(landscape)).toBe(true);
    expect(isMobile(deviceWindow({ ...tablet.env, coarse: false }))).toBe(false);
    expect(isMobile(deviceWindow({ ...tablet.env, shortSide: 0 }))).toBe(false);
  });

  it('treats a window without readings (no browser) as desktop', () => {
    expect(isMobile({})).toBe(false);
    expect(isMobile(deviceWindow({ userAgent: '' }))).toBe(false);
  });

  it('reads the current window by default: none here (Node), so desktop', () => {
    expect(isMobile()).toBe(false);
  });
});
