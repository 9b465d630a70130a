import { api, type GrantCreditInput, type SaveThresholdsInput, type StartCheckoutInput } from '@muster/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callEndpoint } from '../../lib/api';
import { onResync, useSocketEvent } from '../../lib/socket';
import { usageKeys } from '../usage/useUsageAlerts';

/** Query keys of billing; all start with `billing`, so a plan change refreshes them at once. */
export const billingKeys = {
  all: ['billing'] as const,
  subscription: ['billing', 'subscription'] as const,
  checkout: (id: string) => ['billing', 'checkout', id] as const,
  invoices: ['billing', 'invoices'] as const,
  accountant: ['billing', 'accountant'] as const,
  credits: ['billing', 'credits'] as const,
};

/** After a plan change: billing, usage limits and alerts all read again. */
function refreshAll(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: billingKeys.all });
  void queryClient.invalidateQueries({ queryKey: usageKeys.overview });
  void queryClient.invalidateQueries({ queryKey: usageKeys.alerts });
}

export function useSubscription() {
  return useQuery({ queryKey: billingKeys.subscription, queryFn: () => callEndpoint(api.billing.subscription), meta: { silent: true } });
}

/** Keeps billing pages live: a plan changed elsewhere (another admin, Stripe's webhook) refreshes them. */
export function useLiveBilling(): void {
  const queryClient = useQueryClient();
  useSocketEvent('billing:subscription', () => refreshAll(queryClient));
  useEffect(() => onResync(() => refreshAll(queryClient)), [queryClient]);
}

export function useCheckout(id: string | null) {
  return useQuery({
    queryKey: billingKeys.checkout(id ?? ''),
    queryFn: () => callEndpoint(api.billing.checkout, { params: { id: id ?? '' } }),
    enabled: Boolean(id),
    meta: { silent: true },
  });
}

export function useStartCheckout() {
  return useMutation({ mutationFn: (input: StartCheckoutInput) => callEndpoint(api.billing.startCheckout, { body: input }) });
}

export function useCompleteCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(api.billing.completeCheckout, { params: { id } }),
    onSuccess: (checkout) => {
      queryClient.setQueryData(billingKeys.checkout(checkout.id), checkout);
      refreshAll(queryClient);
    },
  });
}

export function useCancelCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(api.billing.cancelCheckout, { params: { id } }),
    onSuccess: (checkout) => queryClient.setQueryData(billingKeys.checkout(checkout.id), checkout),
  });
}

export function useSetRenewal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cancelAtPeriodEnd: boolean) => callEndpoint(api.billing.setRenewal, { body: { cancelAtPeriodEnd } }),
    onSuccess: (info) => queryClient.setQueryData(billingKeys.subscription, info),
  });
}

export function usePortal() {
  return useMutation({ mutationFn: () => callEndpoint(api.billing.portal) });
}

export function useInvoices(enabled = true) {
  return useQuery({ queryKey: billingKeys.invoices, queryFn: () => callEndpoint(api.billing.invoices), enabled, meta: { silent: true } });
}

export function useMarkPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(api.billing.markPaid, { params: { id } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: billingKeys.invoices });
      void queryClient.invalidateQueries({ queryKey: billingKeys.accountant });
    },
  });
}

export function useAccountant() {
  return useQuery({ queryKey: billingKeys.accountant, queryFn: () => callEndpoint(api.billing.accountant), meta: { silent: true } });
}

export function useCredits() {
  return useQuery({ queryKey: billingKeys.credits, queryFn: () => callEndpoint(api.billing.credits), meta: { silent: true } });
}

export function useGrantCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GrantCreditInput) => callEndpoint(api.billing.grantCredit, { body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: billingKeys.credits }),
  });
}

/** Usage figures of the dashboard. */
export function useUsageOverview() {
  return useQuery({ queryKey: usageKeys.overview, queryFn: () => callEndpoint(api.usage.overview), meta: { silent: true } });
}

export function useSaveThresholds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveThresholdsInput) => callEndpoint(api.usage.saveThresholds, { body: input }),
    onSuccess: (overview) => {
      queryClient.setQueryData(usageKeys.overview, overview);
      void queryClient.invalidateQueries({ queryKey: usageKeys.alerts });
    },
  });
}

export function useSetOverage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => callEndpoint(api.usage.setOverage, { body: { enabled } }),
    onSuccess: (overview) => {
      queryClient.setQueryData(usageKeys.overview, overview);
      void queryClient.invalidateQueries({ queryKey: billingKeys.subscription });
    },
  });
}
