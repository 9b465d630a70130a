import { Alert, Badge, Button, Clipboard, HStack, Input, NativeSelect, Stack, Table } from '@chakra-ui/react';
import {
  createScimTokenSchema,
  SCIM_LIMITS,
  SCIM_MAPPABLE_ROLES,
  type ScimGroupRow,
  type ScimMappableRole,
  type ScimToken,
} from '@muster/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/form/FormField';
import { EmptyList, ListSkeleton, LoadError } from '../../components/list';
import { PageHeader } from '../../components/PageHeader';
import { Section } from '../../components/Section';
import { toaster } from '../../components/ui/toaster';
import { errorText } from '../../lib/error-text';
import { useMusterForm } from '../../lib/forms';
import type { PageProps } from '../../lib/page';
import { usePageTitle } from '../../lib/usePageTitle';
import { useAuditText } from '../audit/audit-text';
import { ConfirmButton } from '../account-controls/components';
import { SecurityAdminLinks } from '../audit/SecurityAdminLinks';
import { useSignedInSession } from '../auth/signed-in-session';
import { useCreateScimToken, useRevokeScimToken, useScimOverview, useScimRequests, useSetScimGroupRole } from './api';
import { TokenDialog, type RevealedToken } from './TokenDialog';

function TokenForm({ onDone, onCreated }: { onDone: () => void; onCreated: (revealed: RevealedToken) => void }) {
  const { t } = useTranslation(['scim', 'common']);
  const create = useCreateScimToken();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useMusterForm(createScimTokenSchema, { name: '' });
  const submit = form.handleSubmit((data) => {
    setFailure(null);
    create.mutate(data, {
      onSuccess: (reveal) => {
        onCreated({ secret: reveal.secret, name: reveal.token.name });
        onDone();
      },
      onError: (err) => {
        if (!form.setServerErrors(err)) setFailure(errorText(t, err));
      },
    });
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="scim-token-form">
      <Stack gap="4">
        {failure && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Root>
        )}
        <FormField label={t('tokens.name')} error={form.message('name')} helperText={t('tokens.nameHelp')} required>
          <Input {...form.register('name')} maxLength={SCIM_LIMITS.nameMax} dir="auto" autoComplete="off" data-testid="scim-token-name" />
        </FormField>
        <HStack justify="flex-end">
          <Button variant="outline" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" colorPalette="brand" loading={create.isPending} data-testid="scim-token-create">
            {t('tokens.create')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

function RevokeButton({ token }: { token: ScimToken }) {
  const { t } = useTranslation('scim');
  const revoke = useRevokeScimToken();
  return (
    <ConfirmButton
      size="xs"
      label={t('tokens.revoke')}
      title={t('tokens.revokeTitle')}
      text={t('tokens.revokeText', { name: token.name })}
      confirm={t('tokens.revokeConfirm')}
      loading={revoke.isPending}
      testId="scim-token-revoke"
      onConfirm={(close) =>
        revoke.mutate(token.id, {
          onSuccess: () => {
            close();
            toaster.create({ type: 'success', title: t('tokens.revoked', { name: token.name }) });
          },
          onError: (err) => toaster.create({ type: 'error', title: t('tokens.revokeFailed'), description: errorText(t, err) }),
        })
      }
    />
  );
}

function GroupRoleSelect({ group }: { group: ScimGroupRow }) {
  const { t } = useTranslation(['scim', 'common']);
  const setRole = useSetScimGroupRole();
  return (
    <NativeSelect.Root size="sm" width="12rem" disabled={setRole.isPending}>
      <NativeSelect.Field
        aria-label={t('groups.roleFor', { name: group.displayName })}
        value={group.role ?? ''}
        data-testid="scim-group-role"
        onChange={(e) => {
          const role = (e.currentTarget.value || null) as ScimMappableRole | null;
          setRole.mutate(
            { id: group.id, role },
            {
              onSuccess: () => toaster.create({ type: 'success', title: t('groups.saved', { name: group.displayName }) }),
              onError: (err) => toaster.create({ type: 'error', title: t('groups.failed'), description: errorText(t, err) }),
            },
          );
        }}
      >
        <option value="">{t('groups.noRole')}</option>
        {SCIM_MAPPABLE_ROLES.map((role) => (
          <option key={role} value={role}>
            {t(`roles.${role}`, { ns: 'common' })}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

function Requests() {
  const { t } = useTranslation('scim');
  const audit = useAuditText();
  const requests = useScimRequests();
  if (requests.isPending) return <ListSkeleton testId="scim-requests-loading" />;
  if (requests.isError)
    return <LoadError title={t('loadError')} error={requests.error} onRetry={() => void requests.refetch()} testId="scim-requests-error" />;
  if (requests.data.items.length === 0)
    return <EmptyList title={t('requests.emptyTitle')} text={t('requests.emptyText')} testId="scim-requests-empty" />;
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" data-testid="scim-requests">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('requests.time')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('requests.method')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('requests.path')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('requests.status')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('requests.token')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {requests.data.items.map((r) => (
            <Table.Row key={r.id} data-testid="scim-request">
              <Table.Cell whiteSpace="nowrap">{audit.time(r.at)}</Table.Cell>
              <Table.Cell fontFamily="mono">{r.method}</Table.Cell>
              <Table.Cell fontFamily="mono" dir="ltr" textAlign="start" maxWidth="24rem" truncate title={r.path}>
                {r.path}
              </Table.Cell>
              <Table.Cell>
                <Badge colorPalette={r.outcome === 'success' ? 'green' : 'red'} title={t(`requests.${r.outcome}`)}>
                  {r.status}
                </Badge>
              </Table.Cell>
              <Table.Cell dir="auto">{r.tokenName ?? '—'}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function Provisioning() {
  const { t } = useTranslation(['scim', 'common']);
  const audit = useAuditText();
  const overview = useScimOverview();
  const [creating, setCreating] = useState(false);
  const [revealed, setRevealed] = useState<RevealedToken | null>(null);

  if (overview.isPending) return <ListSkeleton testId="scim-loading" />;
  if (overview.isError)
    return <LoadError title={t('loadError')} error={overview.error} onRetry={() => void overview.refetch()} testId="scim-error" />;
  const { endpoint, tokens, users, groups } = overview.data;
  const live = tokens.filter((tk) => !tk.revokedAt);

  return (
    <>
      <Section id="scim-endpoint" title={t('endpoint.title')} text={t('endpoint.text')}>
        <Clipboard.Root value={endpoint} maxWidth="40rem">
          <HStack gap="2" align="stretch" wrap={{ base: 'wrap', sm: 'nowrap' }}>
            <Clipboard.Input asChild>
              <Input
                readOnly
                dir="ltr"
                fontFamily="mono"
                fontSize="sm"
                flex="1 1 14rem"
                aria-label={t('endpoint.title')}
                data-testid="scim-endpoint"
              />
            </Clipboard.Input>
            <Clipboard.Trigger asChild>
              <Button variant="outline">
                <Clipboard.Indicator copied={t('copied')}>{t('copy')}</Clipboard.Indicator>
              </Button>
            </Clipboard.Trigger>
          </HStack>
        </Clipboard.Root>
      </Section>

      <Section id="scim-tokens" title={t('tokens.title')} text={t('tokens.text', { max: SCIM_LIMITS.tokensPerOrg })}>
        <Stack gap="3">
          <FormDialog
            trigger={
              <Button
                colorPalette="brand"
                alignSelf="flex-start"
                disabled={live.length >= SCIM_LIMITS.tokensPerOrg}
                data-testid="scim-token-add"
              >
                {t('tokens.add')}
              </Button>
            }
            title={t('tokens.add')}
            testId="scim-token-form-dialog"
            closeLabel={t('actions.close')}
            open={creating}
            onOpenChange={setCreating}
          >
            {(close) => <TokenForm onDone={close} onCreated={setRevealed} />}
          </FormDialog>
          {tokens.length === 0 ? (
            <EmptyList title={t('tokens.emptyTitle')} text={t('tokens.emptyText')} testId="scim-tokens-empty" />
          ) : (
            <Table.ScrollArea borderWidth="1px" rounded="md">
              <Table.Root size="sm" data-testid="scim-tokens">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('tokens.name')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('tokens.prefix')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('tokens.created')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('tokens.lastUsed')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('tokens.state')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {tokens.map((tk) => (
                    <Table.Row key={tk.id} data-testid="scim-token">
                      <Table.Cell dir="auto">{tk.name}</Table.Cell>
                      <Table.Cell fontFamily="mono" dir="ltr" textAlign="start">{`${tk.prefix}…`}</Table.Cell>
                      <Table.Cell whiteSpace="nowrap">
                        {tk.createdBy
                          ? t('tokens.createdBy', { time: audit.time(tk.createdAt), name: tk.createdBy })
                          : audit.time(tk.createdAt)}
                      </Table.Cell>
                      <Table.Cell whiteSpace="nowrap" data-testid="scim-token-last-used">
                        {tk.lastUsedAt ? audit.time(tk.lastUsedAt) : t('tokens.never')}
                      </Table.Cell>
                      <Table.Cell>
                        {tk.revokedAt ? (
                          <Badge colorPalette="gray">{t('tokens.revokedAt', { time: audit.time(tk.revokedAt) })}</Badge>
                        ) : (
                          <RevokeButton token={tk} />
                        )}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
        </Stack>
      </Section>

      <Section id="scim-groups" title={t('groups.title')} text={t('groups.text')}>
        {groups.length === 0 ? (
          <EmptyList title={t('groups.emptyTitle')} text={t('groups.emptyText')} testId="scim-groups-empty" />
        ) : (
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm" data-testid="scim-groups">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('groups.name')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('groups.members')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('groups.role')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {groups.map((g) => (
                  <Table.Row key={g.id} data-testid="scim-group">
                    <Table.Cell dir="auto">{g.displayName}</Table.Cell>
                    <Table.Cell>{t('groups.memberCount', { count: g.members })}</Table.Cell>
                    <Table.Cell>
                      <GroupRoleSelect group={g} />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Section>

      <Section id="scim-users" title={t('users.title')} text={t('users.text')}>
        {users.length === 0 ? (
          <EmptyList title={t('users.emptyTitle')} text={t('users.emptyText')} testId="scim-users-empty" />
        ) : (
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm" data-testid="scim-users">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('users.userName')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('users.name')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('users.state')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('users.role')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('users.changed')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {users.map((u) => (
                  <Table.Row key={u.id} data-testid="scim-user">
                    <Table.Cell dir="ltr" textAlign="start">
                      {u.userName}
                    </Table.Cell>
                    <Table.Cell dir="auto">{u.name ?? '—'}</Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={u.active ? 'green' : 'gray'}>{u.active ? t('users.active') : t('users.inactive')}</Badge>
                    </Table.Cell>
                    <Table.Cell>{u.role ? t(`roles.${u.role}`, { ns: 'common', defaultValue: u.role }) : '—'}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{audit.time(u.updatedAt)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Section>

      <Section id="scim-requests" title={t('requests.title')} text={t('requests.text', { max: SCIM_LIMITS.requestLog })}>
        <Requests />
      </Section>

      <TokenDialog revealed={revealed} onClose={() => setRevealed(null)} />
    </>
  );
}

/**
 * /app/admin/scim: SCIM 2.0 provisioning of the organisation — the endpoint an identity provider is
 * given, its bearer tokens (each shown once), which Muster role each SCIM group grants, the users
 * and groups provisioned, and the last requests, read again every few seconds.
 */
export default function ScimPage({ pageId }: PageProps) {
  const { t } = useTranslation(['scim', 'pages']);
  usePageTitle(pageId);
  const session = useSignedInSession();
  return (
    <Stack gap="6" maxWidth="6xl" data-testid="scim-page">
      <PageHeader title={t('pages:scim.title')} subtitle={t('subtitle')} />
      <SecurityAdminLinks />
      {session.org ? (
        <Provisioning />
      ) : (
        <Alert.Root status="info" data-testid="scim-no-organization">
          <Alert.Indicator />
          <Alert.Description>{t('noOrganization')}</Alert.Description>
        </Alert.Root>
      )}
    </Stack>
  );
}
