import { Alert, Button, HStack, Link } from '@chakra-ui/react';
import { alertSeverity, type UsageAlertSeverity } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useDismissUsageAlert, useUsageAlerts } from '../features/usage/useUsageAlerts';

/** Spec §4: critical is red, urgent orange, a warning yellow. */
const PALETTE: Record<UsageAlertSeverity, { status: 'error' | 'warning'; colorPalette: string }> = {
  critical: { status: 'error', colorPalette: 'red' },
  urgent: { status: 'warning', colorPalette: 'orange' },
  warning: { status: 'warning', colorPalette: 'yellow' },
};

/**
 * The usage-alert banner of the app shell (spec §4): only the first (most severe) undismissed
 * alert; at 100 % it says that adding more of that service is blocked until an upgrade. It
 * follows pushed alerts live; dismissing refreshes the list.
 */
export function UsageAlertBanner({ hasOrganization }: { hasOrganization: boolean }) {
  const { t } = useTranslation('usage');
  const alerts = useUsageAlerts(hasOrganization);
  const dismiss = useDismissUsageAlert();
  const alert = alerts.data?.[0];
  if (!alert) return null;
  const severity = alertSeverity(alert.threshold);
  const resource = t(`resources.${alert.resourceType}`);
  return (
    <Alert.Root
      {...PALETTE[severity]}
      role={severity === 'critical' ? 'alert' : 'status'}
      marginBottom="5"
      data-testid="usage-alert-banner"
      data-severity={severity}
      data-threshold={alert.threshold}
      data-resource={alert.resourceType}
    >
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t(`banner.title.${severity}`)}</Alert.Title>
        <Alert.Description>
          {t('banner.reached', { resource, threshold: alert.threshold })}{' '}
          {severity === 'critical' ? t('banner.blocked', { resource }) : null}
        </Alert.Description>
        <HStack gap="4" marginTop="2" flexWrap="wrap">
          <Link asChild fontWeight="semibold" textDecoration="underline">
            <RouterLink to="/app/subscription" data-testid="usage-alert-upgrade">
              {t('banner.upgrade')}
            </RouterLink>
          </Link>
          <Link asChild textDecoration="underline">
            <RouterLink to="/app/usage">{t('banner.viewUsage')}</RouterLink>
          </Link>
        </HStack>
      </Alert.Content>
      <Button
        size="sm"
        variant="ghost"
        alignSelf="start"
        onClick={() => dismiss.mutate(alert.id)}
        loading={dismiss.isPending}
        data-testid="usage-alert-dismiss"
      >
        {t('banner.dismiss')}
      </Button>
    </Alert.Root>
  );
}
