import { Badge } from '@chakra-ui/react';
import type { EvidenceReviewState } from '@muster/contracts';
import { useTranslation } from 'react-i18next';

const STATE_PALETTE: Record<EvidenceReviewState, string> = { pending: 'orange', accepted: 'green', flagged: 'red' };

/** This auditor's verdict on a record, as a coloured badge. */
export function StateBadge({ state }: { state: EvidenceReviewState }) {
  const { t } = useTranslation('auditorPortal');
  return (
    <Badge colorPalette={STATE_PALETTE[state]} data-testid="evidence-state" data-state={state}>
      {t(`states.${state}`)}
    </Badge>
  );
}
