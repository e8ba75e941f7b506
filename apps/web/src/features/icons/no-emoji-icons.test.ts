import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 11: icons are SVG (lucide-react); no emoji or symbol character stands in for one, since a
// device without an emoji font draws an empty box. Comments may use arrows; code and texts may not.
const ICON_LIKE = /[\p{Extended_Pictographic}\u2190-\u21FF\u2605\u2606\u2713\u2714\u2716\u2717]/u;

const here = fileURLToPath(new URL('.', import.meta.url));
const webSrc = join(here, '..', '..');
const packages = join(webSrc, '..', '..', '..', 'packages');
const roots = [webSrc, join(packages, 'ui', 'src'), join(packages, 'config', 'src')];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
}

describe('icons', () => {
  it('no emoji or symbol character is used as an icon in the web app, its UI package or its texts', () => {
    const files = roots.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) =>
      withoutComments(readFileSync(file, 'utf8'))
        .split('\n')
        .filter((line) => ICON_LIKE.test(line))
        .map((line) => `${relative(webSrc, file)}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});
