import { Stack, Switch, Text } from '@chakra-ui/react';
import { OVERAGE, type UsageOverview } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { toaster } from '../../components/ui/toaster';
import { useSetOverage } from '../billing/api';
import { useMoney } from '../billing/components';
import { errorText } from '../../lib/error-text';

/** Overage billing (ADMIN, Basic and Standard): work goes on past the limit and is billed. */
export function OverageSetting({ overview }: { overview: UsageOverview }) {
  const { t } = useTranslation(['usage', 'billing']);
  const money = useMoney();
  const set = useSetOverage();
  return (
    <Stack gap="2" data-testid="overage-setting">
      <Switch.Root
        checked={overview.overageEnabled}
        disabled={set.isPending}
        onCheckedChange={(e) =>
          set.mutate(e.checked, {
            onError: (err) => toaster.create({ type: 'error', title: t('overage.failed'), description: errorText(t, err) }),
          })
        }
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>{t('overage.label')}</Switch.Label>
      </Switch.Root>
      <Text fontSize="sm" color="fg.muted">
        {t('overage.text', {
          runPrice: money(OVERAGE.drillRunBlockPriceCents),
          runBlock: OVERAGE.drillRunBlockSize,
          gbPrice: money(OVERAGE.storagePricePerGbCents),
        })}
      </Text>
    </Stack>
  );
}
