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

/** A render hook's handle: its state, and how a render is started. */
export interface RenderHandle {
  state: RenderState;
  /** Starts a render of the documents engine; a refusal is kept in the state (`failed`). */
  start: (request: RenderRequest) => Promise<void>;
  /**
   * Follows a render that another endpoint starts (an evidence snapshot): a refusal of the start is
   * thrown to the caller (a form places its reasons on its fields) and the state goes back to idle.
   */
  follow: (begin: () => Promise<RenderView>) => Promise<void>;
}

/**
 * One render of the documents engine, followed to its end: `start` asks for it, each
 * `documents:render` event of it moves the state on, and the file (if it has one) is saved once
 * done. After a reconnect that lost events, the render is read again.
 */
export function useRender(): RenderHandle {
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

  const follow = useCallback(
    async (begin: () => Promise<RenderView>) => {
      setState({ kind: 'starting' });
      let render: RenderView;
      try {
        render = await begin();
      } catch (error) {
        current.current = null;
        setState({ kind: 'idle' });
        throw error;
      }
      current.current = render.id;
      setState({ kind: 'working', render });
      try {
        // An event sent before the answer arrived is not lost: the render as it stands now.
        apply(await callEndpoint(api.documents.render, { params: { id: render.id } }));
      } catch {
        // The socket's events still move it on; a reconnect reads it again.
      }
    },
    [apply],
  );

  const start = useCallback(
    async (request: RenderRequest) => {
      try {
        await follow(() => callEndpoint(api.documents.startRender, { body: request }));
      } catch (error) {
        setState({ kind: 'failed', render: null, error });
      }
    },
    [follow],
  );

  return { state, start, follow };
}
