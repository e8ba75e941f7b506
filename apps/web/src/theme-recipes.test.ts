/**
 * The theme (packages/ui/src/theme.ts) carries only the Chakra recipes the app renders, to keep them out
 * of the first load (docs/decisions/014-web-first-load.md). A component whose recipe is left out renders
 * unstyled without any error, so this test reads every Chakra component the app imports, follows the
 * component's modules inside Chakra to the recipe keys they use, and checks the system has each one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultSystem } from '@chakra-ui/react';
import { system } from '@shunkan/ui/theme';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const sourceDirs = [here, path.resolve(here, '../../../packages/ui/src')];
const chakraEsm = path.join(path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json')), 'dist/esm');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Names imported (as values or types) from '@chakra-ui/react' anywhere in the app's sources. */
function importedNames(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceDirs.flatMap(sourceFiles)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'@chakra-ui\/react'/g)) {
      for (const part of (match[1] ?? '').split(',')) {
        const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0];
        if (name) names.add(name);
      }
    }
  }
  return names;
}

/** Chakra's barrel: export name -> module file (direct re-exports and `export * as` namespaces). */
function chakraExports(): Map<string, string> {
  const index = readFileSync(path.join(chakraEsm, 'index.js'), 'utf8');
  const namespaces = new Map([...index.matchAll(/import \* as (\S+) from '(\.[^']+)'/g)].map((m) => [m[1] ?? '', m[2] ?? '']));
  const exports = new Map<string, string>();
  for (const [, list = '', from] of index.matchAll(/export \{([^}]*)\}(?: from '([^']+)')?/g)) {
    for (const part of list.split(',')) {
      const [local = '', exported = local] = part.trim().split(/\s+as\s+/);
      const module = from ?? namespaces.get(local);
      if (module?.startsWith('.')) exports.set(exported, path.join(chakraEsm, module));
    }
  }
  return exports;
}

/** Recipe keys used by a Chakra module and the component modules it imports. */
function recipeKeys(entry: string, seen = new Set<string>()): Set<string> {
  const keys = new Set<string>();
  if (seen.has(entry)) return keys;
  seen.add(entry);
  const code = readFileSync(entry, 'utf8');
  for (const [, key = ''] of code.matchAll(/\bkey: "([A-Za-z]+)"/g)) keys.add(key);
  for (const [, relative = ''] of code.matchAll(/from '(\.[^']+)'/g)) {
    const next = path.join(path.dirname(entry), relative);
    if (next.includes(`${path.sep}components${path.sep}`)) for (const key of recipeKeys(next, seen)) keys.add(key);
  }
  return keys;
}

describe('Chakra theme', () => {
  it('has the recipe of every Chakra component the app imports', () => {
    const exports = chakraExports();
    const names = [...importedNames()];
    expect(names).toContain('Button');
    const missing: string[] = [];
    for (const name of names) {
      const module = exports.get(name);
      if (!module) continue; // a hook, a type or a helper, not a component module
      for (const key of recipeKeys(module)) {
        const inDefault = defaultSystem.isRecipe(key) || defaultSystem.isSlotRecipe(key);
        const inOurs = system.isRecipe(key) || system.isSlotRecipe(key);
        if (inDefault && !inOurs) missing.push(`${name} needs the "${key}" recipe`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('keeps Chakra default styling for the components it carries', () => {
    expect(system.getRecipe('button')).toEqual(defaultSystem.getRecipe('button'));
    expect(system.getSlotRecipe('card')).toEqual(defaultSystem.getSlotRecipe('card'));
    expect(system.token('colors.blue.600')).toBe(defaultSystem.token('colors.blue.600'));
  });
});
