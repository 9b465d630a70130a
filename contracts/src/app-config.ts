import { z } from 'zod';
import { defineEndpoint } from './http.js';
import { API_PATHS } from './product.js';

/** Public settings the web app needs before sign-in. */
export const appConfigSchema = z.object({
  productName: z.string(),
  /** The help-desk assistant's name ("Chat with {name}"). */
  assistantName: z.string(),
  /** Where people can write to support (shown on the contact page). */
  supportEmail: z.string(),
});
export type AppConfigInfo = z.infer<typeof appConfigSchema>;

export const appConfigEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: API_PATHS.appConfig,
    tag: 'platform',
    summary: 'Public settings of this installation (assistant name, support address)',
    response: appConfigSchema,
  }),
};
