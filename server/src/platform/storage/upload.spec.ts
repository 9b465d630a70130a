import Fastify, { type FastifyRequest } from 'fastify';
import { streamingMultipart } from './upload.js';

function multipartBody(boundary: string, field: string, filename: string, content: string): string {
  return [
    `--${boundary}`,
    `Content-Disposition: form-data; name="${field}"; filename="${filename}"`,
    'Content-Type: text/plain',
    '',
    content,
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

describe('streamingMultipart', () => {
  it('parses a file as @fastify/multipart does, without its per-request hooks, refusing its disk mode', async () => {
    const app = Fastify();
    const hooks: string[] = [];
    const addHook = app.addHook.bind(app);
    app.addHook = (name: string, hook: never) => {
      hooks.push(name);
      return addHook(name as never, hook);
    };
    await app.register(streamingMultipart, { limits: { fileSize: 1_000, files: 1 } });
    app.post('/upload', async (request: FastifyRequest) => {
      const part = await request.file();
      return { field: part?.fieldname, filename: part?.filename, size: (await part!.toBuffer()).length };
    });
    app.post('/disk', async (request: FastifyRequest) => {
      await request.saveRequestFiles();
      return {};
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      expect(hooks).not.toContain('onRequest');
      expect(hooks).not.toContain('onResponse');
      const boundary = 'b0undary';
      const post = (path: string) =>
        fetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
          body: multipartBody(boundary, 'file', 'a.txt', 'hello'),
        });
      expect(await (await post('/upload')).json()).toEqual({ field: 'file', filename: 'a.txt', size: 5 });
      expect((await post('/disk')).status).toBe(500);
    } finally {
      await app.close();
    }
  });
});
