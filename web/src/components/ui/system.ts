import { createSystem, defaultBaseConfig, defineConfig, type SystemConfig } from '@chakra-ui/react';
import { alertSlotRecipe } from '@chakra-theme/recipes/alert';
import { badgeRecipe } from '@chakra-theme/recipes/badge';
import { buttonRecipe } from '@chakra-theme/recipes/button';
import { cardSlotRecipe } from '@chakra-theme/recipes/card';
import { containerRecipe } from '@chakra-theme/recipes/container';
import { headingRecipe } from '@chakra-theme/recipes/heading';
import { iconRecipe } from '@chakra-theme/recipes/icon';
import { linkRecipe } from '@chakra-theme/recipes/link';
import { listSlotRecipe } from '@chakra-theme/recipes/list';
import { nativeSelectSlotRecipe } from '@chakra-theme/recipes/native-select';
import { skeletonRecipe } from '@chakra-theme/recipes/skeleton';
import { spinnerRecipe } from '@chakra-theme/recipes/spinner';
import { toastSlotRecipe } from '@chakra-theme/recipes/toast';
import { themeWithoutRecipes } from './chakra-theme';

/** Muster's design tokens over Chakra's defaults: harbour navy and signal amber. */
const config = defineConfig({
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#e8f1f8' },
          100: { value: '#c5dcec' },
          200: { value: '#9ec4de' },
          300: { value: '#6fa6cc' },
          400: { value: '#3f86b8' },
          500: { value: '#1d6a9f' },
          600: { value: '#155582' },
          700: { value: '#0f4466' },
          800: { value: '#0b3a5b' },
          900: { value: '#072438' },
        },
        signal: { 400: { value: '#f2b134' }, 500: { value: '#d99614' } },
      },
      fonts: {
        heading: { value: "'Inter', 'Segoe UI', 'Noto Sans', 'Noto Sans Arabic', 'Noto Sans CJK SC', system-ui, sans-serif" },
        body: { value: "'Inter', 'Segoe UI', 'Noto Sans', 'Noto Sans Arabic', 'Noto Sans CJK SC', system-ui, sans-serif" },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.700}' },
          contrast: { value: 'white' },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.200}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.800}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.900}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.700}' } },
          focusRing: { value: '{colors.brand.500}' },
        },
        // Chakra's red.500 error text is below the 4.5:1 contrast small text needs on white.
        fg: { error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } } },
      },
    },
  },
});

/**
 * Chakra's default theme with only the component recipes the public site's shell needs up
 * front. This is `defaultConfig` (preset-base + the default theme) taken apart, so the public
 * pages do not download the styles of every component the app uses (about 20 KB gzip):
 * a page that needs more adds its recipes when its module loads (`addRecipes`), and the
 * signed-in areas add all of them (`all-recipes.ts`) before they render.
 */
const shellRecipes = defineConfig({
  theme: {
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      link: linkRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      list: listSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

export const system = createSystem(defaultBaseConfig, themeWithoutRecipes, shellRecipes, config);

type Theme = NonNullable<SystemConfig['theme']>;

/**
 * Makes more component recipes available. The system reads recipes when a component first
 * renders, so a module calls this at load time, before its components render.
 */
export function addRecipes(more: { recipes?: Theme['recipes']; slotRecipes?: Theme['slotRecipes'] }): void {
  const theme = system._config.theme;
  if (!theme) return;
  Object.assign((theme.recipes ??= {}), more.recipes);
  Object.assign((theme.slotRecipes ??= {}), more.slotRecipes);
}

/** Names of the recipes in Chakra's default theme (a unit test keeps them equal to the theme's). */
export const CHAKRA_RECIPES: readonly string[] = [
  'badge',
  'button',
  'code',
  'container',
  'heading',
  'input',
  'inputAddon',
  'kbd',
  'link',
  'mark',
  'separator',
  'skeleton',
  'skipNavLink',
  'spinner',
  'textarea',
  'icon',
  'checkmark',
  'radiomark',
  'colorSwatch',
];
export const CHAKRA_SLOT_RECIPES: readonly string[] = [
  'accordion',
  'actionBar',
  'alert',
  'avatar',
  'blockquote',
  'breadcrumb',
  'card',
  'carousel',
  'checkbox',
  'checkboxCard',
  'codeBlock',
  'collapsible',
  'dataList',
  'dateInput',
  'datePicker',
  'dialog',
  'drawer',
  'editable',
  'emptyState',
  'field',
  'fieldset',
  'fileUpload',
  'hoverCard',
  'list',
  'listbox',
  'menu',
  'nativeSelect',
  'numberInput',
  'pinInput',
  'popover',
  'progress',
  'progressCircle',
  'radioCard',
  'radioGroup',
  'ratingGroup',
  'scrollArea',
  'segmentGroup',
  'select',
  'combobox',
  'slider',
  'splitter',
  'stat',
  'steps',
  'switch',
  'table',
  'tabs',
  'tag',
  'tagsInput',
  'toast',
  'tooltip',
  'status',
  'timeline',
  'colorPicker',
  'qrCode',
  'treeView',
  'marquee',
  'floatingPanel',
];

/*
 * A component whose recipe has not been added would render unstyled, and the system would keep
 * that empty recipe for good. Say so loudly instead, and keep nothing, so the component is
 * styled once its recipe arrives. (Some components, such as Text, ask for a recipe Chakra's
 * theme does not have; they get the empty one, as with Chakra's own default system.)
 */
// Chakra types these two as returning `any`; the wrappers say what they return.
type RecipeFn = ReturnType<typeof system.cva>;
type SlotRecipeFn = ReturnType<typeof system.sva>;
const loadedRecipeFn = system.getRecipeFn.bind(system) as (key: string, fallback?: unknown) => RecipeFn;
const loadedSlotRecipeFn = system.getSlotRecipeFn.bind(system) as (key: string, fallback?: unknown) => SlotRecipeFn;
system.getRecipeFn = (key: string, fallback?: unknown): RecipeFn => {
  if (!fallback && !system.isRecipe(key) && CHAKRA_RECIPES.includes(key)) {
    console.error(`[muster] Chakra recipe "${key}" is not loaded yet: add it with addRecipes() before rendering`);
    return system.cva({});
  }
  return loadedRecipeFn(key, fallback);
};
system.getSlotRecipeFn = (key: string, fallback?: unknown): SlotRecipeFn => {
  if (!fallback && !system.isSlotRecipe(key) && CHAKRA_SLOT_RECIPES.includes(key)) {
    console.error(`[muster] Chakra slot recipe "${key}" is not loaded yet: add it with addRecipes() before rendering`);
    return system.sva({ slots: [] });
  }
  return loadedSlotRecipeFn(key, fallback);
};
