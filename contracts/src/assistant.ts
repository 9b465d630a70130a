import { reason } from './reasons.js';
import { z } from 'zod';
import { defineEndpoint } from './http.js';
import { LANGUAGE_CODES, type LanguageCode } from './i18n.js';
import { snippetPartSchema } from './knowledge.js';

/** The help-desk assistant ("Skipper" by default): answers from published knowledge-base articles. */
export const ASSISTANT_LIMITS = { questionMax: 500 } as const;

export const askAssistantSchema = z.object({
  question: z
    .string({ error: reason('validation.required') })
    .trim()
    .min(1, reason('validation.required'))
    .max(ASSISTANT_LIMITS.questionMax, reason('validation.maxLength')),
  language: z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]], { error: reason('validation.language') }).default('en'),
});
export type AskAssistantRequest = z.input<typeof askAssistantSchema>;

export const assistantSourceSchema = z.object({
  articleId: z.uuid(),
  title: z.string(),
  /** The passage that matched, its matching words marked. */
  snippet: z.array(snippetPartSchema),
  /** Where the help centre shows the article. */
  path: z.string(),
});
export type AssistantSource = z.infer<typeof assistantSourceSchema>;

export const assistantAnswerSchema = z.object({
  /** Markdown, in the asked language. */
  answer: z.string(),
  sources: z.array(assistantSourceSchema),
  /** False when no published article answers the question: the answer says so and suggests a person or a ticket. */
  known: z.boolean(),
});
export type AssistantAnswer = z.infer<typeof assistantAnswerSchema>;

/** The help centre's deep link to one article. */
export const helpArticlePath = (id: string): string => `/app/help?article=${encodeURIComponent(id)}`;

export const assistantEndpoints = {
  ask: defineEndpoint({
    method: 'POST',
    path: '/api/assistant/ask',
    tag: 'assistant',
    summary: 'Asks the help-desk assistant; it answers from published articles, or says it does not know (public, rate limited)',
    body: askAssistantSchema,
    response: assistantAnswerSchema,
  }),
};
