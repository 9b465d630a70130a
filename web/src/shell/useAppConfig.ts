import { api, DEFAULT_ASSISTANT_NAME, DEFAULT_SUPPORT_EMAIL, PRODUCT_NAME, type AppConfigInfo } from '@muster/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../lib/api';

/** Public installation settings (the assistant's name, the support address); the defaults show until they load. */
export function useAppConfig(): AppConfigInfo {
  const query = useQuery({ queryKey: [api.appConfig.get.path], queryFn: () => callEndpoint(api.appConfig.get), meta: { silent: true } });
  return query.data ?? { productName: PRODUCT_NAME, assistantName: DEFAULT_ASSISTANT_NAME, supportEmail: DEFAULT_SUPPORT_EMAIL };
}
