import { api, type RenderRequest, type RenderView } from '@muster/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { callEndpoint } from '../../lib/api';
import { onResync, useSocketEvent } from '../../lib/socket';

export type RenderState =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'working'; render: RenderView }
  | { kind: 'done'; render: RenderView }
  | { kind: 'failed'; render: RenderView | null; error: unknown };

/** Saves a finished file: the browser follows a download link of the same origin. */
function save(render: RenderView): void {
  if (!render.downloadUrl) return;
  const link = document.createElement('a');
  link.href = render.downloadUrl;
  link.download = render.fileName ?? '';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * One render of the documents engine, followed to its end: `start` asks for it, each
 * `documents:render` event of it moves the state on, and the file is saved once done. After a
 * reconnect that lost events, the render is read again.
 */
export function useRender(): { state: RenderState; start: (request: RenderRequest) => Promise<void> } {
  const [state, setState] = useState<RenderState>({ kind: 'idle' });
  const current = useRef<string | null>(null);

  const apply = useCallback((render: RenderView) => {
    if (render.id !== current.current) return;
    if (render.status === 'done') {
      current.current = null;
      setState({ kind: 'done', render });
      save(render);
    } else if (render.status === 'failed') {
      current.current = null;
      setState({ kind: 'failed', render, error: null });
    } else {
      setState((previous) =>
        previous.kind === 'working' && previous.render.percent > render.percent ? previous : { kind: 'working', render },
      );
    }
  }, []);

  useSocketEvent('documents:render', apply);

  useEffect(
    () =>
      onResync(() => {
        const id = current.current;
        if (id) void callEndpoint(api.documents.render, { params: { id } }).then(apply, () => undefined);
      }),
    [apply],
  );

  const start = useCallback(
    async (request: RenderRequest) => {
      setState({ kind: 'starting' });
      try {
        const render = await callEndpoint(api.documents.startRender, { body: request });
        current.current = render.id;
        setState({ kind: 'working', render });
        // An event sent before the answer arrived is not lost: the render as it stands now.
        apply(await callEndpoint(api.documents.render, { params: { id: render.id } }));
      } catch (error) {
        current.current = null;
        setState({ kind: 'failed', render: null, error });
      }
    },
    [apply],
  );

  return { state, start };
}
