import { API_PATHS, DEFAULT_ASSISTANT_NAME, DEFAULT_SUPPORT_EMAIL, PRODUCT_NAME, type AppConfigInfo } from '@muster/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { apiRequest } from '../lib/api';
import { valueStore } from '../lib/value-store';

const DEFAULTS: AppConfigInfo = { productName: PRODUCT_NAME, assistantName: DEFAULT_ASSISTANT_NAME, supportEmail: DEFAULT_SUPPORT_EMAIL };

const config = valueStore<AppConfigInfo | null>(null);
let loading: Promise<void> | null = null;

/** Reads /api/app-config once per page; a failure is silent (the defaults stand) and the next screen asks again. */
function load(): void {
  loading ??= apiRequest<AppConfigInfo>('GET', API_PATHS.appConfig).then(
    (answer) => config.set(answer),
    () => {
      loading = null;
    },
  );
}

/**
 * Public installation settings (the assistant's name, the support address); the defaults show
 * until they load. Without TanStack Query: the public shell's help-desk button reads them, and a
 * visitor's first page does not load TanStack Query (issue 23).
 */
export function useAppConfig(): AppConfigInfo {
  const value = useSyncExternalStore(config.subscribe, config.get);
  useEffect(load, []);
  return value ?? DEFAULTS;
}
