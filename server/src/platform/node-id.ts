import { hostname } from 'node:os';

/** Identifies this process in health answers and socket pings (host:pid). */
export const NODE_ID = `${process.env.HOSTNAME ?? hostname()}:${process.pid}`;
