import { Alert } from '@chakra-ui/react';
import type { MyRestriction } from '@muster/contracts';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { useMyRestriction } from './account-controls-api';

function Banner({ frozen }: { frozen: NonNullable<MyRestriction['frozen']> }) {
  const { t, i18n } = useTranslation('accountControls');
  return (
    <Alert.Root status="info" colorPalette="blue" role="status" marginBottom="5" data-testid="frozen-banner" data-scope={frozen.scope}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{frozen.scope === 'organization' ? t('banner.organizationTitle') : t('banner.title')}</Alert.Title>
        <Alert.Description dir="auto">
          {frozen.message || t('banner.text')}
          {frozen.endsAt ? ` ${t('banner.until', { at: formatDateTime(frozen.endsAt, i18n.resolvedLanguage) })}` : ''}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * The app shell's read-only banner: shown while support has frozen the signed-in account or its
 * organisation (every change is refused with 423), with support's message. It follows a freeze or
 * unfreeze at once (the socket event refetches it). Its texts load only when it shows.
 */
export function FrozenBanner() {
  const mine = useMyRestriction(true);
  const frozen = mine.data?.frozen;
  if (!frozen) return null;
  return (
    <Suspense fallback={null}>
      <Banner frozen={frozen} />
    </Suspense>
  );
}
