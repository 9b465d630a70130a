import { Alert, Badge, Box, Button, Card, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { hasRank, type MapDetail, type MapSummary } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EmptyList, ListSkeleton, LoadError } from '../../components/list';
import { PageHeader } from '../../components/PageHeader';
import { formatDateTime } from '../../lib/format';
import type { PageProps } from '../../lib/page';
import { usePageTitle } from '../../lib/usePageTitle';
import { useSignedInSession } from '../auth/signed-in-session';
import { blankMap } from './editor-model';
import { isolate, MapEditor } from './MapEditor';
import { useMap, useMaps, useMapVersions } from './maps-api';

function MapCard({ map, onOpen }: { map: MapSummary; onOpen: () => void }) {
  const { t, i18n } = useTranslation('maps');
  return (
    <Card.Root as="li" variant="outline" data-testid="map-row" data-map-id={map.id}>
      <Card.Body gap="2">
        <Flex justify="space-between" gap="3" wrap="wrap" align="center">
          <Stack gap="1" minWidth="0">
            <Heading as="h2" size="md" dir="auto">
              {map.name}
            </Heading>
            <HStack gap="2" wrap="wrap" fontSize="sm" color="fg.muted">
              <Badge>{t('list.version', { version: map.version })}</Badge>
              <Text>{t('list.symbols', { n: map.symbolCount })}</Text>
              <Text>{t('list.locations', { n: map.postingLocations })}</Text>
              {map.validUntil && <Text>{t('list.validUntil', { date: map.validUntil })}</Text>}
              <Text>{t('list.updated', { date: formatDateTime(map.updatedAt, i18n.resolvedLanguage) })}</Text>
            </HStack>
          </Stack>
          <Button size="sm" onClick={onOpen} data-testid="map-open">
            {t('list.open')}
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

function MapList({ canEdit, open }: { canEdit: boolean; open: (id: string) => void }) {
  const { t } = useTranslation('maps');
  const maps = useMaps();
  if (maps.isPending) return <ListSkeleton testId="maps-loading" />;
  if (maps.isError)
    return <LoadError title={t('list.loadError')} error={maps.error} onRetry={() => void maps.refetch()} testId="maps-error" />;
  if (maps.data.items.length === 0) {
    return (
      <EmptyList
        title={t('list.emptyTitle')}
        text={canEdit ? t('list.emptyEditor') : t('list.emptyReader')}
        action={canEdit ? <Button onClick={() => open('new')}>{t('list.new')}</Button> : undefined}
        testId="maps-empty"
      />
    );
  }
  return (
    <Stack as="ul" gap="3" listStyleType="none" data-testid="map-list">
      {maps.data.items.map((m) => (
        <MapCard key={m.id} map={m} onOpen={() => open(m.id)} />
      ))}
    </Stack>
  );
}

function Versions({ id, shown, onOpen }: { id: string; shown: number; onOpen: (version: number) => void }) {
  const { t, i18n } = useTranslation('maps');
  const versions = useMapVersions(id);
  if (versions.isPending) return <ListSkeleton rows={2} testId="map-versions-loading" />;
  if (versions.isError) return <LoadError title={t('versions.loadError')} error={versions.error} onRetry={() => void versions.refetch()} />;
  return (
    <Stack as="section" gap="2" aria-labelledby="map-versions-title">
      <Heading as="h2" size="sm" id="map-versions-title">
        {t('versions.title')}
      </Heading>
      <Stack as="ul" gap="1" listStyleType="none" data-testid="map-versions">
        {versions.data.items.map((v, i) => (
          <HStack as="li" key={v.version} gap="2" wrap="wrap" fontSize="sm" data-testid="map-version" data-version={v.version}>
            <Button
              size="xs"
              variant={v.version === shown ? 'subtle' : 'ghost'}
              onClick={() => onOpen(v.version)}
              aria-current={v.version === shown}
            >
              {t('versions.item', { version: v.version })}
            </Button>
            <Text color="fg.muted">
              {t('versions.by', { name: isolate(v.savedByName), date: formatDateTime(v.savedAt, i18n.resolvedLanguage), n: v.symbolCount })}
            </Text>
            {i === 0 && <Badge colorPalette="green">{t('versions.newest')}</Badge>}
          </HStack>
        ))}
      </Stack>
    </Stack>
  );
}

function OpenMap({
  id,
  version,
  canEdit,
  close,
  show,
}: {
  id: string;
  version?: number;
  canEdit: boolean;
  close: () => void;
  show: (id: string, version?: number) => void;
}) {
  const { t, i18n } = useTranslation('maps');
  const map = useMap(id, version);
  if (map.isPending) return <ListSkeleton rows={3} testId="map-loading" />;
  if (map.isError)
    return <LoadError title={t('editor.loadError')} error={map.error} onRetry={() => void map.refetch()} testId="map-error" />;
  const detail = map.data;
  const old = detail.version !== detail.currentVersion;
  return (
    <Stack gap="4">
      {old && (
        <Alert.Root status="info" data-testid="map-old-version">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{t('editor.oldVersion', { version: detail.version, current: detail.currentVersion })}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={() => show(id)} alignSelf="center">
            {t('editor.openNewest')}
          </Button>
        </Alert.Root>
      )}
      {!canEdit && (
        <Text fontSize="sm" color="fg.muted" data-testid="map-read-only">
          {t('editor.readOnly')}
        </Text>
      )}
      <MapEditor
        key={`${detail.id}:${detail.version}`}
        detail={detail}
        start={detail.content}
        editable={canEdit && !old}
        language={i18n.resolvedLanguage ?? 'en'}
        onSaved={(saved: MapDetail) => show(saved.id)}
      />
      <Versions id={id} shown={detail.version} onOpen={(v) => show(id, v)} />
      <Box>
        <Button variant="ghost" size="sm" onClick={close}>
          {t('editor.back')}
        </Button>
      </Box>
    </Stack>
  );
}

/** /app/compliance/maps: the organisation's emergency maps, and one open in the editor (`?map=<id>&version=<n>`, `?map=new`). */
export default function MapsPage({ pageId }: PageProps) {
  usePageTitle(pageId);
  const { t, i18n } = useTranslation('maps');
  const session = useSignedInSession();
  const canEdit = hasRank(session.role, 'MANAGER');
  const [params, setParams] = useSearchParams();
  const mapId = params.get('map');
  const versionParam = params.get('version');
  const version = versionParam && /^\d+$/.test(versionParam) ? Number(versionParam) : undefined;
  const show = (id: string | null, v?: number) => {
    const next = new URLSearchParams();
    if (id) next.set('map', id);
    if (v !== undefined) next.set('version', String(v));
    setParams(next);
  };
  return (
    <Stack gap="5" data-testid="maps-page">
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          canEdit && !mapId ? (
            <Button colorPalette="brand" onClick={() => show('new')} data-testid="map-new">
              {t('list.new')}
            </Button>
          ) : undefined
        }
      />
      {mapId === null && <MapList canEdit={canEdit} open={(id) => show(id)} />}
      {mapId === 'new' &&
        (canEdit ? (
          <Stack gap="4">
            <MapEditor
              detail={null}
              start={blankMap(t('editor.untitled'))}
              editable
              language={i18n.resolvedLanguage ?? 'en'}
              onSaved={(saved) => show(saved.id)}
            />
            <Box>
              <Button variant="ghost" size="sm" onClick={() => show(null)}>
                {t('editor.back')}
              </Button>
            </Box>
          </Stack>
        ) : (
          <Text>{t('editor.readOnly')}</Text>
        ))}
      {mapId !== null && mapId !== 'new' && <OpenMap id={mapId} version={version} canEdit={canEdit} close={() => show(null)} show={show} />}
    </Stack>
  );
}
