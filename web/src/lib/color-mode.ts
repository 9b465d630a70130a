import { STORAGE_KEYS } from '@muster/contracts';

export type ColorModeChoice = 'light' | 'dark' | 'system';

export function storedColorMode(): ColorModeChoice {
  try {
    const value = localStorage.getItem(STORAGE_KEYS.colorMode);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

function prefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

/** Applies a colour mode to the page: Chakra reads the `dark` class on <html>. */
export function applyColorMode(choice: ColorModeChoice = storedColorMode()): void {
  const dark = choice === 'dark' || (choice === 'system' && prefersDark());
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.classList.toggle('light', !dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}

export function setColorMode(choice: ColorModeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(STORAGE_KEYS.colorMode);
    else localStorage.setItem(STORAGE_KEYS.colorMode, choice);
  } catch {
    // Storage unavailable: the choice lasts for this page only.
  }
  applyColorMode(choice);
}
