import { NativeSelect } from '@chakra-ui/react';
import { LANGUAGES } from '@muster/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changeLanguage, sanitiseDetectedLanguage } from '../lib/i18n';
import { rememberLanguage } from './remember-language';

/**
 * The language selector of the public and app headers. The choice is kept in the browser and,
 * while signed in, stored for the account (emails are written in it).
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation('common');
  const queryClient = useQueryClient();
  return (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field
        aria-label={t('language.label')}
        value={sanitiseDetectedLanguage(i18n.resolvedLanguage ?? 'en')}
        onChange={(e) => {
          const code = e.currentTarget.value;
          void changeLanguage(code).then(() => rememberLanguage(queryClient, code));
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
