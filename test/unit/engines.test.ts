// `npm install` on the Node our `engines` allow warns about nothing: every package the lock file
// installs (the service's included) accepts the Node the tests run on, as npm's EBADENGINE check
// would. A dependency that wants a newer Node is pinned back, as light-my-request is (through
// `overrides` in package.json: its 6.8 needs cookie 2, which wants Node 22).
import { readFileSync } from 'node:fs';
import { satisfies } from 'semver';
import { describe, expect, it } from 'vitest';

const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; optional?: boolean }>;
};
const own = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { engines: { node: string } };

describe('engines', () => {
  it('this Node is one our engines allow', () => {
    expect(satisfies(process.version, own.engines.node)).toBe(true);
  });

  it('every locked package accepts this Node (npm install prints no EBADENGINE)', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && !Array.isArray(entry.engines) && entry.engines?.node && !satisfies(process.version, entry.engines.node, { includePrerelease: true }))
      .map(([path, entry]) => `${path.replace(/^.*node_modules\//, '')}@${entry.version} wants node ${(entry.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });
});
