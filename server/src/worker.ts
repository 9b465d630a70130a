import { run } from './entry.js';

/** The worker entry point: BullMQ workers only, no HTTP listener. */
run({ MUSTER_ROLE: 'worker' }).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
