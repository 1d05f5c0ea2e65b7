/**
 * The merchant console's memory of the sandboxes its tab made (mock/console/sandboxes.ts): the list
 * read back from sessionStorage's text, a sandbox added and taken off, and what the header says of
 * a merchant and its clock. The page itself: test/e2e/console-sandboxes.spec.ts.
 */
import { describe, expect, it } from 'vitest';
import { clockState, merchantKind, readKept, withKept, withoutKept, type KeptSandbox } from '../console/sandboxes';

const made = (merchantId: string, seed: KeptSandbox['seed'] = 'demo'): KeptSandbox => ({ merchantId, apiKey: `key-${merchantId}`, seed, createdAt: '2026-11-26T01:00:00.000Z' });

describe('console: the sandboxes of a tab', () => {
  it('reads back the list it wrote, newest first, a merchant once', () => {
    const list = withKept(withKept(withKept([], made('1000001')), made('1000002', 'empty')), made('1000001'));
    expect(list.map((s) => s.merchantId)).toEqual(['1000001', '1000002']);
    expect(readKept(JSON.stringify(list))).toEqual(list);
  });

  it('leaves out what it cannot read: no list, not JSON, entries without a key or with another seed', () => {
    expect(readKept(null)).toEqual([]);
    expect(readKept('{not json')).toEqual([]);
    expect(readKept('{"merchantId": "1"}')).toEqual([]);
    const text = JSON.stringify([made('1000003'), { ...made('1000004'), apiKey: 7 }, { ...made('1000005'), seed: 'other' }, null, { ...made('1000006'), extra: 'x' }]);
    expect(readKept(text)).toEqual([made('1000003'), made('1000006')]);
  });

  it('takes a deleted sandbox off the list, and only it', () => {
    const list = [made('1000007'), made('1000008')];
    expect(withoutKept(list, '1000007')).toEqual([made('1000008')]);
    expect(withoutKept(list, '9999999')).toEqual(list);
  });

  it('calls a merchant a sandbox or the service\'s own as its clock\'s answer says', () => {
    expect(merchantKind({ sandbox: false })).toBe("the service's own");
    expect(merchantKind({ sandbox: true })).toBe('sandbox');
  });

  it('says a clock at real time, or moved ahead with where it is now', () => {
    expect(clockState({ now: '2026-11-26T01:00:00.000Z', moved: false })).toBe('clock at real time');
    const moved = clockState({ now: '2027-01-02T03:04:00.000Z', moved: true }, 'en-GB');
    expect(moved).toMatch(/^clock moved ahead: /);
    expect(moved).toContain('2027');
  });
});
