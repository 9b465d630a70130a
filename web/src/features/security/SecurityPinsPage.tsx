import { Badge, Card, HStack, Stack, Switch, Text } from '@chakra-ui/react';
import type { PinMember } from '@muster/contracts';
import { formatDateTime } from '../../lib/format';
import { useTranslation } from 'react-i18next';
import { SecurityLinks } from './SecurityLinks';
import { EmptyList, ListSkeleton, LoadError } from '../../components/list';
import { PageHeader } from '../../components/PageHeader';
import { toaster } from '../../components/ui/toaster';
import { errorText } from '../../lib/error-text';
import type { PageProps } from '../../lib/page';
import { usePageTitle } from '../../lib/usePageTitle';
import { usePinMembers, useUpdateSecurityPolicy } from './api';

function MemberRow({ member }: { member: PinMember }) {
  const { t, i18n } = useTranslation('security');
  return (
    <Card.Root variant="outline" size="sm" data-testid="pin-member" data-has-pin={member.hasPin}>
      <Card.Body>
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Stack gap="0" minWidth="0">
            <Text fontWeight="semibold">
              <bdi>{member.name}</bdi>
            </Text>
            <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
              <bdi>{member.email}</bdi> · {t(`roles.${member.role}`, { defaultValue: member.role })}
            </Text>
          </Stack>
          {member.hasPin ? (
            <Badge colorPalette="green">
              {member.setAt ? t('pins.setOn', { date: formatDateTime(member.setAt, i18n.resolvedLanguage) }) : t('pins.has')}
            </Badge>
          ) : (
            <Badge colorPalette="orange">{t('pins.none')}</Badge>
          )}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** /app/admin/security-pins (ADMIN): who has a support PIN (never the PIN), and whether PINs are required. */
export default function SecurityPinsPage({ pageId }: PageProps) {
  const { t } = useTranslation(['security', 'pages']);
  usePageTitle(pageId);
  const pins = usePinMembers();
  const update = useUpdateSecurityPolicy();
  const withPin = pins.data?.items.filter((m) => m.hasPin).length ?? 0;
  return (
    <Stack gap="6" maxWidth="4xl" data-testid="security-pins-page">
      <PageHeader title={t('pages:securityPins.title')} subtitle={t('pins.subtitle')} />
      <SecurityLinks />
      {pins.isPending ? (
        <ListSkeleton testId="pins-loading" />
      ) : pins.isError ? (
        <LoadError title={t('pins.loadError')} error={pins.error} onRetry={() => void pins.refetch()} testId="pins-error" />
      ) : (
        <>
          <Card.Root variant="subtle">
            <Card.Body>
              <Switch.Root
                checked={pins.data.required}
                disabled={update.isPending}
                onCheckedChange={(e) =>
                  update.mutate(
                    { pinsRequired: e.checked },
                    {
                      onSuccess: (next) =>
                        toaster.create({ type: 'success', title: t(next.pinsRequired ? 'pins.requiredOn' : 'pins.requiredOff') }),
                      onError: (err) => toaster.create({ type: 'error', title: t('common:error.title'), description: errorText(t, err) }),
                    },
                  )
                }
              >
                <Switch.HiddenInput data-testid="pins-required" />
                <Switch.Control />
                <Switch.Label>{t('pins.require')}</Switch.Label>
              </Switch.Root>
              <Text fontSize="sm" color="fg.muted" mt="2">
                {t('pins.requireHelp')}
              </Text>
            </Card.Body>
          </Card.Root>
          <Text aria-live="polite" data-testid="pins-summary">
            {t('pins.summary', { total: pins.data.items.length, withPin })}
          </Text>
          {pins.data.items.length === 0 ? (
            <EmptyList title={t('pins.emptyTitle')} text={t('pins.emptyText')} />
          ) : (
            <Stack gap="2" as="ul" listStyleType="none">
              {pins.data.items.map((member) => (
                <li key={member.userId}>
                  <MemberRow member={member} />
                </li>
              ))}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
