// The Postgres password never shows (issue 46 item 7): the address is printed (the start's banner,
// the export's message, a failed migration) with every password masked, in the user part and in the
// query (`?password=`), and `--database-url` with a password, which every local user reads in `ps`,
// is taken with a warning that names PAYUI_MOCK_DATABASE_URL.
import { describe, expect, it } from 'vitest';
import { redactUrl } from '../store/server-database';
import { databaseUrlWarning, parseArgs } from '../app/trigger';

describe('a database address as printed', () => {
  it.each([
    ['postgres://payui:s3cret@db.example:5432/qa', 'postgres://payui:***@db.example:5432/qa'],
    ['postgres://payui@db.example/qa?password=s3cret', 'postgres://payui@db.example/qa?password=***'],
    ['postgresql://db.example/qa?sslmode=require&PassWord=s3cret&sslpassword=s3cret', 'postgresql://db.example/qa?sslmode=require&PassWord=***&sslpassword=***'],
    ['postgres://db.example/qa', 'postgres://db.example/qa'],
  ])('%s is shown as %s', (url, shown) => {
    expect(redactUrl(url)).toBe(shown);
    expect(redactUrl(url)).not.toContain('s3cret');
  });
});

describe('--database-url', () => {
  it('is taken, with a warning when it carries a password (in ps for every local user)', () => {
    const withPassword = 'postgres://payui:s3cret@localhost/qa';
    expect(parseArgs(['--database-url', withPassword])).toMatchObject({ command: 'serve', databaseUrl: withPassword });
    const warning = databaseUrlWarning(['--database-url', withPassword]);
    expect(warning).toContain('PAYUI_MOCK_DATABASE_URL');
    expect(warning).not.toContain('s3cret');
    expect(databaseUrlWarning(['--database-url', 'postgres://db/qa?password=s3cret'])).toContain('PAYUI_MOCK_DATABASE_URL');
    expect(databaseUrlWarning(['--database-url', 'postgres://payui@localhost/qa'])).toBeNull();
    expect(databaseUrlWarning(['--in-memory'])).toBeNull();
  });
});
