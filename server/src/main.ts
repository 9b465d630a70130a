import { run } from './entry.js';

/** The api entry point: HTTP and sockets, plus the workers when MUSTER_ROLE=all (the default). */
run().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
