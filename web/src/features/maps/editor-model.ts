import { MAP_LIMITS, type MapContentInput, type MapSymbolType } from '@muster/contracts';

/** A symbol as the editor holds it (the contracts' input, every field filled). */
export interface EditorSymbol {
  id: string;
  type: MapSymbolType;
  x: number;
  y: number;
  rotation: number;
  size: number;
  label: string;
}

/** Keyboard steps: arrows move by STEP (Shift: BIG_STEP) map units; R turns by TURN degrees. */
export const STEP = 5;
export const BIG_STEP = 25;
export const TURN = 15;

/** Default sizes: exits and muster points a little larger than equipment. */
const SIZES: Record<MapSymbolType, number> = {
  'emergency-exit': 60,
  'escape-route': 50,
  'assembly-point': 70,
  'first-aid': 50,
  'fire-extinguisher': 45,
  'fire-alarm': 45,
  'you-are-here': 50,
};

const STEMS: Record<MapSymbolType, string> = {
  'emergency-exit': 'exit',
  'escape-route': 'route',
  'assembly-point': 'muster',
  'first-aid': 'aid',
  'fire-extinguisher': 'extinguisher',
  'fire-alarm': 'alarm',
  'you-are-here': 'here',
};

/** A symbol id not used on the map yet (`exit-3`). */
export function newSymbolId(type: MapSymbolType, taken: readonly { id: string }[]): string {
  const stem = STEMS[type];
  const used = new Set(taken.map((s) => s.id));
  for (let n = 1; ; n++) if (!used.has(`${stem}-${n}`)) return `${stem}-${n}`;
}

/** A new symbol at the map's centre (shifted a little for each symbol already there, so they do not hide each other). */
export function symbolAtCentre(type: MapSymbolType, map: { width: number; height: number }, taken: readonly EditorSymbol[]): EditorSymbol {
  const stacked = taken.filter((s) => Math.abs(s.x - map.width / 2) < 60 && Math.abs(s.y - map.height / 2) < 60).length;
  const offset = Math.min(stacked * 12, 48);
  return {
    id: newSymbolId(type, taken),
    type,
    x: clamp(Math.round(map.width / 2 + offset), 0, map.width),
    y: clamp(Math.round(map.height / 2 + offset), 0, map.height),
    rotation: 0,
    size: SIZES[type],
    label: '',
  };
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Moved by (dx, dy), kept on the map. */
export function moved(symbol: EditorSymbol, dx: number, dy: number, map: { width: number; height: number }): EditorSymbol {
  return { ...symbol, x: clamp(Math.round(symbol.x + dx), 0, map.width), y: clamp(Math.round(symbol.y + dy), 0, map.height) };
}

/** Turned by `degrees` (either way), kept in 0 ≤ r < 360. */
export function turned(symbol: EditorSymbol, degrees: number): EditorSymbol {
  return { ...symbol, rotation: (((symbol.rotation + degrees) % 360) + 360) % 360 };
}

export type KeyAction = { kind: 'move'; dx: number; dy: number } | { kind: 'turn'; degrees: number } | { kind: 'remove' } | null;

/**
 * What a key does to the focused symbol: arrows move it (Shift: bigger steps), R turns it
 * clockwise (Shift+R back), Delete or Backspace removes it. Right to left pages keep the arrows'
 * directions on the map (the map is not mirrored).
 */
export function keyAction(event: { key: string; shiftKey: boolean }): KeyAction {
  const step = event.shiftKey ? BIG_STEP : STEP;
  switch (event.key) {
    case 'ArrowLeft':
      return { kind: 'move', dx: -step, dy: 0 };
    case 'ArrowRight':
      return { kind: 'move', dx: step, dy: 0 };
    case 'ArrowUp':
      return { kind: 'move', dx: 0, dy: -step };
    case 'ArrowDown':
      return { kind: 'move', dx: 0, dy: step };
    case 'r':
    case 'R':
      return { kind: 'turn', degrees: event.shiftKey ? -TURN : TURN };
    case 'Delete':
    case 'Backspace':
      return { kind: 'remove' };
    default:
      return null;
  }
}

/** A new map: a blank grid of 1200 × 800. */
export function blankMap(name: string): MapContentInput & { symbols: EditorSymbol[] } {
  return { name, width: 1200, height: 800, background: { kind: 'grid', gridSize: 40 }, symbols: [], validUntil: null, reviewedBy: '' };
}

/** The map size for a background image: its pixels, scaled down into the allowed sides. */
export function sizeForImage(image: { width: number; height: number }): { width: number; height: number } {
  const scale = Math.min(1, MAP_LIMITS.sideMax / Math.max(image.width, image.height));
  const up = Math.max(1, MAP_LIMITS.sideMin / Math.min(image.width * scale, image.height * scale));
  return {
    width: clamp(Math.round(image.width * scale * up), MAP_LIMITS.sideMin, MAP_LIMITS.sideMax),
    height: clamp(Math.round(image.height * scale * up), MAP_LIMITS.sideMin, MAP_LIMITS.sideMax),
  };
}
