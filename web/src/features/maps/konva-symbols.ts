import { MAP_SYMBOL_GLYPHS, type MapSymbolType } from '@muster/contracts';
import Konva from 'konva';

/**
 * A symbol as a Konva group centred on its origin, `side` units wide: the sign's square (or the
 * marker's circle) and its pictogram. The editor's canvas and the PNG poster both draw with it.
 */
export function symbolGroup(type: MapSymbolType, side: number): Konva.Group {
  const glyph = MAP_SYMBOL_GLYPHS[type];
  const group = new Konva.Group();
  group.add(
    glyph.shape === 'circle'
      ? new Konva.Circle({ radius: side / 2, fill: glyph.bg })
      : new Konva.Rect({ x: -side / 2, y: -side / 2, width: side, height: side, cornerRadius: side * 0.06, fill: glyph.bg }),
  );
  const scale = side / 100;
  for (const part of glyph.parts) {
    const color = part.color === 'fg' ? glyph.fg : glyph.bg;
    group.add(
      new Konva.Path({
        data: part.d,
        x: -side / 2,
        y: -side / 2,
        scaleX: scale,
        scaleY: scale,
        ...(part.stroke ? { stroke: color, strokeWidth: part.stroke } : { fill: color }),
      }),
    );
  }
  return group;
}
