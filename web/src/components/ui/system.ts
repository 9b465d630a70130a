import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

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
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
