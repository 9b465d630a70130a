import { NativeSelect } from '@chakra-ui/react';
import { LANGUAGES } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { sessionPresence } from '../features/auth/session-fetch';
import { changeLanguage, sanitiseDetectedLanguage } from '../lib/i18n';

/** Signed in: the choice is stored for the account too (with the session query, loaded by then). */
async function rememberForAccount(code: string): Promise<void> {
  if (sessionPresence.get() !== true) return;
  const [{ queryClient }, { rememberLanguage }] = await Promise.all([import('../lib/query-layer'), import('./remember-language')]);
  await rememberLanguage(queryClient, code);
}

/**
 * The language selector of the public and app headers. The choice is kept in the browser and,
 * while signed in, stored for the account (emails are written in it).
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation('common');
  return (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field
        aria-label={t('language.label')}
        value={sanitiseDetectedLanguage(i18n.resolvedLanguage ?? 'en')}
        onChange={(e) => {
          const code = e.currentTarget.value;
          void changeLanguage(code).then(() => rememberForAccount(code));
        }}
        data-testid="language-select"
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.nativeName}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
