// The docs a newcomer walks stay true (issue 27, item 10): every relative link in README.md,
// SECURITY.md and docs/*.md reaches a file that exists (and its `#anchor` a heading there, as
// GitHub makes heading ids); every code block marked `<!-- quote: path#region -->` is that region
// of the file as it is now; the README opens with the two set-up commands; every page of docs/ is
// linked from the README and links back to it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const PAGES = ['README.md', 'SECURITY.md', 'CHANGELOG.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** A fenced code block: its info string, its text, the line its fence opens on (0-based). */
interface Block { info: string; text: string; line: number }

/** The page split into prose lines (code blocks blanked, so nothing inside one counts) and its code blocks. */
function parseMarkdown(markdown: string): { prose: string[]; blocks: Block[] } {
  const prose: string[] = [];
  const blocks: Block[] = [];
  let open: { fence: string; info: string; line: number; lines: string[] } | null = null;
  markdown.split('\n').forEach((line, index) => {
    if (open) {
      const closes = new RegExp(`^ {0,3}${open.fence[0]}{${open.fence.length},}\\s*$`).test(line);
      if (closes) {
        blocks.push({ info: open.info, text: open.lines.join('\n'), line: open.line });
        open = null;
      } else open.lines.push(line);
      prose.push('');
      return;
    }
    const fence = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)/.exec(line);
    if (fence) {
      open = { fence: fence[1]!, info: fence[2]!, line: index, lines: [] };
      prose.push('');
    } else prose.push(line);
  });
  return { prose, blocks };
}

/** The id GitHub gives a heading: its text, lower case, without punctuation, spaces as hyphens. */
function githubSlug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links and images: their text
    .replace(/<[^>]+>/g, '') // HTML tags
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** Every anchor a page has: its headings' ids (a repeated one numbered -1, -2 …) and explicit ids. */
function anchorsOf(markdown: string): Set<string> {
  const { prose } = parseMarkdown(markdown);
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of prose) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (heading) {
      const slug = githubSlug(heading[1]!);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const [, id] of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id!);
  }
  return anchors;
}

/** The relative links of a page's prose (inline code left out): `[text](target)`, `![alt](target)`, `[ref]: target`. */
function linksOf(markdown: string): string[] {
  const prose = parseMarkdown(markdown).prose.join('\n').replace(/`[^`\n]*`/g, '');
  const targets = [
    ...[...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map(([, target]) => target!),
    ...[...prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map(([, target]) => target!),
  ];
  return targets.filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** The lines of a file between `#region name` and `#endregion name`, less their markers and common indentation. */
function region(path: string, name: string): string {
  const lines = read(path).split('\n');
  const marker = (kind: string) => new RegExp(`#${kind}\\s+${name.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}(?![\\w-])`);
  const starts = lines.flatMap((line, i) => (marker('region').test(line) ? [i] : []));
  const ends = lines.flatMap((line, i) => (marker('endregion').test(line) ? [i] : []));
  if (starts.length !== 1 || ends.length !== 1 || ends[0]! < starts[0]!) {
    throw new Error(`${path} needs exactly one "#region ${name}" and one "#endregion ${name}" after it (found ${starts.length} and ${ends.length})`);
  }
  const body = lines.slice(starts[0]! + 1, ends[0]).filter((line) => !/#(?:end)?region\b/.test(line));
  const indent = Math.min(...body.filter((line) => line.trim()).map((line) => /^ */.exec(line)![0].length));
  return body.map((line) => line.slice(indent).trimEnd()).join('\n');
}

/** Each `<!-- quote: path#a,b -->` of a page with the code block right below it. */
function quotesOf(markdown: string): { source: string; regions: string[]; block: Block | undefined; line: number }[] {
  const { prose, blocks } = parseMarkdown(markdown);
  return prose.flatMap((line, index) => {
    const quote = /^<!-- quote: ([^#\s]+)#([\w,-]+) -->$/.exec(line.trim());
    if (!quote) return [];
    return [{ source: quote[1]!, regions: quote[2]!.split(','), block: blocks.find((b) => b.line === index + 1), line: index + 1 }];
  });
}

describe('links', () => {
  it.each(PAGES)('every relative link in %s reaches a file, and a heading there', (page) => {
    const markdown = read(page);
    const broken: string[] = [];
    for (const link of linksOf(markdown)) {
      const [path = '', anchor] = link.split('#');
      const target = path === '' ? page : relative(ROOT, resolve(ROOT, dirname(page), decodeURIComponent(path)));
      if (target.startsWith('..') || !existsSync(join(ROOT, target))) {
        broken.push(`${link}: no file ${target}`);
        continue;
      }
      if (anchor === undefined) continue;
      if (!target.endsWith('.md') || statSync(join(ROOT, target)).isDirectory()) {
        broken.push(`${link}: an anchor into ${target}, which is not a Markdown page`);
      } else if (!anchorsOf(read(target)).has(anchor)) {
        broken.push(`${link}: ${target} has no heading with the id "${anchor}"`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('every page of docs/ is linked from the README and links back to it', () => {
    const fromReadme = new Set(linksOf(read('README.md')).map((link) => link.split('#')[0]));
    for (const page of PAGES.filter((p) => p.startsWith('docs/'))) {
      expect(fromReadme, `README.md links to ${page}`).toContain(page);
      expect(linksOf(read(page)).map((link) => link.split('#')[0]), `${page} links back to the README`).toContain('../README.md');
    }
  });
});

describe('quoted code', () => {
  const quotes = PAGES.flatMap((page) => quotesOf(read(page)).map((quote) => ({ page, ...quote })));

  it('the docs quote the demo server where they show its code', () => {
    const sources = new Set(quotes.map((quote) => quote.source));
    expect([...sources]).toEqual(expect.arrayContaining(['server/shop.ts', 'server/demo.ts', 'test/fixtures/stub/index.html']));
  });

  it.each(quotes.map((quote) => [`${quote.page}:${quote.line} ${quote.source}#${quote.regions.join(',')}`, quote] as const))(
    '%s is the file as it is',
    (_name, { source, regions, block }) => {
      expect(block, 'a quote marker is followed at once by a fenced code block').toBeDefined();
      const current = regions.map((name) => region(source, name)).join('\n');
      expect(block!.text, `the block below the marker, as ${source} has it now`).toBe(current);
    },
  );
});

describe('the README', () => {
  it('opens with the two set-up commands: the first code block, before any heading', () => {
    const readme = read('README.md');
    const { prose, blocks } = parseMarkdown(readme);
    const first = blocks[0]!;
    expect(prose.slice(1, first.line).some((line) => /^#{1,6}\s/.test(line)), 'no heading before it').toBe(false);
    const commands = first.text.split('\n').map((line) => line.replace(/\s+#.*$/, '').trim()).filter(Boolean);
    expect(commands.slice(0, 2)).toEqual(['npm install && npm start', 'npm test']);
  });
});

describe('the changelog', () => {
  // Error codes are stable (docs/server-kit.md, docs/widget.md): a rename is a breaking change said here.
  it('says the kit renamed UNPROCESSABLE to VALIDATION, under Breaking (issue 46 item 14)', () => {
    const changelog = existsSync(join(ROOT, 'CHANGELOG.md')) ? readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8') : '';
    const breaking = changelog.split('### Breaking')[1]?.split(/\n##? /)[0] ?? '';
    expect(breaking).toMatch(/`VALIDATION`, was `UNPROCESSABLE`/);
    expect(readFileSync(join(ROOT, 'src/server/client.ts'), 'utf8')).not.toContain("'UNPROCESSABLE'");
    expect(readFileSync(join(ROOT, 'docs/server-kit.md'), 'utf8')).toContain('](../CHANGELOG.md#breaking)');
  });
});

describe('the checks themselves', () => {
  it('make the ids GitHub makes', () => {
    expect(githubSlug('Your server (`payui-embed/server`)')).toBe('your-server-payui-embedserver');
    expect(githubSlug('Script tag and `data-payui-open`')).toBe('script-tag-and-data-payui-open');
    expect(githubSlug('Flutter (webview_flutter)')).toBe('flutter-webview_flutter');
    expect(githubSlug('Test your listener: `payui-mock trigger`')).toBe('test-your-listener-payui-mock-trigger');
    expect([...anchorsOf('# A\n## Events\n```\n# not a heading\n```\n### Events\n')]).toEqual(['a', 'events', 'events-1']);
  });

  it('find links in prose only, not in code', () => {
    const page = '[a](docs/a.md) `[b](b.md)` ![c](c.png "C")\n```md\n[d](d.md)\n```\n[e]: e.md\n[f](https://x.example/) [g](#g)';
    expect(linksOf(page)).toEqual(['docs/a.md', 'c.png', '#g', 'e.md']);
  });

  it('tell a quoted block from the region that changed', () => {
    const [quote] = quotesOf('<!-- quote: server/shop.ts#client -->\n```ts\nconst client = createMerchantClient({ merchantId });\n```\n');
    expect(quote!.block!.text).not.toBe(region(quote!.source, 'client'));
    expect(() => region('server/shop.ts', 'no-such-region')).toThrow(/exactly one "#region no-such-region"/);
  });
});
