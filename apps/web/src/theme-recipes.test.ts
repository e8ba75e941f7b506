/**
 * The theme has no component recipe of its own: build/chakra-recipes.ts adds, to each module importing
 * Chakra components, the recipes they render with (docs/decisions/014-web-first-load.md). A component
 * whose recipe never arrives renders unstyled without any error, so these tests check what the plugin
 * relies on: every module names its Chakra components in a plain import, and each recipe it resolves is
 * Chakra's own default one for that key.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { defaultSystem } from '@chakra-ui/react';
import { registerRecipe, system } from '@shunkan/ui/theme';
import { describe, expect, it } from 'vitest';
import { chakraImports, createRecipeResolver, recipeContextKeys, recipePrelude } from '../build/chakra-recipes';

const here = path.dirname(fileURLToPath(import.meta.url));
const sourceDirs = [here, path.resolve(here, '../../../packages/ui/src')];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const sources = sourceDirs.flatMap(sourceFiles).map((file) => ({ file, code: readFileSync(file, 'utf8') }));
const resolve = createRecipeResolver();

describe('Chakra recipes per module', () => {
  it('finds each component import in the form the plugin reads', () => {
    for (const { file, code } of sources) {
      // Only `import { … } from '@chakra-ui/react'` (and the theme's own subpath) is read by the plugin.
      const specifiers = [...code.matchAll(/from\s+['"](@chakra-ui\/react[^'"]*)['"]/g)].map((m) => m[1]);
      for (const specifier of specifiers) expect(['@chakra-ui/react', '@chakra-ui/react/theme'], file).toContain(specifier);
      expect(code, file).not.toMatch(/import\s+\*\s+as\s+\w+\s+from\s+['"]@chakra-ui\/react['"]/);
      const imports = (code.match(/from\s+['"]@chakra-ui\/react['"]/g) ?? []).length;
      const read = (code.match(/import\s+(type\s+)?\{[^}]*\}\s+from\s+['"]@chakra-ui\/react['"]/g) ?? []).length;
      expect(read, file).toBe(imports);
    }
  });

  it("resolves each component the app imports to Chakra's default recipes, composite ones included", async () => {
    const names = new Set(sources.flatMap(({ code }) => chakraImports(code)));
    expect(names).toContain('Button');
    const keysOf = (name: string) => resolve(name).map((ref) => `${ref.slot ? 'slot:' : ''}${ref.key}`);
    expect(keysOf('Button')).toEqual(expect.arrayContaining(['button', 'spinner']));
    expect(keysOf('Checkbox')).toEqual(expect.arrayContaining(['slot:checkbox', 'checkmark']));
    expect(keysOf('NativeSelect')).toContain('slot:nativeSelect');
    expect(keysOf('Box')).toEqual([]);
    for (const name of names) {
      for (const ref of resolve(name)) {
        const recipe = ((await import(pathToFileURL(ref.file).href)) as Record<string, unknown>)[ref.exportName];
        expect(recipe, `${name}: ${ref.exportName}`).toEqual(ref.slot ? defaultSystem.getSlotRecipe(ref.key) : defaultSystem.getRecipe(ref.key));
      }
    }
  });

  it('puts one registration per recipe at the top of a module, on its first line', () => {
    const prelude = recipePrelude(['Button', 'IconButton', 'Card', 'Stack'], resolve);
    expect(prelude).not.toContain('\n');
    expect(prelude.match(/__registerRecipe\("button"/g)).toHaveLength(1);
    expect(prelude).toContain('__registerRecipe("card", __recipe');
    expect(recipePrelude(['Box', 'Stack'], resolve)).toBe('');
  });

  it("brings the recipe of a component a module builds on Chakra's recipe context itself", () => {
    const code = "const { withContext } = createRecipeContext({ key: 'input' });";
    expect(recipeContextKeys(code)).toEqual(['key:input']);
    expect(recipePrelude(recipeContextKeys(code), resolve)).toContain('__registerRecipe("input", __recipe0, false)');
    // The app's own modules that do so name a key Chakra has a default recipe for.
    for (const { file, code: source } of sources) {
      for (const key of recipeContextKeys(source)) expect(resolve(key), `${file}: ${key}`).toHaveLength(1);
    }
  });

  it('gives the system a recipe once it is registered, the first one registered staying', () => {
    const recipe = defaultSystem.getSlotRecipe('timeline');
    expect(system.isSlotRecipe('timeline')).toBe(false);
    registerRecipe('timeline', recipe, true);
    registerRecipe('timeline', { slots: [] }, true);
    expect(system.getSlotRecipe('timeline')).toBe(recipe);
    expect(system.token('colors.blue.600')).toBe(defaultSystem.token('colors.blue.600'));
  });
});
