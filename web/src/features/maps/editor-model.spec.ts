import { mapContentSchema } from '@muster/contracts';
import { blankMap, keyAction, moved, newSymbolId, sizeForImage, symbolAtCentre, turned } from './editor-model';

describe('the map editor model', () => {
  const map = { width: 1200, height: 800 };

  it('places a new symbol at the centre with an id of its own, stepping aside from symbols already there', () => {
    const first = symbolAtCentre('first-aid', map, []);
    expect(first).toMatchObject({ id: 'aid-1', x: 600, y: 400, rotation: 0, size: 50, label: '' });
    const second = symbolAtCentre('first-aid', map, [first]);
    expect(second).toMatchObject({ id: 'aid-2', x: 612, y: 412 });
    expect(newSymbolId('fire-alarm', [{ id: 'alarm-1' }, { id: 'alarm-3' }])).toBe('alarm-2');
  });

  it('moves with the arrow keys (Shift: bigger steps), never off the map; turns with R and Shift+R; deletes', () => {
    const s = symbolAtCentre('emergency-exit', map, []);
    expect(keyAction({ key: 'ArrowRight', shiftKey: false })).toEqual({ kind: 'move', dx: 5, dy: 0 });
    expect(keyAction({ key: 'ArrowUp', shiftKey: true })).toEqual({ kind: 'move', dx: 0, dy: -25 });
    expect(keyAction({ key: 'R', shiftKey: true })).toEqual({ kind: 'turn', degrees: -15 });
    expect(keyAction({ key: 'Delete', shiftKey: false })).toEqual({ kind: 'remove' });
    expect(keyAction({ key: 'a', shiftKey: false })).toBeNull();
    expect(moved(s, 5, -25, map)).toMatchObject({ x: 605, y: 375 });
    expect(moved({ ...s, x: 1195 }, 25, 0, map).x).toBe(1200);
    expect(moved({ ...s, y: 3 }, 0, -25, map).y).toBe(0);
    expect(turned(s, -15).rotation).toBe(345);
    expect(turned({ ...s, rotation: 345 }, 15).rotation).toBe(0);
  });

  it('builds maps the contracts accept, and fits large images into the allowed size', () => {
    const content = blankMap('Quay');
    content.symbols.push(symbolAtCentre('you-are-here', content, []));
    expect(mapContentSchema.safeParse(content).success).toBe(true);
    expect(sizeForImage({ width: 12000, height: 3000 })).toEqual({ width: 6000, height: 1500 });
    expect(sizeForImage({ width: 100, height: 50 })).toEqual({ width: 400, height: 200 });
  });
});
