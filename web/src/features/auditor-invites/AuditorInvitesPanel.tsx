import { Badge, Button, Card, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { AuditorInvite } from '@muster/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { FormDialog } from '../../components/FormDialog';
import { EmptyList, ListSkeleton, LoadError } from '../../components/list';
import { toaster } from '../../components/ui/toaster';
import { errorText } from '../../lib/error-text';
import { formatDate, formatDateTime } from '../../lib/format';
import { useProfiles } from '../compliance/api';
import { useInvites, useRevokeInvite } from './api';
import { InviteForm } from './InviteForm';

const STATUS_COLOUR = { active: 'green', expired: 'gray', revoked: 'red' } as const;

/** The invite dialog (new, or a change of an active invite's scope and expiry). */
function InviteDialog({ trigger, invite }: { trigger: ReactNode; invite?: AuditorInvite }) {
  const { t } = useTranslation('auditorInvites');
  const profiles = useProfiles();
  return (
    <FormDialog
      trigger={trigger}
      title={invite ? t('form.editHeading') : t('form.heading')}
      testId={invite ? 'invite-edit-dialog' : 'invite-dialog'}
      closeLabel={t('close')}
    >
      {(close) =>
        profiles.isPending ? (
          <ListSkeleton rows={2} testId="invite-profiles-loading" />
        ) : profiles.isError ? (
          <LoadError title={t('form.profilesError')} error={profiles.error} onRetry={() => void profiles.refetch()} />
        ) : (
          <InviteForm profiles={profiles.data.items} invite={invite} onDone={close} />
        )
      }
    </FormDialog>
  );
}

/** Revoking, after saying what it does. */
function RevokeDialog({ invite }: { invite: AuditorInvite }) {
  const { t } = useTranslation(['auditorInvites', 'errors']);
  const revoke = useRevokeInvite();
  return (
    <FormDialog
      trigger={
        <Button size="xs" variant="outline" colorPalette="red" data-testid={`invite-revoke-${invite.email}`}>
          {t('list.revoke')}
        </Button>
      }
      title={t('revoke.heading')}
      testId="invite-revoke-dialog"
      closeLabel={t('close')}
    >
      {(close) => (
        <Stack gap="4">
          <Text dir="auto">{t('revoke.text', { name: invite.auditorName, email: invite.email })}</Text>
          {revoke.error && (
            <Text color="fg.error" role="alert">
              {errorText(t, revoke.error)}
            </Text>
          )}
          <HStack gap="3" wrap="wrap">
            <Button
              colorPalette="red"
              loading={revoke.isPending}
              data-testid="invite-revoke-confirm"
              onClick={() =>
                revoke.mutate(invite.id, {
                  onSuccess: () => {
                    toaster.create({ type: 'success', title: t('revoke.done', { name: invite.auditorName }) });
                    close();
                  },
                })
              }
            >
              {t('revoke.confirm')}
            </Button>
            <Button variant="outline" onClick={close}>
              {t('revoke.cancel')}
            </Button>
          </HStack>
        </Stack>
      )}
    </FormDialog>
  );
}

function InviteCard({ invite }: { invite: AuditorInvite }) {
  const { t, i18n } = useTranslation('auditorInvites');
  const language = i18n.resolvedLanguage;
  const scope = invite.scope;
  const profiles = scope.profiles.map((p) => p.name).join(', ');
  return (
    <Card.Root variant="outline" as="li" data-testid={`invite-${invite.email}`}>
      <Card.Body gap="2">
        <HStack justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Stack gap="0" minWidth="0">
            <Text fontWeight="semibold" dir="auto">
              {invite.firm ? t('list.nameFirm', { name: invite.auditorName, firm: invite.firm }) : invite.auditorName}
            </Text>
            <Text fontSize="sm" color="fg.muted" dir="ltr" textAlign="start" wordBreak="break-all">
              {invite.email}
            </Text>
          </Stack>
          <Badge colorPalette={STATUS_COLOUR[invite.status]} data-testid="invite-status">
            {t(`status.${invite.status}`)}
          </Badge>
        </HStack>
        <Text fontSize="sm" dir="auto">
          {profiles ? t('list.profiles', { profiles }) : t('list.noProfiles')}
        </Text>
        <Text fontSize="sm">
          {scope.facilities.length ? t('list.facilities', { facilities: scope.facilities.join(', ') }) : t('list.allFacilities')}
        </Text>
        <Text fontSize="sm" data-testid="invite-period">
          {t('list.period', { from: formatDate(scope.from, language), to: formatDate(scope.to, language) })}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {t(invite.status === 'expired' ? 'list.expired' : 'list.expires', { date: formatDateTime(invite.expiresAt, language) })}
          {' · '}
          {invite.lastUsedAt ? t('list.lastUsed', { date: formatDateTime(invite.lastUsedAt, language) }) : t('list.neverUsed')}
        </Text>
        <HStack gap="2" wrap="wrap" paddingTop="1">
          <Link asChild fontSize="sm" fontWeight="semibold" data-testid={`invite-preview-${invite.email}`}>
            <RouterLink to={`/auditor/dashboard?preview=${invite.id}`}>{t('list.preview')}</RouterLink>
          </Link>
          {invite.status === 'active' && (
            <>
              <InviteDialog
                invite={invite}
                trigger={
                  <Button size="xs" variant="outline" data-testid={`invite-edit-${invite.email}`}>
                    {t('list.edit')}
                  </Button>
                }
              />
              <RevokeDialog invite={invite} />
            </>
          )}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The evidence vault's "Auditors" tab (ADMIN): the organisation's guest-auditor invites with their
 * scope, expiry and use; inviting, changing the scope or expiry, revoking (which signs the auditor
 * out at once) and previewing the portal as the auditor (read-only).
 */
export default function AuditorInvitesPanel(_props: { preview?: string | null; readOnly?: boolean }) {
  const { t } = useTranslation('auditorInvites');
  const invites = useInvites();
  const inviteButton = (
    <Button colorPalette="brand" size="sm" data-testid="invite-open">
      {t('list.invite')}
    </Button>
  );
  return (
    <Stack gap="4" data-testid="auditor-invites-panel">
      <HStack justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <Text color="fg.muted" fontSize="sm" maxWidth="2xl">
          {t('list.intro')}
        </Text>
        {invites.isSuccess && invites.data.length > 0 && <InviteDialog trigger={inviteButton} />}
      </HStack>
      {invites.isPending ? (
        <ListSkeleton testId="invites-loading" />
      ) : invites.isError ? (
        <LoadError title={t('list.error')} error={invites.error} onRetry={() => void invites.refetch()} testId="invites-error" />
      ) : invites.data.length === 0 ? (
        <EmptyList
          title={t('list.emptyTitle')}
          text={t('list.empty')}
          action={<InviteDialog trigger={inviteButton} />}
          testId="invites-empty"
        />
      ) : (
        <Stack as="ul" listStyleType="none" gap="3" data-testid="invites-list">
          {invites.data.map((invite) => (
            <InviteCard key={invite.id} invite={invite} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
