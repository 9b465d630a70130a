/**
 * Baseline of the `auth-me` benchmark: a bare Fastify server (no plugins, no logger) with one GET
 * route, BARE_PATH, answering the constant JSON body BARE_BODY (the exact answer Muster gave).
 * Listens on PORT and HOST (default 127.0.0.1).
 */
import Fastify from 'fastify';

const path = process.env.BARE_PATH ?? '/';
const body = JSON.parse(process.env.BARE_BODY ?? '{}');

const app = Fastify({ logger: false });
app.get(path, () => body);
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
