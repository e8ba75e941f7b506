/**
 * Chakra recipes travel with the components that use them (docs/decisions/014-web-first-load.md).
 *
 * The theme (packages/ui/src/theme.ts) starts with no component recipe. This Vite plugin adds, to every
 * app module that imports Chakra components, the recipes those components render with: an import of
 * each recipe from `@chakra-ui/react/theme` and a `registerRecipe` call, which run before the module's
 * own code, so before any of its components can render. A page's chunk then carries its own recipes
 * instead of the entry carrying all of them.
 *
 * Which recipes a component needs is read from Chakra's build: the module its name is exported from and
 * the component modules that one imports, for the `key: "…"` of their recipe contexts.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const chakraEsm = path.join(path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json')), 'dist/esm');

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
function keysOfModule(entry: string, seen = new Set<string>()): Set<string> {
  const keys = new Set<string>();
  if (seen.has(entry)) return keys;
  seen.add(entry);
  const code = readFileSync(entry, 'utf8');
  for (const [, key = ''] of code.matchAll(/\bkey: "([A-Za-z]+)"/g)) keys.add(key);
  for (const [, relative = ''] of code.matchAll(/from '(\.[^']+)'/g)) {
    const next = path.join(path.dirname(entry), relative);
    if (next.includes(`${path.sep}components${path.sep}`)) for (const key of keysOfModule(next, seen)) keys.add(key);
  }
  return keys;
}

const themeIndex = path.join(chakraEsm, 'theme/index.js');
const RECIPE_EXPORT = /export \{ ((\w+?)(Slot)?Recipe) \} from '(\.\/recipes\/[\w-]+\.js)';\n?/g;

/** Chakra's default recipes by key: the export's name and its module file. */
function defaultRecipes(): Map<string, RecipeRef> {
  const recipes = new Map<string, RecipeRef>();
  for (const [, exportName = '', key = '', slot, file = ''] of readFileSync(themeIndex, 'utf8').matchAll(RECIPE_EXPORT)) {
    recipes.set(`${slot ? 'slot:' : ''}${key}`, { key, slot: Boolean(slot), exportName, file: path.join(chakraEsm, 'theme', file) });
  }
  return recipes;
}

export type RecipeRef = { key: string; slot: boolean; exportName: string; file: string };

/**
 * The recipes each Chakra export renders with (names that need none map to an empty list); a name of
 * the form `key:<recipe key>` stands for a component the app builds itself on that recipe
 * (`createRecipeContext({ key: '…' })`, see recipeContextKeys).
 */
export function createRecipeResolver(): (name: string) => RecipeRef[] {
  const exports = chakraExports();
  const defaults = defaultRecipes();
  const cache = new Map<string, RecipeRef[]>();
  return (name) => {
    if (name.startsWith('key:')) {
      const ref = defaults.get(`slot:${name.slice(4)}`) ?? defaults.get(name.slice(4));
      return ref ? [ref] : [];
    }
    let refs = cache.get(name);
    if (!refs) {
      const module = exports.get(name);
      // A key Chakra's theme has no recipe for (Text's "text") maps to nothing.
      refs = [...(module ? keysOfModule(module) : [])].flatMap((key) => {
        const ref = defaults.get(`slot:${key}`) ?? defaults.get(key);
        return ref ? [ref] : [];
      });
      cache.set(name, refs);
    }
    return refs;
  };
}

/** Value names a module imports from '@chakra-ui/react' (type-only imports left out). */
export function chakraImports(code: string): string[] {
  const names: string[] = [];
  for (const [, list = ''] of code.matchAll(/import\s+\{([^}]*)\}\s+from\s+['"]@chakra-ui\/react['"]/g)) {
    for (const part of list.split(',')) {
      const trimmed = part.trim();
      if (!trimmed || trimmed.startsWith('type ')) continue;
      names.push(trimmed.split(/\s+as\s+/)[0] ?? '');
    }
  }
  return names;
}

/**
 * Recipe keys of the components a module builds on Chakra's recipes itself (`createRecipeContext({ key:
 * 'input' })`), as `key:<key>` names for the resolver: the module then brings those recipes as well.
 */
export function recipeContextKeys(code: string): string[] {
  return [...code.matchAll(/createRecipeContext\(\{\s*key:\s*['"](\w+)['"]/g)].map((m) => `key:${m[1] ?? ''}`);
}

/** What the plugin puts at the top of a module importing `names` from Chakra: one line, ending in a space. */
export function recipePrelude(names: string[], resolve: (name: string) => RecipeRef[]): string {
  const refs = new Map(names.flatMap(resolve).map((ref) => [ref.key, ref]));
  if (refs.size === 0) return '';
  const list = [...refs.values()];
  return [
    `import { registerRecipe as __registerRecipe } from '@shunkan/ui/theme';`,
    ...list.map((ref, i) => `import { ${ref.exportName} as __recipe${i} } from ${JSON.stringify(ref.file)};`),
    ...list.map((ref, i) => `__registerRecipe(${JSON.stringify(ref.key)}, __recipe${i}, ${ref.slot});`),
    '',
  ].join(' ');
}

export function chakraRecipesPerModule(): Plugin {
  const resolve = createRecipeResolver();
  return {
    name: 'shunkan:chakra-recipes-per-module',
    enforce: 'pre',
    transform(code, id) {
      if (id === themeIndex) {
        // Chakra's theme barrel re-exports every recipe and builds its default config from all of them:
        // left as is, the entry (which imports the barrel for the tokens) would reach, and so hold, every
        // recipe any page uses. The recipes come from their own files (above), so the barrel drops them.
        const stripped = code
          .replace(RECIPE_EXPORT, '')
          .replace("import { recipes } from './recipes.js';", 'const recipes = {};')
          .replace("import { slotRecipes } from './slot-recipes.js';", 'const slotRecipes = {};');
        if (stripped.includes('./recipes') || stripped.includes('./slot-recipes')) this.error(`unexpected ${themeIndex}: update chakra-recipes.ts`);
        return { code: stripped, map: null };
      }
      if (id.includes('/node_modules/') || !/\.[cm]?[jt]sx?$/.test(id.split('?')[0] ?? '')) return null;
      if (!code.includes('@chakra-ui/react')) return null;
      const prelude = recipePrelude([...chakraImports(code), ...recipeContextKeys(code)], resolve);
      // On the module's first line, so no line moves: `map: null` keeps the existing source map.
      return prelude ? { code: prelude + code, map: null } : null;
    },
  };
}
