import { Badge, HStack } from '@chakra-ui/react';
import type { EvidenceRequestView } from '@muster/contracts';
import { useTranslation } from 'react-i18next';

const COLOUR = { open: 'blue', submitted: 'purple', accepted: 'green', flagged: 'orange' } as const;

/**
 * A request's state (and "Overdue" beside it), in the namespace of the side showing it: both
 * `auditorPortal` and `auditorInvites` have `requests.states.*` and `requests.overdue`.
 */
export function RequestStateBadge({ request, ns }: { request: EvidenceRequestView; ns: 'auditorPortal' | 'auditorInvites' }) {
  const { t } = useTranslation(ns);
  return (
    <HStack gap="1" wrap="wrap">
      <Badge colorPalette={COLOUR[request.state]} data-testid="request-state">
        {t(`requests.states.${request.state}`)}
      </Badge>
      {request.overdue && (
        <Badge colorPalette="red" variant="solid" data-testid="request-overdue">
          {t('requests.overdue')}
        </Badge>
      )}
    </HStack>
  );
}
