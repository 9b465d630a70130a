import { Badge, Box, Button, Card, Flex, Heading, HStack, Input, NativeSelect, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import {
  MAP_IMAGE_TYPES,
  MAP_SYMBOL_TYPES,
  mapContentSchema,
  postingLocations,
  type MapContentInput,
  type MapDetail,
  type MapBackground,
  type MapSymbolType,
} from '@muster/contracts';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form/FormField';
import { toaster } from '../../components/ui/toaster';
import { errorText } from '../../lib/error-text';
import { useMusterForm } from '../../lib/forms';
import { RenderButton } from '../documents/RenderButton';
import { keyAction, moved, sizeForImage, symbolAtCentre, turned, type EditorSymbol } from './editor-model';
import { MapCanvas, useMapImage } from './MapCanvas';
import { IMAGE_MAX_MB, useSaveMap, useUploadMapImage } from './maps-api';
import { posterPng, saveBlob } from './poster-png';
import { SymbolIcon } from './SymbolIcon';

type Values = MapContentInput & { symbols: EditorSymbol[] };

interface MapEditorProps {
  /** The map as opened (null: a new one). */
  detail: MapDetail | null;
  start: Values;
  editable: boolean;
  /** After the first save of a new map, or a save that made a new version. */
  onSaved: (saved: MapDetail) => void;
  language: string;
}

/** Text people typed, isolated so that its direction does not reorder the sentence around it. */
export const isolate = (text: string) => `\u2068${text}\u2069`;

/** Sizes on screen: the canvas fits its column; zoom multiplies that. */
const ZOOMS = [1, 1.5, 2, 3] as const;

/**
 * The map editor: details and background, the canvas (drag symbols; or keyboard: focus a symbol in
 * the list, arrows move it, R turns it, Delete removes it), the palette (Enter places a symbol at
 * the centre), the selected symbol's panel, save as a new version, export PNG and PDF posters.
 */
export function MapEditor({ detail, start, editable, onSaved, language }: MapEditorProps) {
  const { t, i18n } = useTranslation(['maps', 'common']);
  const rtl = i18n.dir() === 'rtl';
  const form = useMusterForm(mapContentSchema, start as never);
  const { control, register, handleSubmit, setValue, getValues } = form;
  const symbolsField = useFieldArray({ control, name: 'symbols' as never, keyName: 'key' });
  const symbols = useWatch({ control, name: 'symbols' as never }) as EditorSymbol[];
  const background = useWatch({ control, name: 'background' as never }) as MapBackground;
  const width = useWatch({ control, name: 'width' as never }) as number;
  const height = useWatch({ control, name: 'height' as never }) as number;
  const name = useWatch({ control, name: 'name' as never }) as string;
  const image = useMapImage(background);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [zoom, setZoom] = useState<(typeof ZOOMS)[number]>(1);
  const [posterFor, setPosterFor] = useState<string>('');
  const save = useSaveMap();
  const upload = useUploadMapImage();
  const fileInput = useRef<HTMLInputElement>(null);
  const itemRefs = useRef(new Map<string, HTMLButtonElement>());
  const pendingFocus = useRef<string | null>(null);
  const canvasBox = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(600);

  useEffect(() => {
    const box = canvasBox.current;
    if (!box) return;
    const observer = new ResizeObserver(([entry]) => setBoxWidth(Math.max(200, Math.floor(entry!.contentRect.width))));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    // The symbol's list entry exists once the form's values reached this render.
    const element = pendingFocus.current ? itemRefs.current.get(pendingFocus.current) : undefined;
    if (element) {
      element.focus();
      pendingFocus.current = null;
    }
  });

  const scale = (boxWidth / Math.max(1, width)) * zoom;
  const indexOf = (id: string) => symbols.findIndex((s) => s.id === id);
  const selected = selectedId ? (symbols.find((s) => s.id === selectedId) ?? null) : null;
  const typeName = (type: MapSymbolType) => t(`symbols.${type}`);
  const locations = postingLocations({ symbols: symbols.map((s) => ({ ...s })) });

  const update = (id: string, next: EditorSymbol, says?: string) => {
    const i = indexOf(id);
    if (i < 0) return;
    setValue(`symbols.${i}` as never, next as never, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    if (says) setAnnouncement(says);
  };
  const add = (type: MapSymbolType) => {
    const symbol = symbolAtCentre(type, { width, height }, symbols);
    symbolsField.append(symbol);
    setSelectedId(symbol.id);
    pendingFocus.current = symbol.id;
    setAnnouncement(t('announce.added', { name: typeName(type), x: symbol.x, y: symbol.y }));
  };
  const remove = (id: string) => {
    const i = indexOf(id);
    if (i < 0) return;
    const next = symbols[i + 1] ?? symbols[i - 1] ?? null;
    symbolsField.remove(i);
    setSelectedId(next?.id ?? null);
    pendingFocus.current = next?.id ?? null;
    setAnnouncement(t('announce.removed', { name: typeName(symbols[i]!.type) }));
  };
  const onSymbolKey = (event: KeyboardEvent, symbol: EditorSymbol) => {
    if (!editable) return;
    const action = keyAction(event);
    if (!action) return;
    event.preventDefault();
    if (action.kind === 'move') {
      const next = moved(symbol, action.dx, action.dy, { width, height });
      update(symbol.id, next, t('announce.moved', { name: typeName(symbol.type), x: next.x, y: next.y }));
    } else if (action.kind === 'turn') {
      const next = turned(symbol, action.degrees);
      update(symbol.id, next, t('announce.turned', { name: typeName(symbol.type), rotation: next.rotation }));
    } else remove(symbol.id);
  };

  const onUpload = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > IMAGE_MAX_MB * 1024 * 1024) {
      toaster.create({ type: 'error', title: t('background.tooLarge', { mb: IMAGE_MAX_MB }) });
      return;
    }
    try {
      const uploaded = await upload.mutateAsync(file);
      const size = sizeForImage(uploaded);
      // Symbols keep their place relative to the map.
      const sx = size.width / width;
      const sy = size.height / height;
      setValue('symbols' as never, symbols.map((s) => ({ ...s, x: Math.round(s.x * sx), y: Math.round(s.y * sy) })) as never, {
        shouldDirty: true,
      });
      setValue('width' as never, size.width as never, { shouldDirty: true });
      setValue('height' as never, size.height as never, { shouldDirty: true });
      setValue('background' as never, { kind: 'image', imageId: uploaded.id } as never, { shouldDirty: true });
    } catch (error) {
      toaster.create({ type: 'error', title: t('background.failed'), description: errorText(t, error) });
    }
  };

  const onSave = handleSubmit(
    async (content) => {
      try {
        const saved = await save.mutateAsync({ id: detail?.id ?? null, baseVersion: detail?.currentVersion ?? 1, content });
        toaster.create({ type: 'success', title: t('editor.saved', { version: saved.version }) });
        onSaved(saved);
      } catch (error) {
        if (!form.setServerErrors(error, (path) => path.replace(/^content\./, ''))) {
          toaster.create({ type: 'error', title: t('editor.saveFailed'), description: errorText(t, error) });
        }
      }
    },
    () => toaster.create({ type: 'error', title: t('editor.invalid') }),
  );

  const exportPng = async () => {
    const values = getValues() as Values;
    const here = values.symbols.find((s) => s.id === posterFor) ?? null;
    const footer = [
      values.validUntil ? t('poster.validUntil', { date: values.validUntil }) : null,
      values.reviewedBy ? t('poster.reviewedBy', { name: values.reviewedBy }) : null,
      detail ? t('poster.version', { version: detail.version }) : null,
    ]
      .filter(Boolean)
      .join(' · ');
    const blob = await posterPng(
      values as never,
      image,
      here?.id ?? null,
      {
        title: values.name,
        subtitle: here ? t('poster.postedAt', { location: here.label || t('poster.youAreHere') }) : t('poster.general'),
        legend: t('poster.legend'),
        youAreHere: t('poster.youAreHere'),
        symbolName: typeName,
        footer,
      },
      rtl,
    );
    const slug =
      (here?.label || values.name)
        .replace(/[^A-Za-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
        .toLowerCase() || 'map';
    saveBlob(blob, `muster-poster-${slug}.png`);
  };

  const error = (path: string) => form.message(path as never);
  const symbolErrors = symbols.map((_, i) =>
    ['x', 'y', 'rotation', 'size', 'label', 'type', 'id'].map((f) => error(`symbols.${i}.${f}`)).find(Boolean),
  );
  const selectedIndex = selected ? indexOf(selected.id) : -1;

  return (
    <Stack gap="5" asChild data-testid="map-editor">
      <form onSubmit={(e) => void onSave(e)} noValidate>
        {/* Details and background */}
        <Card.Root variant="outline">
          <Card.Body gap="3">
            <Flex gap="3" wrap="wrap">
              <Box flex="2 1 16rem">
                <FormField label={t('details.name')} error={error('name')} required>
                  <Input {...register('name' as never)} readOnly={!editable} data-testid="map-name" />
                </FormField>
              </Box>
              <Box flex="1 1 10rem">
                <FormField label={t('details.validUntil')} error={error('validUntil')}>
                  <Input
                    type="date"
                    {...register('validUntil' as never, { setValueAs: (v: string) => (v ? v : null) })}
                    readOnly={!editable}
                    data-testid="map-valid-until"
                  />
                </FormField>
              </Box>
              <Box flex="1 1 12rem">
                <FormField label={t('details.reviewedBy')} error={error('reviewedBy')}>
                  <Input {...register('reviewedBy' as never)} readOnly={!editable} data-testid="map-reviewed-by" />
                </FormField>
              </Box>
            </Flex>
            <HStack gap="3" wrap="wrap">
              <Text fontSize="sm" color="fg.muted">
                {background.kind === 'grid' ? t('background.isGrid') : t('background.isImage')}
              </Text>
              {editable && (
                <>
                  <input
                    ref={fileInput}
                    type="file"
                    accept={[...MAP_IMAGE_TYPES, '.png', '.jpg', '.jpeg'].join(',')}
                    hidden
                    data-testid="map-image-input"
                    onChange={(e) => {
                      void onUpload(e.target.files?.[0]);
                      e.target.value = '';
                    }}
                  />
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => fileInput.current?.click()}
                    loading={upload.isPending}
                    whiteSpace="normal"
                    height="auto"
                    minHeight="8"
                    paddingBlock="1"
                    textAlign="start"
                    data-testid="map-image-upload"
                  >
                    {t('background.upload', { mb: IMAGE_MAX_MB })}
                  </Button>
                  {background.kind === 'image' && (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setValue('background' as never, { kind: 'grid', gridSize: 40 } as never, { shouldDirty: true })}
                    >
                      {t('background.useGrid')}
                    </Button>
                  )}
                </>
              )}
            </HStack>
          </Card.Body>
        </Card.Root>

        <Flex gap="4" direction={{ base: 'column', lg: 'row' }} align="stretch">
          {/* Palette */}
          {editable && (
            <Stack gap="2" flex={{ lg: '0 0 13rem' }} as="section" aria-labelledby="map-palette-title">
              <Heading as="h2" size="sm" id="map-palette-title">
                {t('palette.title')}
              </Heading>
              <Text fontSize="xs" color="fg.muted">
                {t('palette.hint')}
              </Text>
              <Flex gap="2" wrap="wrap" direction={{ base: 'row', lg: 'column' }}>
                {MAP_SYMBOL_TYPES.map((type) => (
                  <Button
                    key={type}
                    size="sm"
                    variant="outline"
                    justifyContent="flex-start"
                    onClick={() => add(type)}
                    data-testid={`palette-${type}`}
                  >
                    <SymbolIcon type={type} size={20} />
                    {typeName(type)}
                  </Button>
                ))}
              </Flex>
            </Stack>
          )}

          {/* Canvas */}
          <Stack gap="2" flex="1 1 auto" minWidth="0">
            <HStack justify="space-between" gap="2" wrap="wrap">
              <Text fontSize="xs" color="fg.muted">
                {t('canvas.hint')}
              </Text>
              <HStack gap="1" role="group" aria-label={t('zoom.label')}>
                {ZOOMS.map((z) => (
                  <Button key={z} size="xs" variant={zoom === z ? 'solid' : 'outline'} onClick={() => setZoom(z)} aria-pressed={zoom === z}>
                    {t('zoom.level', { percent: z * 100 })}
                  </Button>
                ))}
              </HStack>
            </HStack>
            <Box ref={canvasBox} width="full" overflow="auto" borderWidth="1px" borderRadius="l2" dir="ltr" maxHeight="75vh">
              <Box
                role="img"
                aria-label={t('canvas.label', { name, n: symbols.length })}
                data-testid="map-canvas"
                data-symbols={symbols.length}
                width="fit-content"
              >
                <MapCanvas
                  width={width}
                  height={height}
                  background={background}
                  symbols={symbols}
                  image={image}
                  scale={scale}
                  selectedId={selectedId}
                  editable={editable}
                  onSelect={setSelectedId}
                  onMove={(id, x, y) => {
                    const s = symbols.find((v) => v.id === id);
                    if (s) update(id, { ...s, x, y }, t('announce.moved', { name: typeName(s.type), x, y }));
                  }}
                />
              </Box>
            </Box>
            <VisuallyHidden aria-live="polite" data-testid="map-announcement">
              {announcement}
            </VisuallyHidden>
          </Stack>

          {/* The accessible list of symbols and the selected symbol's panel */}
          <Stack gap="4" flex={{ lg: '0 0 18rem' }}>
            <Stack gap="2" as="section" aria-labelledby="map-symbols-title">
              <Heading as="h2" size="sm" id="map-symbols-title">
                {t('symbolList.title', { n: symbols.length })}
              </Heading>
              {editable && (
                <Text fontSize="xs" color="fg.muted" id="map-symbols-keys">
                  {t('symbolList.keys')}
                </Text>
              )}
              {symbols.length === 0 ? (
                <Text fontSize="sm" color="fg.muted" data-testid="map-symbols-empty">
                  {t('symbolList.empty')}
                </Text>
              ) : (
                <Stack as="ul" gap="1" listStyleType="none" maxHeight="22rem" overflowY="auto" data-testid="map-symbol-list">
                  {symbols.map((s, i) => (
                    <li key={s.id}>
                      <Button
                        ref={(el: HTMLButtonElement | null) => {
                          if (el) itemRefs.current.set(s.id, el);
                          else itemRefs.current.delete(s.id);
                        }}
                        size="sm"
                        width="full"
                        justifyContent="flex-start"
                        variant={s.id === selectedId ? 'subtle' : 'ghost'}
                        colorPalette={symbolErrors[i] ? 'red' : undefined}
                        aria-pressed={s.id === selectedId}
                        aria-describedby={editable ? 'map-symbols-keys' : undefined}
                        onClick={() => setSelectedId(s.id)}
                        onFocus={() => setSelectedId(s.id)}
                        onKeyDown={(e) => onSymbolKey(e, s)}
                        data-testid="map-symbol-item"
                        data-symbol-id={s.id}
                        data-type={s.type}
                        data-x={s.x}
                        data-y={s.y}
                        data-rotation={s.rotation}
                      >
                        <SymbolIcon type={s.type} size={18} />
                        <Text as="span" truncate>
                          {t('symbolList.item', { name: isolate(s.label || typeName(s.type)), x: s.x, y: s.y, rotation: s.rotation })}
                        </Text>
                      </Button>
                    </li>
                  ))}
                </Stack>
              )}
            </Stack>

            <Card.Root variant="outline" as="section" aria-labelledby="map-panel-title" data-testid="map-symbol-panel">
              <Card.Body gap="3">
                <Heading as="h2" size="sm" id="map-panel-title">
                  {t('panel.title')}
                </Heading>
                {!selected ? (
                  <Text fontSize="sm" color="fg.muted">
                    {t('panel.none')}
                  </Text>
                ) : (
                  <Stack gap="3" key={selected.id}>
                    <FormField label={t('panel.type')} error={error(`symbols.${selectedIndex}.type`)}>
                      <NativeSelect.Root size="sm" disabled={!editable}>
                        <NativeSelect.Field
                          value={selected.type}
                          data-testid="panel-type"
                          onChange={(e) => update(selected.id, { ...selected, type: e.target.value as MapSymbolType })}
                        >
                          {MAP_SYMBOL_TYPES.map((type) => (
                            <option key={type} value={type}>
                              {typeName(type)}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </FormField>
                    <FormField
                      label={t('panel.label')}
                      error={error(`symbols.${selectedIndex}.label`)}
                      helperText={
                        selected.type === 'you-are-here'
                          ? t('panel.labelHere')
                          : selected.type === 'assembly-point'
                            ? t('panel.labelMuster')
                            : undefined
                      }
                    >
                      <Input
                        size="sm"
                        dir="auto"
                        {...register(`symbols.${selectedIndex}.label` as never)}
                        readOnly={!editable}
                        data-testid="panel-label"
                      />
                    </FormField>
                    <Flex gap="2" wrap="wrap">
                      {(['x', 'y', 'rotation', 'size'] as const).map((field) => (
                        <Box key={field} flex="1 1 5rem">
                          <FormField label={t(`panel.${field}`)} error={error(`symbols.${selectedIndex}.${field}`)}>
                            <Input
                              size="sm"
                              type="number"
                              inputMode="numeric"
                              {...register(`symbols.${selectedIndex}.${field}` as never, { valueAsNumber: true })}
                              readOnly={!editable}
                              data-testid={`panel-${field}`}
                            />
                          </FormField>
                        </Box>
                      ))}
                    </Flex>
                    {editable && (
                      <Button size="sm" variant="outline" colorPalette="red" onClick={() => remove(selected.id)} data-testid="panel-remove">
                        {t('panel.remove')}
                      </Button>
                    )}
                  </Stack>
                )}
              </Card.Body>
            </Card.Root>
          </Stack>
        </Flex>

        {/* Save and export */}
        <Card.Root variant="outline">
          <Card.Body gap="3">
            <Flex gap="4" wrap="wrap" align="flex-end">
              {editable && (
                <Button type="submit" colorPalette="brand" loading={save.isPending} data-testid="map-save">
                  {detail ? t('editor.saveVersion') : t('editor.create')}
                </Button>
              )}
              <Box flex="1 1 14rem">
                <FormField label={t('export.for')}>
                  <NativeSelect.Root size="sm">
                    <NativeSelect.Field value={posterFor} onChange={(e) => setPosterFor(e.target.value)} data-testid="poster-for">
                      <option value="">{t('poster.general')}</option>
                      {locations.map((l) => (
                        <option key={l.id} value={l.id}>
                          {l.label || l.id}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </FormField>
              </Box>
              <Button variant="outline" size="sm" onClick={() => void exportPng()} data-testid="map-export-png">
                {t('export.png')}
              </Button>
              {detail ? (
                <RenderButton
                  request={{ kind: 'map-posters-pdf', mapId: detail.id, version: detail.version, language: language as 'en' }}
                  label={t('export.pdf', { n: Math.max(1, postingLocations(detail.content).length) })}
                  testId="map-export-pdf"
                />
              ) : (
                <Text fontSize="sm" color="fg.muted">
                  {t('export.saveFirst')}
                </Text>
              )}
            </Flex>
            {detail && (
              <HStack gap="2" wrap="wrap">
                <Badge>{t('editor.versionBadge', { version: detail.version })}</Badge>
                <Text fontSize="xs" color="fg.muted">
                  {t('export.pdfHint')}
                </Text>
              </HStack>
            )}
          </Card.Body>
        </Card.Root>
      </form>
    </Stack>
  );
}
