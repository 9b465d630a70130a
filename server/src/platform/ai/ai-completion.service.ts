import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';

export interface ChatCompletionMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface CompletionReply {
  content: string;
  /** `usage.total_tokens` as the API reported it (0 when it did not). */
  tokens: number;
}

/**
 * The one client of the configured OpenAI-compatible API (`ASSISTANT_API_URL`, `…_KEY`,
 * `…_MODEL`, `…_TIMEOUT_MS`): `POST <url>/chat/completions` at temperature 0. A timeout, a non-2xx
 * answer or an unreadable body is logged and answers null, so every caller has its own answer
 * without the model. Callers meter the tokens for their organisation.
 */
@Injectable()
export class AiCompletionService {
  private readonly logger = new Logger('AiCompletion');

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get configured(): boolean {
    return Boolean(this.config.ASSISTANT_API_URL && this.config.ASSISTANT_MODEL);
  }

  async complete(messages: ChatCompletionMessage[]): Promise<CompletionReply | null> {
    if (!this.configured) return null;
    const url = `${this.config.ASSISTANT_API_URL!.replace(/\/+$/, '')}/chat/completions`;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(this.config.ASSISTANT_API_KEY ? { Authorization: `Bearer ${this.config.ASSISTANT_API_KEY}` } : {}),
        },
        body: JSON.stringify({ model: this.config.ASSISTANT_MODEL, temperature: 0, messages }),
        signal: AbortSignal.timeout(this.config.ASSISTANT_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`the model answered HTTP ${res.status}`);
      const body = (await res.json()) as { choices?: { message?: { content?: unknown } }[]; usage?: { total_tokens?: unknown } };
      const content = body.choices?.[0]?.message?.content;
      const tokens = body.usage?.total_tokens;
      return {
        content: typeof content === 'string' ? content.trim() : '',
        tokens: typeof tokens === 'number' && Number.isSafeInteger(tokens) && tokens > 0 ? tokens : 0,
      };
    } catch (err) {
      this.logger.warn(`Answering without the model: ${err instanceof Error ? err.message : String(err)}`);
      return null;
    }
  }
}
