import type { RenderView } from '@muster/contracts';
import type { ChatSocket } from './chat.js';

/** Every `documents:render` event a socket receives, and a way to wait for one (seen already or to come). */
export function watchRenders(socket: ChatSocket) {
  const seen: RenderView[] = [];
  const waiters: { check: (r: RenderView) => boolean; done: (r: RenderView) => void }[] = [];
  socket.on('documents:render', (render) => {
    seen.push(render);
    for (const w of [...waiters]) {
      if (w.check(render)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.done(render);
      }
    }
  });
  return {
    seen,
    until(check: (r: RenderView) => boolean): Promise<RenderView> {
      const found = seen.find(check);
      return found ? Promise.resolve(found) : new Promise((done) => waiters.push({ check, done }));
    },
  };
}
