import { AUTH_MESSAGES } from '@muster/contracts';
import type { TFunction } from 'i18next';
import { errorMessage } from '../../lib/api';

type AuthMessageKey = keyof typeof AUTH_MESSAGES;
const BY_TEXT = new Map<string, AuthMessageKey>(Object.entries(AUTH_MESSAGES).map(([key, text]) => [text, key as AuthMessageKey]));

/**
 * The text to show for a failed identity request: the server's message (spec §8), translated
 * when it is one of the identity texts of contracts (`auth` namespace, `messages` section).
 */
export function authErrorText(t: TFunction, error: unknown): string {
  const message = errorMessage(error);
  const key = BY_TEXT.get(message);
  return key ? t(`messages.${key}`, { ns: 'auth' }) : message;
}
