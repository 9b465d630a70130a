import { Alert, Badge, Button, Card, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import {
  api,
  AUTH_LIMITS,
  recoveryAskSchema,
  recoveryResetSchema,
  type RecoveryAskRequest,
  type RecoveryDecision,
  type RecoveryRequestView,
  type ResetPasswordRequest,
} from '@muster/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { FormField } from '../../components/form/FormField';
import { EmptyList, ListSkeleton, LoadError } from '../../components/list';
import { callEndpoint, errorStatus } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useMusterForm } from '../../lib/forms';
import { AuthCard } from '../auth/AuthCard';
import { useSession } from '../auth/session';
import { useCompleteSignIn } from '../auth/useCompleteSignIn';
import { usePageMeta } from '../site/usePageMeta';
import { BackToLogin, EmailRequestCard, useErrorToast } from './email-request';
import { useAcceptDelegation, useDecide, useDecideLink, useLinkView, useRecoveryPortal } from './api';

function InvalidLink() {
  const { t } = useTranslation('recovery');
  return (
    <AuthCard title={t('invalid.title')} footer={<BackToLogin />}>
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title data-testid="recovery-invalid-link">{t('invalid.text')}</Alert.Title>
      </Alert.Root>
    </AuthCard>
  );
}

/** Signed out: a locked-out member asks for recovery (the answer is the same for any email). */
function AskForRecovery() {
  const { t } = useTranslation('recovery');
  return (
    <EmailRequestCard
      schema={recoveryAskSchema}
      send={(body: RecoveryAskRequest) => callEndpoint(api.recovery.ask, { body })}
      keys="ask"
      testId="recovery"
      after={
        <Text fontSize="sm" color="fg.muted">
          {t('ask.delegateHint')}{' '}
          <Link asChild color="brand.fg">
            <RouterLink to="/login">{t('ask.signIn')}</RouterLink>
          </Link>
        </Text>
      }
    />
  );
}

function StatusBadge({ status }: { status: RecoveryRequestView['status'] }) {
  const { t } = useTranslation('recovery');
  const palette =
    status === 'completed' ? 'green' : status === 'requested' ? 'orange' : status === 'approved' || status === 'ready' ? 'blue' : 'gray';
  return (
    <Badge colorPalette={palette} data-testid="recovery-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

function DecisionButtons({ onDecide, pending, testId }: { onDecide: (d: RecoveryDecision) => void; pending: boolean; testId: string }) {
  const { t } = useTranslation('recovery');
  return (
    <HStack gap="2" wrap="wrap">
      <Button colorPalette="brand" size="sm" loading={pending} onClick={() => onDecide('approve')} data-testid={`${testId}-approve`}>
        {t('decide.approve')}
      </Button>
      <Button
        variant="outline"
        colorPalette="red"
        size="sm"
        disabled={pending}
        onClick={() => onDecide('decline')}
        data-testid={`${testId}-decline`}
      >
        {t('decide.decline')}
      </Button>
    </HStack>
  );
}

/** Signed in: the recovery delegate portal. */
function DelegatePortal() {
  const { t, i18n } = useTranslation('recovery');
  const portal = useRecoveryPortal(true);
  const accept = useAcceptDelegation();
  const decide = useDecide();
  const showError = useErrorToast();
  return (
    <AuthCard title={t('portal.title')} subtitle={t('portal.subtitle')}>
      <Stack gap="5" data-testid="recovery-portal">
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Description>{t('portal.verify')}</Alert.Description>
        </Alert.Root>
        {portal.isPending ? (
          <ListSkeleton rows={2} testId="recovery-portal-loading" />
        ) : portal.isError ? (
          <LoadError
            title={t('portal.loadError')}
            error={portal.error}
            onRetry={() => void portal.refetch()}
            testId="recovery-portal-error"
          />
        ) : (
          <>
            {portal.data.invitations.map((inv) => (
              <Card.Root key={inv.id} variant="outline" data-testid="recovery-invitation">
                <Card.Body gap="3">
                  <Text>{t('portal.invited', { organization: inv.organizationName })}</Text>
                  <Button
                    colorPalette="brand"
                    alignSelf="flex-start"
                    loading={accept.isPending}
                    onClick={() => accept.mutate(inv.id, { onError: showError })}
                    data-testid="recovery-accept"
                  >
                    {t('portal.accept')}
                  </Button>
                </Card.Body>
              </Card.Root>
            ))}
            {portal.data.requests.length === 0 ? (
              <EmptyList
                title={t('portal.emptyTitle')}
                text={portal.data.isDelegate ? t('portal.emptyDelegate') : t('portal.emptyNotDelegate')}
                testId="recovery-portal-empty"
              />
            ) : (
              <Stack as="ul" gap="3" listStyleType="none">
                {portal.data.requests.map((r) => (
                  <Card.Root as="li" key={r.id} variant="outline" data-testid="recovery-request">
                    <Card.Body gap="2">
                      <HStack justify="space-between" wrap="wrap" gap="2">
                        <Text fontWeight="semibold">{r.requester.name}</Text>
                        <StatusBadge status={r.status} />
                      </HStack>
                      <Text fontSize="sm" color="fg.muted" dir="ltr" textAlign="start">
                        {r.requester.email}
                      </Text>
                      <Text fontSize="sm">
                        {t('portal.approvals', { approved: r.approvals, required: r.approvalsRequired })} ·{' '}
                        {t('portal.asked', { when: formatDateTime(r.createdAt, i18n.language) })}
                      </Text>
                      {r.myDecision ? (
                        <Text fontSize="sm" data-testid="recovery-my-decision">
                          {t(`decide.mine.${r.myDecision}`)}
                        </Text>
                      ) : r.status === 'requested' ? (
                        <DecisionButtons
                          pending={decide.isPending}
                          onDecide={(decision) => decide.mutate({ id: r.id, decision }, { onError: showError })}
                          testId="recovery-request"
                        />
                      ) : null}
                    </Card.Body>
                  </Card.Root>
                ))}
              </Stack>
            )}
          </>
        )}
      </Stack>
    </AuthCard>
  );
}

/** An emailed invitation to be a delegate: accepted with a click (never on opening the link). */
function AcceptLink({ token }: { token: string }) {
  const { t } = useTranslation('recovery');
  const showError = useErrorToast();
  const accept = useMutation({
    mutationFn: () => callEndpoint(api.recovery.acceptLink, { body: { token } }),
    meta: { silent: true },
  });
  if (accept.isError && errorStatus(accept.error) === 410) return <InvalidLink />;
  return (
    <AuthCard title={t('accept.title')} footer={<BackToLogin />}>
      {accept.isSuccess ? (
        <Alert.Root status="success" data-testid="recovery-accepted">
          <Alert.Indicator />
          <Alert.Description>{t('accept.done', { organization: accept.data.organizationName })}</Alert.Description>
        </Alert.Root>
      ) : (
        <Stack gap="4">
          <Text>{t('accept.text')}</Text>
          <Button
            colorPalette="brand"
            loading={accept.isPending}
            onClick={() => accept.mutate(undefined, { onError: showError })}
            data-testid="recovery-accept-link"
          >
            {t('accept.submit')}
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}

/** An emailed decision link: whose recovery, then approve or decline. */
function DecideLink({ token }: { token: string }) {
  const { t } = useTranslation('recovery');
  const view = useLinkView(token);
  const decide = useDecideLink(token);
  const showError = useErrorToast();
  if (view.isError && errorStatus(view.error) === 410) return <InvalidLink />;
  return (
    <AuthCard title={t('decide.title')} footer={<BackToLogin />}>
      {view.isPending ? (
        <ListSkeleton rows={1} testId="recovery-link-loading" />
      ) : view.isError ? (
        <LoadError title={t('decide.loadError')} error={view.error} onRetry={() => void view.refetch()} />
      ) : (
        <Stack gap="4" data-testid="recovery-decide">
          <Text>{t('decide.asked', { name: view.data.requester.name, organization: view.data.organizationName })}</Text>
          <Text fontSize="sm" color="fg.muted" dir="ltr" textAlign="start">
            {view.data.requester.email}
          </Text>
          <HStack gap="2" wrap="wrap">
            <StatusBadge status={view.data.status} />
            <Text fontSize="sm">{t('portal.approvals', { approved: view.data.approvals, required: view.data.approvalsRequired })}</Text>
          </HStack>
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Description>{t('portal.verify')}</Alert.Description>
          </Alert.Root>
          {view.data.myDecision ? (
            <Text data-testid="recovery-my-decision">{t(`decide.mine.${view.data.myDecision}`)}</Text>
          ) : view.data.status === 'requested' ? (
            <DecisionButtons pending={decide.isPending} onDecide={(d) => decide.mutate(d, { onError: showError })} testId="recovery-link" />
          ) : (
            <Text>{t('decide.closed')}</Text>
          )}
        </Stack>
      )}
    </AuthCard>
  );
}

/** The member's cancel link: nothing changes. */
function CancelLink({ token }: { token: string }) {
  const { t } = useTranslation('recovery');
  const showError = useErrorToast();
  const cancel = useMutation({
    mutationFn: () => callEndpoint(api.recovery.cancel, { body: { token } }),
    meta: { silent: true },
  });
  if (cancel.isError && errorStatus(cancel.error) === 410) return <InvalidLink />;
  return (
    <AuthCard title={t('cancel.title')} footer={<BackToLogin />}>
      {cancel.isSuccess ? (
        <Alert.Root status="success" data-testid="recovery-cancelled">
          <Alert.Indicator />
          <Alert.Description>{t('cancel.done')}</Alert.Description>
        </Alert.Root>
      ) : (
        <Stack gap="4">
          <Text>{t('cancel.text')}</Text>
          <Button
            colorPalette="red"
            loading={cancel.isPending}
            onClick={() => cancel.mutate(undefined, { onError: showError })}
            data-testid="recovery-cancel"
          >
            {t('cancel.submit')}
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}

/** The single-use link after the cooling-off: a new password, then signed in. */
function ResetLink({ token }: { token: string }) {
  const { t } = useTranslation('recovery');
  const complete = useCompleteSignIn();
  const showError = useErrorToast();
  const [expired, setExpired] = useState(false);
  const form = useMusterForm(recoveryResetSchema, { token, password: '', confirmPassword: '' });
  const reset = useMutation({
    mutationFn: (body: ResetPasswordRequest) => callEndpoint(api.recovery.reset, { body }),
    meta: { silent: true },
  });
  if (expired) return <InvalidLink />;
  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle', { min: AUTH_LIMITS.passwordMinLength })} footer={<BackToLogin />}>
      <form
        noValidate
        onSubmit={(e) =>
          void form.handleSubmit((data) =>
            reset.mutate(data, {
              onSuccess: complete,
              onError: (err) => {
                if (errorStatus(err) === 410) setExpired(true);
                else if (!form.setServerErrors(err)) showError(err);
              },
            }),
          )(e)
        }
      >
        <Stack gap="4">
          <FormField label={t('reset.password')} error={form.message('password')} required>
            <Input
              {...form.register('password', { deps: 'confirmPassword' })}
              type="password"
              autoComplete="new-password"
              autoFocus
              data-testid="recovery-password"
            />
          </FormField>
          <FormField label={t('reset.confirmPassword')} error={form.message('confirmPassword')} required>
            <Input
              {...form.register('confirmPassword')}
              type="password"
              autoComplete="new-password"
              data-testid="recovery-confirm-password"
            />
          </FormField>
          <Button type="submit" colorPalette="brand" width="full" loading={reset.isPending} data-testid="recovery-reset">
            {t('reset.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

/**
 * /recovery, the recovery delegate portal (no layout): signed out, a locked-out member asks for
 * recovery; signed in, a delegate accepts and decides; the emailed links (accept, decide, cancel,
 * reset) open here too.
 */
export default function RecoveryPage() {
  usePageMeta('recovery');
  const [params] = useSearchParams();
  const session = useSession();
  const { t } = useTranslation('recovery');
  const token = (name: string) => params.get(name);
  const accept = token('accept');
  const decide = token('decide');
  const cancel = token('cancel');
  const reset = token('reset');
  if (accept) return <AcceptLink key={accept} token={accept} />;
  if (decide) return <DecideLink key={decide} token={decide} />;
  if (cancel) return <CancelLink key={cancel} token={cancel} />;
  if (reset) return <ResetLink key={reset} token={reset} />;
  if (session.isPending)
    return (
      <AuthCard title={t('portal.title')}>
        <ListSkeleton rows={2} testId="recovery-loading" />
      </AuthCard>
    );
  return session.data?.authenticated && session.data.org ? <DelegatePortal /> : <AskForRecovery />;
}
