/**
 * Preloaded into a benchmark's server process (`NODE_OPTIONS="--expose-gc --import <this file>"`,
 * see bench/lib/heap-probe.mjs): a tiny HTTP listener on 127.0.0.1:BENCH_HEAP_PROBE_PORT that
 * answers `GET /heap` with the V8 heap in use after full garbage collections, and
 * `GET /snapshot?name=<file>` by writing a heap snapshot into BENCH_HEAP_SNAPSHOT_DIR. Nothing of
 * it is in the product: the server runs unchanged, only measured from the inside.
 */
import { createServer } from 'node:http';
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';

const port = Number(process.env.BENCH_HEAP_PROBE_PORT);
if (typeof globalThis.gc !== 'function') throw new Error('heap-probe needs --expose-gc');

/** Collects until the heap stops shrinking (weak references and finalizers take more than one pass). */
async function settledHeap() {
  let previous = Infinity;
  for (let pass = 0; pass < 10; pass += 1) {
    globalThis.gc();
    await new Promise((resolve) => setImmediate(resolve));
    const used = process.memoryUsage().heapUsed;
    if (used >= previous - 16 * 1024) return used;
    previous = used;
  }
  return previous;
}

const probe = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://probe');
  const answer = async () => {
    if (url.pathname === '/heap') return { heapUsed: await settledHeap() };
    if (url.pathname === '/snapshot' && process.env.BENCH_HEAP_SNAPSHOT_DIR) {
      await settledHeap();
      return { file: writeHeapSnapshot(join(process.env.BENCH_HEAP_SNAPSHOT_DIR, url.searchParams.get('name') ?? 'heap.heapsnapshot')) };
    }
    return null;
  };
  answer().then(
    (body) => {
      res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body ?? { error: 'not found' }));
    },
    (err) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: String(err) }));
    },
  );
});
probe.listen(port, '127.0.0.1');
// The probe never keeps the process alive, so the server stops as it would without it.
probe.unref();
