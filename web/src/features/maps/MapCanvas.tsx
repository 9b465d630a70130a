import { MAP_SYMBOL_GLYPHS, type MapBackground, type MapSymbolType } from '@muster/contracts';
import type Konva from 'konva';
import { useEffect, useMemo, useState } from 'react';
import { Circle, Group, Image as KonvaImage, Layer, Line, Path, Rect, Stage, Text } from 'react-konva';
import { clamp, type EditorSymbol } from './editor-model';
import { mapImageUrl } from './maps-api';

/** The background image of a map, loaded once per id (null while it loads or when it failed). */
export function useMapImage(background: MapBackground | undefined): HTMLImageElement | null {
  const id = background?.kind === 'image' ? background.imageId : null;
  const [loaded, setLoaded] = useState<{ id: string; image: HTMLImageElement } | null>(null);
  useEffect(() => {
    if (!id) return;
    const image = new window.Image();
    image.onload = () => setLoaded({ id, image });
    image.src = mapImageUrl(id);
    return () => {
      image.onload = null;
    };
  }, [id]);
  return id && loaded?.id === id ? loaded.image : null;
}

function SymbolShape({ type, side }: { type: MapSymbolType; side: number }) {
  const glyph = MAP_SYMBOL_GLYPHS[type];
  const scale = side / 100;
  return (
    <>
      {glyph.shape === 'circle' ? (
        <Circle radius={side / 2} fill={glyph.bg} />
      ) : (
        <Rect x={-side / 2} y={-side / 2} width={side} height={side} cornerRadius={side * 0.06} fill={glyph.bg} />
      )}
      {glyph.parts.map((part, i) => {
        const color = part.color === 'fg' ? glyph.fg : glyph.bg;
        return (
          <Path
            key={i}
            data={part.d}
            x={-side / 2}
            y={-side / 2}
            scaleX={scale}
            scaleY={scale}
            {...(part.stroke ? { stroke: color, strokeWidth: part.stroke } : { fill: color })}
          />
        );
      })}
    </>
  );
}

interface MapCanvasProps {
  width: number;
  height: number;
  background: MapBackground;
  symbols: readonly EditorSymbol[];
  image: HTMLImageElement | null;
  /** Pixels on screen per map unit. */
  scale: number;
  selectedId: string | null;
  editable: boolean;
  onSelect: (id: string | null) => void;
  onMove: (id: string, x: number, y: number) => void;
}

/** The map drawn with Konva: background, symbols (draggable for editors), labels, the selection. */
export function MapCanvas({ width, height, background, symbols, image, scale, selectedId, editable, onSelect, onMove }: MapCanvasProps) {
  const grid = useMemo(() => {
    if (background.kind !== 'grid') return [];
    const lines: number[][] = [];
    for (let x = 0; x <= width; x += background.gridSize) lines.push([x, 0, x, height]);
    for (let y = 0; y <= height; y += background.gridSize) lines.push([0, y, width, y]);
    return lines;
  }, [background, width, height]);
  return (
    <Stage
      width={Math.max(1, Math.round(width * scale))}
      height={Math.max(1, Math.round(height * scale))}
      scaleX={scale}
      scaleY={scale}
      onMouseDown={(e) => {
        if (e.target === e.target.getStage() || e.target.name() === 'background') onSelect(null);
      }}
    >
      <Layer listening={false}>
        <Rect name="background" width={width} height={height} fill="#ffffff" />
        {background.kind === 'image' && image && <KonvaImage image={image} width={width} height={height} />}
        {grid.map((points, i) => (
          <Line key={i} points={points} stroke="#cbd5e0" strokeWidth={1 / scale} />
        ))}
        <Rect width={width} height={height} stroke="#4a5568" strokeWidth={2 / scale} />
      </Layer>
      <Layer>
        {symbols.map((s) => (
          <Group
            key={s.id}
            x={s.x}
            y={s.y}
            draggable={editable}
            dragBoundFunc={(pos) => ({ x: clamp(pos.x, 0, width * scale), y: clamp(pos.y, 0, height * scale) })}
            onMouseDown={() => onSelect(s.id)}
            onTap={() => onSelect(s.id)}
            onDragStart={() => onSelect(s.id)}
            onDragEnd={(e: Konva.KonvaEventObject<DragEvent>) => onMove(s.id, Math.round(e.target.x()), Math.round(e.target.y()))}
          >
            <Group rotation={s.rotation}>
              <SymbolShape type={s.type} side={s.size} />
              {s.id === selectedId && (
                <Rect
                  x={-s.size / 2 - 6}
                  y={-s.size / 2 - 6}
                  width={s.size + 12}
                  height={s.size + 12}
                  stroke="#d97706"
                  strokeWidth={3 / scale}
                  dash={[8 / scale, 5 / scale]}
                />
              )}
            </Group>
            {s.label && (
              <Text
                text={s.label}
                x={-90}
                y={s.size / 2 + 4}
                width={180}
                align="center"
                fontSize={Math.max(12, 13 / scale)}
                fill="#1a202c"
                listening={false}
              />
            )}
          </Group>
        ))}
      </Layer>
    </Stage>
  );
}
