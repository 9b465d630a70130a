import { MAP_SYMBOL_GLYPHS, type MapSymbolType } from '@muster/contracts';

/** A symbol drawn as SVG (palette, symbol list, legend): the same drawing as on the canvas and the posters. */
export function SymbolIcon({ type, size = 24 }: { type: MapSymbolType; size?: number }) {
  const glyph = MAP_SYMBOL_GLYPHS[type];
  return (
    <svg width={size} height={size} viewBox="0 0 100 100" aria-hidden="true" focusable="false" style={{ flexShrink: 0 }}>
      {glyph.shape === 'circle' ? (
        <circle cx="50" cy="50" r="50" fill={glyph.bg} />
      ) : (
        <rect width="100" height="100" rx="6" fill={glyph.bg} />
      )}
      {glyph.parts.map((part, i) => {
        const color = part.color === 'fg' ? glyph.fg : glyph.bg;
        return part.stroke ? (
          <path key={i} d={part.d} fill="none" stroke={color} strokeWidth={part.stroke} />
        ) : (
          <path key={i} d={part.d} fill={color} />
        );
      })}
    </svg>
  );
}
