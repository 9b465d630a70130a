import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import { intlLocale } from '@muster/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createQueryClient } from '../../lib/query-client';
import { system } from './system';
import { Toaster, toaster } from './toaster';

/** Chakra (with the language's direction for right-to-left layouts and toast placement), TanStack Query and the toaster. */
export function Provider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation('common');
  const queryClient = useMemo(
    () => createQueryClient((description) => toaster.create({ type: 'error', title: t('error.title'), description })),
    // The client lives for the whole page; `t` reads the current language when a toast is made.
    [],
  );
  return (
    <ChakraProvider value={system}>
      <LocaleProvider locale={intlLocale(i18n.resolvedLanguage)}>
        <QueryClientProvider client={queryClient}>
          {children}
          {/* The toaster's own texts (namespace pwa) load without holding back the page;
              toasts raised meanwhile wait in the store. */}
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        </QueryClientProvider>
      </LocaleProvider>
    </ChakraProvider>
  );
}
