/** The bench's figures: each the median of its runs, with the spread and the goal, printed as a table and written as JSON. */
import { mkdirSync, writeFileSync } from 'node:fs';

export interface Figure {
  figure: string;
  median: number;
  min: number;
  max: number;
  runs: number;
  unit: string;
  goal: string;
  met: boolean | null;
}

const round = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2));

/** One table of figures: `record` adds one, `write` prints them all and writes `file` (with `about`, e.g. the browser). */
export function figureTable() {
  const figures: Figure[] = [];
  return {
    record(figure: string, samples: number[], unit: string, goal: string, meets: ((median: number) => boolean) | null): void {
      const sorted = [...samples].sort((a, b) => a - b);
      const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
      figures.push({ figure, median, min: sorted[0]!, max: sorted.at(-1)!, runs: samples.length, unit, goal, met: meets ? meets(median) : null });
    },
    write(file: string, about: Record<string, string>): void {
      const rows = figures.map((f) => [
        f.figure,
        `${round(f.median)} ${f.unit}`,
        f.runs > 1 ? `${round(f.min)}–${round(f.max)}` : '—',
        String(f.runs),
        f.goal,
        f.met === null ? 'report' : f.met ? 'met' : 'MISSED',
      ]);
      const head = ['figure', 'median', 'spread', 'runs', 'goal', ''];
      const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
      const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
      console.log(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${rows.map(line).join('\n')}\n`);
      mkdirSync('bench', { recursive: true });
      writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), ...about, figures }, null, 2)}\n`);
      console.log(`written: ${file}`);
    },
  };
}
