import { api, MAP_IMAGE_MAX_BYTES, type MapContent, type MapContentInput, type MapImage } from '@muster/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { buildPath } from '@muster/contracts';
import { callEndpoint, uploadFile } from '../../lib/api';

export const mapKeys = {
  all: ['maps'] as const,
  list: ['maps', 'list'] as const,
  map: (id: string, version?: number) => ['maps', 'map', id, version ?? 'newest'] as const,
  versions: (id: string) => ['maps', 'versions', id] as const,
  musterPoints: ['maps', 'muster-points'] as const,
};

export function useMaps() {
  return useQuery({ queryKey: mapKeys.list, queryFn: () => callEndpoint(api.maps.list) });
}

/** A map's newest version, or the one asked for. */
export function useMap(id: string | null, version?: number) {
  return useQuery({
    queryKey: mapKeys.map(id ?? '', version),
    queryFn: () =>
      version === undefined
        ? callEndpoint(api.maps.get, { params: { id: id! } })
        : callEndpoint(api.maps.version, { params: { id: id!, version } }),
    enabled: id !== null,
  });
}

export function useMapVersions(id: string | null) {
  return useQuery({
    queryKey: mapKeys.versions(id ?? ''),
    queryFn: () => callEndpoint(api.maps.versions, { params: { id: id! } }),
    enabled: id !== null,
  });
}

/** The named assembly points of the organisation's maps (the drill console's check-in points). */
export function useMusterPoints(enabled = true) {
  // Optional where it is used (the console works without maps): a failure is not announced.
  return useQuery({ queryKey: mapKeys.musterPoints, queryFn: () => callEndpoint(api.maps.musterPoints), enabled, meta: { silent: true } });
}

/** Creates a map or saves a new version of one; the lists refresh. */
export function useSaveMap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, baseVersion, content }: { id: string | null; baseVersion: number; content: MapContent | MapContentInput }) =>
      id === null
        ? callEndpoint(api.maps.create, { body: { content } })
        : callEndpoint(api.maps.save, { params: { id }, body: { baseVersion, content } }),
    meta: { silent: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(mapKeys.map(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: mapKeys.list });
      void queryClient.invalidateQueries({ queryKey: mapKeys.versions(saved.id) });
      void queryClient.invalidateQueries({ queryKey: mapKeys.musterPoints });
    },
  });
}

export function useUploadMapImage() {
  return useMutation({
    mutationFn: (file: File) => uploadFile<MapImage>(api.maps.uploadImage.path, file, file.name),
    meta: { silent: true },
  });
}

export const mapImageUrl = (id: string) => buildPath(api.maps.image.path, { id });
export const IMAGE_MAX_MB = MAP_IMAGE_MAX_BYTES / (1024 * 1024);
