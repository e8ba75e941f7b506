/**
 * Summarises a V8 CPU profile (`.cpuprofile`, as `BENCH_CPU_PROF=1` of bench/http.ts or
 * `node --cpu-prof` writes them): the functions with the most self time, and the functions with the
 * most inclusive time (a sample counts once for every function on its stack, recursion counted once),
 * and the self time per package, as shares of the profile's non-idle samples.
 *
 *   npx tsx bench/profile-summary.ts FILE.cpuprofile [--top 40] [--last SECONDS] [--match REGEX] [--callers REGEX]
 *
 * --last SECONDS keeps only the samples of the profile's last SECONDS (e.g. the measured window of a
 * bench run, leaving out start-up and set-up); --match REGEX lists only functions whose
 * "name file:line" matches (e.g. --match 'pino|trpc'); --callers REGEX adds the time of the samples
 * under the frame (nearest the leaf) that matches, by its caller and the caller's caller.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

type CallFrame = { functionName: string; url: string; lineNumber: number };
type Node = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const [value] = args.splice(i, 2).slice(1);
  return value;
};
const top = Number(option('--top') ?? 40);
const last = option('--last');
const matchText = option('--match');
const match = matchText ? new RegExp(matchText) : null;
const callersText = option('--callers');
const callersOf = callersText ? new RegExp(callersText) : null;
const file = args[0];
if (!file) {
  console.error('usage: npx tsx bench/profile-summary.ts FILE.cpuprofile [--top N] [--last SECONDS] [--match REGEX]');
  process.exit(2);
}

const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map<number, Node>();
const parent = new Map<number, number>();
for (const node of profile.nodes) byId.set(node.id, node);
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

function label(frame: CallFrame): string {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return name;
  // Keep the package (or the repository's own path) readable: .../node_modules/.pnpm/x@1/node_modules/x/dist/y.js -> x/dist/y.js
  const url = frame.url.replace(/^file:\/\//, '');
  const inModules = url.lastIndexOf('node_modules/');
  const short = inModules >= 0 ? url.slice(inModules + 'node_modules/'.length) : path.relative(process.cwd(), url);
  return `${name} ${short}:${frame.lineNumber + 1}`;
}

// Sample times: startTime plus the running sum of timeDeltas (µs).
const times: number[] = [];
let t = profile.startTime;
for (const delta of profile.timeDeltas) times.push((t += delta));
const from = last ? profile.endTime - Number(last) * 1e6 : -Infinity;

/** The package (or the repository's folder, or node:, wasm, a V8 entry) a frame belongs to. */
function groupOf(frame: CallFrame): string {
  const url = frame.url.replace(/^file:\/\//, '');
  if (!url) return frame.functionName.startsWith('(') ? frame.functionName : '(native)';
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  if (url.startsWith('wasm:')) return 'wasm';
  const inModules = url.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const rest = url.slice(inModules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const parts = url.split('/');
  const at = parts.findIndex((p) => p === 'packages' || p === 'apps' || p === 'bench');
  return at >= 0 ? parts.slice(at, at + 2).join('/') : path.basename(url);
}

const self = new Map<string, number>();
const selfByGroup = new Map<string, number>();
const callers = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
let idle = 0;
for (let i = 0; i < profile.samples.length; i++) {
  if (times[i]! < from) continue;
  // Weight each sample by the time to the next one (V8's interval varies under load).
  const weight = (i + 1 < times.length ? times[i + 1]! : profile.endTime) - times[i]!;
  const leaf = byId.get(profile.samples[i]!)!;
  const leafName = leaf.callFrame.functionName;
  if (leafName === '(idle)') {
    idle += weight;
    continue;
  }
  total += weight;
  const leafLabel = label(leaf.callFrame);
  self.set(leafLabel, (self.get(leafLabel) ?? 0) + weight);
  const group = groupOf(leaf.callFrame);
  selfByGroup.set(group, (selfByGroup.get(group) ?? 0) + weight);
  const seen = new Set<string>();
  for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id)) {
    const name = label(byId.get(id)!.callFrame);
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + weight);
  }
  if (callersOf) {
    // The callers (two frames up) of the frame nearest the leaf that matches --callers.
    let id: number | undefined = leaf.id;
    while (id !== undefined && !callersOf.test(label(byId.get(id)!.callFrame))) id = parent.get(id);
    if (id !== undefined) {
      const up = [parent.get(id), parent.get(parent.get(id) ?? -1)].filter((x): x is number => x !== undefined);
      const chain = up.map((u) => label(byId.get(u)!.callFrame)).join(' <- ');
      callers.set(chain, (callers.get(chain) ?? 0) + weight);
    }
  }
}

function print(title: string, table: Map<string, number>, filter = match): void {
  console.log(`\n${title}`);
  const rows = [...table].filter(([name]) => !filter || filter.test(name)).sort((a, b) => b[1] - a[1]).slice(0, top);
  for (const [name, value] of rows) console.log(`${((100 * value) / total).toFixed(1).padStart(6)}%  ${(value / 1000).toFixed(0).padStart(7)} ms  ${name}`);
}

console.log(`${file}: ${(total / 1000).toFixed(0)} ms busy, ${(idle / 1000).toFixed(0)} ms idle in the window`);
print('self time by package', selfByGroup);
print('self time', self);
print('inclusive time (recursion counted once)', inclusive);
if (callersOf) print(`callers of ${callersText} (two frames up)`, callers, null);
