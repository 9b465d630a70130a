import { z } from 'zod';
import { defineEndpoint } from './http.js';
import { reason } from './reasons.js';

/**
 * Emergency maps (issue 19): a floor plan or site image (or a blank grid) with ISO 7010-style
 * symbols placed, rotated and labelled on it. Every save is a new immutable version. Each "you are
 * here" symbol is a posting location, exported as its own poster; assembly points with a name are
 * the muster points the drill console offers as check-in points.
 */

/**
 * The symbols: E-signs (safe condition, green squares), F-signs (fire equipment, red squares) and
 * the "you are here" marker of a posting location (a blue circle; ISO 7010 has no such sign).
 */
export const MAP_SYMBOL_TYPES = [
  'emergency-exit',
  'escape-route',
  'assembly-point',
  'first-aid',
  'fire-extinguisher',
  'fire-alarm',
  'you-are-here',
] as const;
export type MapSymbolType = (typeof MAP_SYMBOL_TYPES)[number];

export type MapSymbolFamily = 'safe-condition' | 'fire' | 'marker';

/** One part of a pictogram, in a 100 × 100 box: filled, or stroked at a width, in the sign's foreground or background colour. */
export interface GlyphPart {
  d: string;
  color: 'fg' | 'bg';
  stroke?: number;
}

export interface MapSymbolGlyph {
  family: MapSymbolFamily;
  /** ISO 7010 reference the drawing follows (none for the marker). */
  iso: string | null;
  /** Background (the sign's square or circle) and foreground (the white pictogram). */
  bg: string;
  fg: string;
  shape: 'square' | 'circle';
  parts: readonly GlyphPart[];
}

/** ISO 7010 safety green and safety red (RAL 6032, RAL 3001 in sRGB), and a marker blue. */
export const MAP_COLORS = { safe: '#00824a', fire: '#c8102e', marker: '#1d4ed8', white: '#ffffff' } as const;

const circle = (cx: number, cy: number, r: number) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;

/** The drawings, shared by the editor (Konva paths), the PNG export and the PDF posters (pdfkit paths). */
export const MAP_SYMBOL_GLYPHS: Record<MapSymbolType, MapSymbolGlyph> = {
  'emergency-exit': {
    family: 'safe-condition',
    iso: 'E001',
    bg: MAP_COLORS.safe,
    fg: MAP_COLORS.white,
    shape: 'square',
    parts: [
      { d: 'M62 14H88V86H62Z', color: 'fg' },
      { d: 'M66 18H84V82H66Z', color: 'bg' },
      { d: circle(42, 22, 7), color: 'fg' },
      {
        d: 'M38 31L52 33L62 46L56 50L49 42L47 57L57 68L53 84L45 83L48 71L38 63L31 82L22 79L31 55L33 42L25 48L20 43Z',
        color: 'fg',
      },
    ],
  },
  'escape-route': {
    family: 'safe-condition',
    iso: 'E002',
    bg: MAP_COLORS.safe,
    fg: MAP_COLORS.white,
    shape: 'square',
    parts: [{ d: 'M12 40H56V20L88 50L56 80V60H12Z', color: 'fg' }],
  },
  'assembly-point': {
    family: 'safe-condition',
    iso: 'E007',
    bg: MAP_COLORS.safe,
    fg: MAP_COLORS.white,
    shape: 'square',
    parts: [
      { d: 'M8 8H28L8 28Z', color: 'fg' },
      { d: 'M92 8V28L72 8Z', color: 'fg' },
      { d: 'M8 92V72L28 92Z', color: 'fg' },
      { d: 'M92 92H72L92 72Z', color: 'fg' },
      { d: circle(34, 42, 6), color: 'fg' },
      { d: circle(50, 36, 6), color: 'fg' },
      { d: circle(66, 42, 6), color: 'fg' },
      { d: 'M27 51H41V74H27Z', color: 'fg' },
      { d: 'M43 45H57V74H43Z', color: 'fg' },
      { d: 'M59 51H73V74H59Z', color: 'fg' },
    ],
  },
  'first-aid': {
    family: 'safe-condition',
    iso: 'E003',
    bg: MAP_COLORS.safe,
    fg: MAP_COLORS.white,
    shape: 'square',
    parts: [{ d: 'M38 14H62V38H86V62H62V86H38V62H14V38H38Z', color: 'fg' }],
  },
  'fire-extinguisher': {
    family: 'fire',
    iso: 'F001',
    bg: MAP_COLORS.fire,
    fg: MAP_COLORS.white,
    shape: 'square',
    parts: [
      { d: 'M42 34H64V86H42Z', color: 'fg' },
      { d: 'M46 22H60V32H46Z', color: 'fg' },
      { d: 'M58 22L80 16L82 22L62 30Z', color: 'fg' },
      { d: 'M18 86C12 72 24 64 22 50C32 58 36 70 30 86Z', color: 'fg' },
    ],
  },
  'fire-alarm': {
    family: 'fire',
    iso: 'F005',
    bg: MAP_COLORS.fire,
    fg: MAP_COLORS.white,
    shape: 'square',
    parts: [
      { d: 'M26 26H74V74H26Z', color: 'fg', stroke: 7 },
      { d: circle(50, 50, 11), color: 'fg' },
      { d: 'M12 18L22 22M10 34L20 34M18 8L24 16', color: 'fg', stroke: 4 },
    ],
  },
  'you-are-here': {
    family: 'marker',
    iso: null,
    bg: MAP_COLORS.marker,
    fg: MAP_COLORS.white,
    shape: 'circle',
    parts: [
      { d: 'M50 14C35 14 26 25 26 39C26 58 50 86 50 86C50 86 74 58 74 39C74 25 65 14 50 14Z', color: 'fg' },
      { d: circle(50, 39, 10), color: 'bg' },
    ],
  },
};

export const MAP_LIMITS = {
  nameMax: 120,
  labelMax: 80,
  reviewedByMax: 100,
  symbolsMax: 300,
  /** The map's own coordinate space (pixels of its background image, or of the grid). */
  sideMin: 200,
  sideMax: 6000,
  symbolSizeMin: 20,
  symbolSizeMax: 400,
  gridMin: 10,
  gridMax: 200,
  /** Background images: PNG or JPEG, at most this many bytes (more: 413). */
  imageMaxMb: 8,
} as const;
export const MAP_IMAGE_MAX_BYTES = MAP_LIMITS.imageMaxMb * 1024 * 1024;
export const MAP_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;

const symbolIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, reason('maps.symbolId'));

export const mapSymbolSchema = z.object({
  id: symbolIdSchema,
  type: z.enum(MAP_SYMBOL_TYPES, { error: reason('maps.unknownSymbol') }),
  x: z.number({ error: reason('validation.required') }),
  y: z.number({ error: reason('validation.required') }),
  /** Degrees clockwise, 0 ≤ rotation < 360. */
  rotation: z.number().min(0, reason('maps.rotation')).lt(360, reason('maps.rotation')).default(0),
  size: z.number().int(reason('validation.wholeNumber')).min(MAP_LIMITS.symbolSizeMin).max(MAP_LIMITS.symbolSizeMax).default(60),
  /** The name shown beside it: a posting location's name, a muster point's name, a door's. */
  label: z.string().trim().max(MAP_LIMITS.labelMax, reason('validation.maxLength')).default(''),
});
export type MapSymbol = z.output<typeof mapSymbolSchema>;

const side = z.number().int(reason('validation.wholeNumber')).min(MAP_LIMITS.sideMin).max(MAP_LIMITS.sideMax);

export const mapBackgroundSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('grid'),
      gridSize: z.number().int(reason('validation.wholeNumber')).min(MAP_LIMITS.gridMin).max(MAP_LIMITS.gridMax).default(40),
    }),
    z.object({ kind: z.literal('image'), imageId: z.uuid(reason('maps.unknownImage')) }),
  ],
  { error: reason('validation.chooseOneOf') },
);
export type MapBackground = z.output<typeof mapBackgroundSchema>;

/** A map as saved in one version. Every symbol lies inside the map (0 ≤ x ≤ width, 0 ≤ y ≤ height), ids unique. */
export const mapContentSchema = z
  .object({
    name: z
      .string({ error: reason('validation.required') })
      .trim()
      .min(1, reason('validation.required'))
      .max(MAP_LIMITS.nameMax, reason('validation.maxLength')),
    width: side,
    height: side,
    background: mapBackgroundSchema,
    symbols: z.array(mapSymbolSchema).max(MAP_LIMITS.symbolsMax, reason('maps.tooManySymbols')),
    /** The poster is valid until this day (YYYY-MM-DD), when set. */
    validUntil: z.iso.date(reason('maps.date')).nullable().default(null),
    /** Who reviewed the plan (shown on the poster). */
    reviewedBy: z.string().trim().max(MAP_LIMITS.reviewedByMax, reason('validation.maxLength')).default(''),
  })
  .superRefine((map, ctx) => {
    const seen = new Set<string>();
    map.symbols.forEach((symbol, i) => {
      for (const [axis, max] of [
        ['x', map.width],
        ['y', map.height],
      ] as const) {
        const value = symbol[axis];
        if (!Number.isFinite(value) || value < 0 || value > max) {
          ctx.addIssue({ code: 'custom', path: ['symbols', i, axis], message: reason('maps.outOfRange'), params: { min: 0, max } });
        }
      }
      if (seen.has(symbol.id)) ctx.addIssue({ code: 'custom', path: ['symbols', i, 'id'], message: reason('maps.duplicateSymbol') });
      seen.add(symbol.id);
    });
  });
export type MapContent = z.output<typeof mapContentSchema>;
export type MapContentInput = z.input<typeof mapContentSchema>;

export const createMapSchema = z.object({ content: mapContentSchema });
export const saveMapSchema = z.object({
  /** The version this edit started from: a save on top of a newer one is refused (409). */
  baseVersion: z.number().int().min(1),
  content: mapContentSchema,
});
export type SaveMapRequest = z.input<typeof saveMapSchema>;

export const mapDetailSchema = z.object({
  id: z.uuid(),
  /** The version shown, and the map's newest. */
  version: z.number().int(),
  currentVersion: z.number().int(),
  content: z.custom<MapContent>(),
  savedAt: z.string(),
  savedByName: z.string(),
});
export type MapDetail = z.infer<typeof mapDetailSchema>;

export const mapSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  version: z.number().int(),
  symbolCount: z.number().int(),
  postingLocations: z.number().int(),
  validUntil: z.string().nullable(),
  updatedAt: z.string(),
});
export type MapSummary = z.infer<typeof mapSummarySchema>;

export const mapVersionSchema = z.object({
  version: z.number().int(),
  savedAt: z.string(),
  savedByName: z.string(),
  symbolCount: z.number().int(),
});
export type MapVersion = z.infer<typeof mapVersionSchema>;

export const mapImageSchema = z.object({
  id: z.uuid(),
  width: z.number().int(),
  height: z.number().int(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
});
export type MapImage = z.infer<typeof mapImageSchema>;

/** A named assembly point of a map: a check-in point of the drill console. */
export const musterPointSchema = z.object({ mapId: z.uuid(), pointId: z.string(), name: z.string() });
export type MusterPoint = z.infer<typeof musterPointSchema>;

/** The posting locations of a map: its "you are here" symbols (their labels name them). */
export function postingLocations(content: Pick<MapContent, 'symbols'>): MapSymbol[] {
  return content.symbols.filter((s) => s.type === 'you-are-here');
}

/** The symbol types a poster's legend lists: those on the map, in palette order. */
export function legendTypes(content: Pick<MapContent, 'symbols'>): MapSymbolType[] {
  const used = new Set(content.symbols.map((s) => s.type));
  return MAP_SYMBOL_TYPES.filter((t) => used.has(t));
}

export const mapEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/maps',
    tag: 'maps',
    summary: "The organisation's emergency maps",
    response: z.object({ items: z.array(mapSummarySchema) }),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/maps',
    tag: 'maps',
    summary: 'Creates a map (its version 1); MANAGER and above',
    status: 201,
    body: createMapSchema,
    response: mapDetailSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/maps/:id',
    tag: 'maps',
    summary: "A map's newest version",
    response: mapDetailSchema,
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: '/api/maps/:id',
    tag: 'maps',
    summary: 'Saves a map as a new version (earlier versions stay as they were); MANAGER and above',
    body: saveMapSchema,
    response: mapDetailSchema,
  }),
  versions: defineEndpoint({
    method: 'GET',
    path: '/api/maps/:id/versions',
    tag: 'maps',
    summary: "A map's versions, newest first",
    response: z.object({ items: z.array(mapVersionSchema) }),
  }),
  version: defineEndpoint({
    method: 'GET',
    path: '/api/maps/:id/versions/:version',
    tag: 'maps',
    summary: 'One version of a map, as it was saved',
    response: mapDetailSchema,
  }),
  uploadImage: defineEndpoint({
    method: 'POST',
    path: '/api/maps/images',
    tag: 'maps',
    summary: 'Uploads a floor plan or site image (PNG or JPEG, multipart field `file`); counted against storage; MANAGER and above',
    status: 201,
    response: mapImageSchema,
  }),
  image: defineEndpoint({
    method: 'GET',
    path: '/api/maps/images/:id',
    tag: 'maps',
    summary: 'A background image of one of the organisation’s maps',
  }),
  musterPoints: defineEndpoint({
    method: 'GET',
    path: '/api/maps/muster-points',
    tag: 'maps',
    summary: 'The named assembly points of the newest version of every map: check-in points of the drill console',
    response: z.object({ items: z.array(musterPointSchema) }),
  }),
};
