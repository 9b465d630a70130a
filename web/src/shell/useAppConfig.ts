import { API_PATHS, DEFAULT_ASSISTANT_NAME, DEFAULT_SUPPORT_EMAIL, PRODUCT_NAME, type AppConfigInfo } from '@muster/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api';

/** Public installation settings (the assistant's name, the support address); the defaults show until they load. */
export function useAppConfig(): AppConfigInfo {
  // The path alone, not the endpoint object: the public pages load this without zod.
  const query = useQuery({
    queryKey: [API_PATHS.appConfig],
    queryFn: () => apiRequest<AppConfigInfo>('GET', API_PATHS.appConfig),
    meta: { silent: true },
  });
  return query.data ?? { productName: PRODUCT_NAME, assistantName: DEFAULT_ASSISTANT_NAME, supportEmail: DEFAULT_SUPPORT_EMAIL };
}
