import { createSystem, defaultBaseConfig, defineConfig, type RecipeDefinition, type SlotRecipeConfig } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  layerStyles,
  semanticTokens,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

// Chakra's default theme (tokens, semantic tokens, text and layer styles, global CSS) without its ~75
// component recipes, a quarter of the first load. Each recipe comes with the app modules that render
// its component: apps/web/build/chakra-recipes.ts adds a `registerRecipe` call for it at their top.
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: { breakpoints, keyframes, tokens, semanticTokens, textStyles, layerStyles, animationStyles, recipes: {}, slotRecipes: {} },
});

const config = defineConfig({
  globalCss: {
    'html, body': {
      fontFamily:
        '"Hiragino Kaku Gothic ProN", "Hiragino Sans", "Noto Sans JP", Meiryo, system-ui, -apple-system, "Segoe UI", sans-serif',
      bg: 'gray.50',
      color: 'gray.800',
    },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: '"Hiragino Kaku Gothic ProN", "Hiragino Sans", "Noto Sans JP", Meiryo, system-ui, sans-serif' },
        body: { value: '"Hiragino Kaku Gothic ProN", "Hiragino Sans", "Noto Sans JP", Meiryo, system-ui, sans-serif' },
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, chakraTheme, config);

/**
 * Adds a component recipe to the system. The system reads `theme.recipes` / `theme.slotRecipes` each
 * time a component asks for a recipe it has not used yet, so one added before the component first
 * renders is the one it gets (the plugin's calls run before the importing module's own code).
 */
export function registerRecipe(key: string, recipe: RecipeDefinition | SlotRecipeConfig, slot: boolean): void {
  const theme = (system._config.theme ??= {});
  const recipes = (slot ? (theme.slotRecipes ??= {}) : (theme.recipes ??= {})) as Record<string, unknown>;
  recipes[key] ??= recipe;
}
