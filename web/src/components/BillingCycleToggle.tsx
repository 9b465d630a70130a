import { Badge, Button, Group, HStack, VisuallyHidden } from '@chakra-ui/react';
import { ANNUAL_DISCOUNT_PERCENT, BILLING_CYCLES, type BillingCycle } from '@muster/contracts';
import { useTranslation } from 'react-i18next';

/**
 * Monthly or annual prices, with the annual saving beside them: the pricing page and the
 * subscription page. `testIdPrefix` names the buttons (`<prefix>-monthly`, `<prefix>-annual`).
 */
export function BillingCycleToggle({
  cycle,
  onChange,
  testIdPrefix,
}: {
  cycle: BillingCycle;
  onChange: (cycle: BillingCycle) => void;
  testIdPrefix: string;
}) {
  const { t } = useTranslation('pricing');
  return (
    <HStack gap="3" wrap="wrap">
      <Group attached role="group" aria-label={t('billing.label')}>
        {BILLING_CYCLES.map((value) => (
          <Button
            key={value}
            aria-pressed={cycle === value}
            variant={cycle === value ? 'solid' : 'outline'}
            colorPalette="brand"
            onClick={() => onChange(value)}
            data-testid={`${testIdPrefix}-${value}`}
          >
            {t(`billing.${value}`)}
          </Button>
        ))}
      </Group>
      <Badge colorPalette="green" size="lg" variant="surface">
        {t('billing.save', { percent: ANNUAL_DISCOUNT_PERCENT })}
      </Badge>
      <VisuallyHidden aria-live="polite">{t('price.announce', { period: t(`billing.${cycle}`) })}</VisuallyHidden>
    </HStack>
  );
}
