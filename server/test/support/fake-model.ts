import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Tokens the fake model reports for every answer. */
export const MODEL_TOKENS = 137;

export interface ModelCall {
  path: string;
  authorization: string | undefined;
  body: { model: string; messages: { role: string; content: string }[] };
}

/**
 * An OpenAI-compatible API on loopback: records each call and answers as `mode` says — a fixed
 * `content`, `UNKNOWN`, a failure, or what `respond` makes of the call.
 */
export class FakeModel {
  readonly calls: ModelCall[] = [];
  mode: 'answer' | 'unknown' | 'fail' = 'answer';
  content = 'Rotate the lifeboat roster every Monday, as the article says.';
  /** When set, the answer's content is made from the call. */
  respond: ((call: ModelCall) => string) | null = null;
  private server!: Server;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      void readBody(req).then((text) => {
        const call: ModelCall = {
          path: req.url ?? '',
          authorization: req.headers.authorization,
          body: JSON.parse(text) as ModelCall['body'],
        };
        this.calls.push(call);
        if (this.mode === 'fail') {
          res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"overloaded"}}');
          return;
        }
        const content = this.mode === 'unknown' ? 'UNKNOWN' : this.respond ? this.respond(call) : this.content;
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'chatcmpl-test',
            object: 'chat.completion',
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
            usage: { prompt_tokens: MODEL_TOKENS - 20, completion_tokens: 20, total_tokens: MODEL_TOKENS },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => resolve(text));
  });
}
