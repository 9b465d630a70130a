import { api, buildPath, type IdImageSlot, type MyVerification } from '@muster/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, uploadFile } from '../../lib/api';

export const verificationKeys = {
  all: ['id-verification'] as const,
  mine: ['id-verification', 'mine'] as const,
  queue: (view: 'open' | 'decided') => ['id-verification', 'queue', view] as const,
};

/** GET /api/id-verification: my duty, state and the operator's reason or message. */
export function useMyVerification() {
  return useQuery({ queryKey: verificationKeys.mine, queryFn: () => callEndpoint(api.security.myVerification), meta: { silent: true } });
}

/** Uploads one image (multipart); my verification reads the answer. */
export function useUploadImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slot, file }: { slot: IdImageSlot; file: File }) =>
      uploadFile<MyVerification>(buildPath(api.security.uploadImage.path, { slot }), file, file.name),
    meta: { silent: true },
    onSuccess: (mine) => queryClient.setQueryData(verificationKeys.mine, mine),
  });
}

export function useSubmitVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(api.security.submit),
    meta: { silent: true },
    onSuccess: (mine) => {
      queryClient.setQueryData(verificationKeys.mine, mine);
      void queryClient.invalidateQueries({ queryKey: ['security', 'notices'] });
    },
  });
}

/** The operators' queue (open: oldest first) or the latest decisions. */
export function useVerificationQueue(view: 'open' | 'decided') {
  return useQuery({
    queryKey: verificationKeys.queue(view),
    queryFn: () => callEndpoint(api.security.queue, { query: { view } }),
    refetchOnMount: 'always',
    meta: { silent: true },
  });
}

type Action =
  | { kind: 'claim' | 'approve'; id: string }
  | { kind: 'reject'; id: string; reason: string }
  | { kind: 'requestInfo'; id: string; message: string };

/** Claim, approve, reject or ask for more; the queue reads again after each. */
export function useCaseAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: Action) => {
      const params = { id: action.id };
      switch (action.kind) {
        case 'claim':
          return callEndpoint(api.security.claim, { params });
        case 'approve':
          return callEndpoint(api.security.approve, { params });
        case 'reject':
          return callEndpoint(api.security.reject, { params, body: { reason: action.reason } });
        case 'requestInfo':
          return callEndpoint(api.security.requestInfo, { params, body: { message: action.message } });
      }
    },
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['id-verification', 'queue'] }),
  });
}

/** One-time links to a case's images (five minutes each). */
export function useImageLinks() {
  return useMutation({
    mutationFn: async (id: string) => {
      const [document, second] = await Promise.all(
        (['document', 'second'] as const).map((slot) => callEndpoint(api.security.imageLink, { params: { id, slot } })),
      );
      return { document: document!.url, second: second!.url };
    },
    meta: { silent: true },
  });
}
