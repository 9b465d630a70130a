import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { SIEM_LIMITS, type SiemDestination, type SiemSecretReveal } from '@muster/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../auth/signed-in-session';
import type { PageProps } from '../../lib/page';
import { EmptyList, ListSkeleton, LoadError } from '../../components/list';
import { Section } from '../../components/Section';
import { useListParams } from '../../lib/useListParams';
import { usePageTitle } from '../../lib/usePageTitle';
import { PageHeader } from '../../components/PageHeader';
import { SecurityAdminLinks } from '../audit/SecurityAdminLinks';
import { useDestinations, useLiveSiem } from './api';
import { DeliveryLog } from './DeliveryLog';
import { DestinationCard } from './DestinationCard';
import { DestinationDialog } from './DestinationDialog';
import { SecretDialog, type RevealedSecret } from './SecretDialog';

const KEYS = ['destination', 'status'] as const;

function Destinations() {
  const { t } = useTranslation(['siem', 'audit']);
  useLiveSiem();
  const destinations = useDestinations();
  const { values, offset, update } = useListParams(KEYS);
  // The dialog keeps its destination while it closes, so it does not turn into the add form on its way out.
  const [dialog, setDialog] = useState<{ open: boolean; destination?: SiemDestination }>({ open: false });
  const [revealed, setRevealed] = useState<RevealedSecret | null>(null);
  const onCreated = (reveal: SiemSecretReveal) => {
    setRevealed({ secret: reveal.secret, name: reveal.destination.name, rotated: false });
    update({ destination: reveal.destination.id, status: '' });
  };

  const items = destinations.data?.items ?? [];
  const full = items.length >= SIEM_LIMITS.destinationsPerOrg;
  const selected = items.find((d) => d.id === values.destination) ?? items[0] ?? null;
  const addButton = (
    <Button
      colorPalette="brand"
      alignSelf="flex-start"
      onClick={() => setDialog({ open: true })}
      disabled={full || !destinations.isSuccess}
      data-testid="siem-add"
    >
      {t('actions.add')}
    </Button>
  );

  return (
    <>
      <Stack gap="2">
        {addButton}
        {full && (
          <Text fontSize="sm" color="fg.muted" data-testid="siem-full">
            {t('errors.tooMany', { max: SIEM_LIMITS.destinationsPerOrg })}
          </Text>
        )}
      </Stack>
      {destinations.isPending ? (
        <ListSkeleton testId="siem-loading" />
      ) : destinations.isError ? (
        <LoadError title={t('loadError')} error={destinations.error} onRetry={() => void destinations.refetch()} testId="siem-error" />
      ) : items.length === 0 ? (
        <EmptyList title={t('empty.title')} text={t('empty.text')} testId="siem-empty" />
      ) : (
        <>
          <Section id="siem-destinations" title={t('destinations')} text={t('destinationsText', { max: SIEM_LIMITS.destinationsPerOrg })}>
            <Stack as="ul" gap="4" listStyleType="none" data-testid="siem-destinations">
              {items.map((d) => (
                <DestinationCard
                  key={d.id}
                  destination={d}
                  selected={selected?.id === d.id}
                  onSelect={() => update({ destination: d.id, status: values.status })}
                  onEdit={() => setDialog({ open: true, destination: d })}
                  onSecret={setRevealed}
                />
              ))}
            </Stack>
          </Section>
          {selected && (
            <Section id="siem-log" title={t('log.title', { name: selected.name })} text={t('log.text')}>
              <DeliveryLog
                key={selected.id}
                destination={selected}
                status={values.status}
                offset={offset}
                onChange={(next, o) => update({ destination: selected.id, status: values.status, ...next }, o)}
              />
            </Section>
          )}
        </>
      )}
      <DestinationDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        destination={dialog.destination}
        onCreated={onCreated}
      />
      <SecretDialog revealed={revealed} onClose={() => setRevealed(null)} />
    </>
  );
}

/**
 * /app/admin/siem: the organisation's SIEM destinations (signed webhooks of every security event),
 * their secrets, health and delivery logs, live.
 */
export default function SiemPage({ pageId }: PageProps) {
  const { t } = useTranslation(['siem', 'pages']);
  usePageTitle(pageId);
  const session = useSignedInSession();
  return (
    <Stack gap="6" maxWidth="6xl" data-testid="siem-page">
      <PageHeader title={t('pages:siem.title')} subtitle={t('subtitle')} />
      <SecurityAdminLinks />
      {session.org ? (
        <Destinations />
      ) : (
        <Alert.Root status="info" data-testid="siem-no-organization">
          <Alert.Indicator />
          <Alert.Description>{t('noOrganization')}</Alert.Description>
        </Alert.Root>
      )}
    </Stack>
  );
}
