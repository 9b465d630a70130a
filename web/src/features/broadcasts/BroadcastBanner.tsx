import { Alert, Button, Stack } from '@chakra-ui/react';
import type { BroadcastSeverity } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { useAcknowledgeBroadcast, useLiveBroadcasts, useMyBroadcasts } from './api';

const STATUS: Record<BroadcastSeverity, 'info' | 'warning' | 'error'> = { info: 'info', warning: 'warning', critical: 'error' };

/**
 * The platform's broadcasts in the app shell: each active banner not yet dismissed or acknowledged,
 * in the reader's language; live (started ones appear, ended ones leave).
 */
export function BroadcastBanner() {
  const { t } = useTranslation('notifications');
  useLiveBroadcasts();
  const mine = useMyBroadcasts();
  const acknowledge = useAcknowledgeBroadcast();
  const banners = (mine.data?.items ?? []).filter((b) => b.display === 'banner' && !b.acknowledgedAt);
  if (banners.length === 0) return null;
  return (
    <Stack gap="3" marginBottom="5" data-testid="broadcast-banners">
      {banners.map((b) => (
        <Alert.Root
          key={b.id}
          status={STATUS[b.severity]}
          role={b.severity === 'critical' ? 'alert' : 'status'}
          data-testid="broadcast-banner"
          data-id={b.id}
          data-severity={b.severity}
        >
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title dir="auto" lang={b.language}>
              {b.title}
            </Alert.Title>
            {b.body && (
              <Alert.Description dir="auto" lang={b.language} whiteSpace="pre-line">
                {b.body}
              </Alert.Description>
            )}
          </Alert.Content>
          <Button
            size="sm"
            variant={b.requiresAck ? 'solid' : 'ghost'}
            alignSelf="start"
            loading={acknowledge.isPending && acknowledge.variables === b.id}
            onClick={() => acknowledge.mutate(b.id)}
            data-testid={b.requiresAck ? 'broadcast-acknowledge' : 'broadcast-dismiss'}
          >
            {b.requiresAck ? t('broadcast.acknowledge') : t('broadcast.dismiss')}
          </Button>
        </Alert.Root>
      ))}
    </Stack>
  );
}
