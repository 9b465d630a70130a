import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import { intlLocale } from '@muster/contracts';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { system } from './system';
import { Toaster } from './toaster';

/**
 * Chakra (with the language's direction for right-to-left layouts and toast placement) and the
 * toaster. TanStack Query comes with the screens that call the API (`lib/with-queries`).
 */
export function Provider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation('common');
  return (
    <ChakraProvider value={system}>
      <LocaleProvider locale={intlLocale(i18n.resolvedLanguage)}>
        {children}
        {/* The toaster's own texts (namespace pwa) load without holding back the page;
            toasts raised meanwhile wait in the store. */}
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </LocaleProvider>
    </ChakraProvider>
  );
}
