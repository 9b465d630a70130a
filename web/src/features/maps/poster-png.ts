import { legendTypes, type MapBackground, type MapSymbolType } from '@muster/contracts';
import Konva from 'konva';
import type { EditorSymbol } from './editor-model';
import { symbolGroup } from './konva-symbols';

export interface PosterTexts {
  title: string;
  subtitle: string;
  legend: string;
  youAreHere: string;
  symbolName: (type: MapSymbolType) => string;
  footer: string;
}

export interface PosterMap {
  width: number;
  height: number;
  background: MapBackground;
  symbols: readonly EditorSymbol[];
}

const FONT = 'system-ui, "Noto Sans", "Noto Sans Arabic", "Noto Sans SC", sans-serif';
const POSTER_WIDTH = 1600;
const MARGIN = 48;

/**
 * One poster as a PNG, drawn with Konva off screen: the title, where it hangs, the map with this
 * posting location's "you are here" only (`hereId`; none for the general plan), the legend of the
 * symbols used (right to left in Arabic) and the validity line.
 */
export async function posterPng(
  map: PosterMap,
  image: HTMLImageElement | null,
  hereId: string | null,
  texts: PosterTexts,
  rtl: boolean,
): Promise<Blob> {
  const inner = POSTER_WIDTH - 2 * MARGIN;
  const scale = Math.min(inner / map.width, 1000 / map.height);
  const mapW = map.width * scale;
  const mapH = map.height * scale;
  const types = legendTypes({ symbols: [...map.symbols] });
  const columns = 4;
  const legendRows = Math.max(1, Math.ceil(types.length / columns));
  const top = MARGIN;
  const mapTop = top + 100;
  const legendTop = mapTop + mapH + 28;
  const height = legendTop + 44 + legendRows * 52 + 60;
  const container = document.createElement('div');
  const stage = new Konva.Stage({ container, width: POSTER_WIDTH, height });
  try {
    const layer = new Konva.Layer();
    stage.add(layer);
    layer.add(new Konva.Rect({ width: POSTER_WIDTH, height, fill: '#ffffff' }));
    const align = rtl ? 'right' : 'left';
    layer.add(
      new Konva.Text({
        x: MARGIN,
        y: top,
        width: inner,
        text: texts.title,
        fontSize: 40,
        fontStyle: 'bold',
        fontFamily: FONT,
        fill: '#1a202c',
        align,
      }),
    );
    layer.add(
      new Konva.Text({
        x: MARGIN,
        y: top + 54,
        width: inner,
        text: texts.subtitle,
        fontSize: 24,
        fontFamily: FONT,
        fill: '#4a5568',
        align,
      }),
    );

    const mapGroup = new Konva.Group({ x: MARGIN + (inner - mapW) / 2, y: mapTop, scaleX: scale, scaleY: scale });
    layer.add(mapGroup);
    mapGroup.add(new Konva.Rect({ width: map.width, height: map.height, fill: '#ffffff' }));
    if (map.background.kind === 'image' && image) mapGroup.add(new Konva.Image({ image, width: map.width, height: map.height }));
    if (map.background.kind === 'grid') {
      for (let x = 0; x <= map.width; x += map.background.gridSize)
        mapGroup.add(new Konva.Line({ points: [x, 0, x, map.height], stroke: '#cbd5e0', strokeWidth: 1 / scale }));
      for (let y = 0; y <= map.height; y += map.background.gridSize)
        mapGroup.add(new Konva.Line({ points: [0, y, map.width, y], stroke: '#cbd5e0', strokeWidth: 1 / scale }));
    }
    mapGroup.add(new Konva.Rect({ width: map.width, height: map.height, stroke: '#4a5568', strokeWidth: 2 / scale }));
    for (const s of map.symbols) {
      if (s.type === 'you-are-here' && s.id !== hereId) continue;
      const group = symbolGroup(s.type, s.size);
      group.position({ x: s.x, y: s.y });
      group.rotation(s.rotation);
      mapGroup.add(group);
      const label = s.type === 'you-are-here' ? texts.youAreHere : s.label;
      if (label) {
        mapGroup.add(
          new Konva.Text({
            x: s.x - 120 / scale,
            y: s.y + s.size / 2 + 4,
            width: 240 / scale,
            align: 'center',
            text: label,
            fontSize: 16 / scale,
            fontStyle: s.type === 'you-are-here' ? 'bold' : 'normal',
            fontFamily: FONT,
            fill: '#1a202c',
          }),
        );
      }
    }

    layer.add(
      new Konva.Text({
        x: MARGIN,
        y: legendTop,
        width: inner,
        text: texts.legend,
        fontSize: 26,
        fontStyle: 'bold',
        fontFamily: FONT,
        fill: '#1e3a8a',
        align,
      }),
    );
    const colWidth = inner / columns;
    const icon = 36;
    types.forEach((type, i) => {
      const col = i % columns;
      const row = Math.floor(i / columns);
      const y = legendTop + 44 + row * 52;
      const cellX = rtl ? MARGIN + inner - (col + 1) * colWidth : MARGIN + col * colWidth;
      const group = symbolGroup(type, icon);
      group.position({ x: rtl ? cellX + colWidth - icon / 2 : cellX + icon / 2, y: y + icon / 2 });
      layer.add(group);
      layer.add(
        new Konva.Text({
          x: rtl ? cellX : cellX + icon + 12,
          y: y + 8,
          width: colWidth - icon - 16,
          text: texts.symbolName(type),
          fontSize: 20,
          fontFamily: FONT,
          fill: '#1a202c',
          align,
        }),
      );
    });
    layer.add(
      new Konva.Text({
        x: MARGIN,
        y: height - MARGIN - 10,
        width: inner,
        text: texts.footer,
        fontSize: 20,
        fontFamily: FONT,
        fill: '#4a5568',
        align,
      }),
    );
    layer.draw();
    return await stage.toBlob({ pixelRatio: 1, mimeType: 'image/png' });
  } finally {
    stage.destroy();
  }
}

/** Saves a blob as a file the browser downloads. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
