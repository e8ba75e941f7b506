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

/**
 * On a touch screen (and any narrow window) every control is at least 44 px tall, icon buttons 44 px
 * wide too (WCAG 2.5.5, Apple's and Google's guidance), whatever size prop the screen gave it. Chakra's
 * recipes live in a later cascade layer than this global CSS, so only `!important` can outweigh a
 * recipe's own min-height or min-width from here.
 */
const TOUCH = '@media (pointer: coarse), (max-width: 767px)';
const TAP = '44px !important';
const touchTargets = {
  '.chakra-button, .chakra-tabs__trigger, .chakra-segment-group__item, .chakra-toast__closeTrigger, .chakra-dialog__closeTrigger': {
    [TOUCH]: { minHeight: TAP, minWidth: TAP },
  },
  '.chakra-input, .chakra-native-select__field, .chakra-select__trigger': { [TOUCH]: { minHeight: TAP } },
  // A checkbox or switch is tapped through its label: the whole row is the target.
  '.chakra-checkbox__root, .chakra-switch__root, .chakra-radio-group__item': { [TOUCH]: { minHeight: TAP } },
};

/**
 * A visitor who asked the system for less motion (prefers-reduced-motion) gets no moving decoration:
 * dialogs and toasts appear without sliding or scaling, skeletons stop pulsing, and the result card's
 * scroll jumps. Chakra's recipes animate regardless. The spinner keeps turning, slower: it is the only
 * sign that something is still loading (WCAG 2.3.3 exempts essential motion).
 */
const REDUCED_MOTION = '@media (prefers-reduced-motion: reduce)';
const reducedMotion = {
  '*, *::before, *::after': {
    [REDUCED_MOTION]: {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      scrollBehavior: 'auto !important',
    },
  },
  '.chakra-spinner': { [REDUCED_MOTION]: { animationDuration: '1.5s !important', animationIterationCount: 'infinite !important' } },
};

/**
 * Recharts' accessibility layer makes every chart's drawing a tab stop whose arrow keys move the
 * tooltip; Chakra's `Chart.Root` takes every outline inside it away (`& * { outline: none }`, in its
 * unlayered css prop, hence `!important` here), so a keyboard user could not see that focus was on a
 * chart: my page's charts had their own ring (decision 061), the admin's analytics charts none
 * (decision 080). One ring for every chart.
 */
const chartFocusRing = {
  '.recharts-surface:focus-visible, .recharts-wrapper:focus-visible': {
    outlineStyle: 'solid !important',
    outlineWidth: '2px !important',
    outlineColor: 'blue.solid !important',
    outlineOffset: '2px !important',
    borderRadius: 'l1',
  },
};

const config = defineConfig({
  globalCss: {
    ...touchTargets,
    ...reducedMotion,
    ...chartFocusRing,
    'html, body': {
      fontFamily:
        '"Hiragino Kaku Gothic ProN", "Hiragino Sans", "Noto Sans JP", Meiryo, system-ui, -apple-system, "Segoe UI", sans-serif',
      bg: 'gray.50',
      color: 'gray.800',
    },
  },
  theme: {
    semanticTokens: {
      colors: {
        // Field error texts (12 px) on white: Chakra's red.500 is 3.8:1, under WCAG's 4.5:1; red.700 is 6.5:1.
        fg: { error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } } },
        // The primary (blue solid) buttons: on hover Chakra draws `blue.solid/90`, which over the page
        // made blue.600 4.3:1 under white text (axe, decision 056); blue.700 is 6.7:1, 5.5:1 on hover.
        blue: { solid: { value: { _light: '{colors.blue.700}', _dark: '{colors.blue.600}' } } },
        // The same for the other solid fills under white text: the appeal queue's 採用 (green.600 was
        // 3.3:1 even at rest), its pending count (orange.500, 2.8:1) and red confirmations (4.3:1 hovered).
        green: { solid: { value: { _light: '{colors.green.800}', _dark: '{colors.green.600}' } } },
        orange: { solid: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.600}' } } },
        red: { solid: { value: { _light: '{colors.red.700}', _dark: '{colors.red.600}' } } },
      },
    },
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
