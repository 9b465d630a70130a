import { applyColorMode, setColorMode, storedColorMode } from '../../lib/color-mode';
import { parseAutoLock } from './auto-lock';

describe('parseAutoLock', () => {
  it('reads empty as "never lock" and whole minutes from 1 to 1440', () => {
    expect(parseAutoLock('')).toEqual({ ok: true, minutes: null });
    expect(parseAutoLock(' 15 ')).toEqual({ ok: true, minutes: 15 });
    expect(parseAutoLock('1440')).toEqual({ ok: true, minutes: 1440 });
  });
  it('refuses zero, too many, fractions and text', () => {
    for (const bad of ['0', '1441', '2.5', '-3', 'ten']) expect(parseAutoLock(bad)).toEqual({ ok: false });
  });
});

describe('colour mode', () => {
  it('stores the choice and sets the dark class Chakra reads', () => {
    setColorMode('dark');
    expect(storedColorMode()).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    setColorMode('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    setColorMode('system');
    expect(storedColorMode()).toBe('system');
    applyColorMode();
    expect(document.documentElement.style.colorScheme).toMatch(/light|dark/);
  });
});
