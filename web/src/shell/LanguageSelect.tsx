import { NativeSelect } from '@chakra-ui/react';
import { LANGUAGES } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { changeLanguage, sanitiseDetectedLanguage } from '../lib/i18n';

/** The language selector of the public and app headers. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation('common');
  return (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field
        aria-label={t('language.label')}
        value={sanitiseDetectedLanguage(i18n.resolvedLanguage ?? 'en')}
        onChange={(e) => void changeLanguage(e.currentTarget.value)}
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
