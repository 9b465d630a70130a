import { Alert, Button, DataList, Input, Link, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { acceptInviteSchema, AUTH_LIMITS, type InvitePreview, type SessionInfo } from '@muster/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { FormField } from '../../components/form/FormField';
import { toaster } from '../../components/ui/toaster';
import { errorText, refusalOf } from '../../lib/error-text';
import { useMusterForm } from '../../lib/forms';
import type { PageProps } from '../../lib/page';
import { usePageTitle } from '../../lib/usePageTitle';
import { AuthCard } from '../auth/AuthCard';
import { SESSION_QUERY_KEY } from '../auth/session';
import { DEFAULT_SIGNED_IN_PATH } from '../auth/useCompleteSignIn';
import { rememberSignIn } from '../auth/first-visit';
import { useAcceptInvite, useInvitePreview } from './members-api';

const [newAccountSchema, existingAccountSchema] = acceptInviteSchema.options;

function ToLogin() {
  const { t } = useTranslation('members');
  return (
    <Link asChild color="brand.fg" fontWeight="semibold">
      <RouterLink to="/login">{t('accept.toLogin')}</RouterLink>
    </Link>
  );
}

/** Signed in as the new member: the session shown at once, then their role's dashboard. */
function useJoined(): (session: SessionInfo) => void {
  const { t } = useTranslation('members');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (session) => {
    rememberSignIn();
    queryClient.setQueryData(SESSION_QUERY_KEY, session);
    toaster.create({ type: 'success', title: t('accept.joined', { organization: session.org?.name ?? '' }) });
    void navigate(DEFAULT_SIGNED_IN_PATH, { replace: true });
  };
}

/** A refusal the form cannot fix (the link was used, revoked or expired meanwhile) is shown as the screen's. */
function AcceptError({ error }: { error: unknown }) {
  const { t } = useTranslation('members');
  if (!error || Object.keys(refusalOf(error)?.fields ?? {}).length) return null;
  return (
    <Alert.Root status="error" data-testid="accept-error">
      <Alert.Indicator />
      <Alert.Description>{errorText(t, error)}</Alert.Description>
    </Alert.Root>
  );
}

function NewAccountForm({ token }: { token: string }) {
  const { t } = useTranslation('members');
  const accept = useAcceptInvite(token);
  const joined = useJoined();
  const form = useMusterForm(newAccountSchema, { mode: 'new', firstName: '', lastName: '', password: '', confirmPassword: '' });
  const submit = form.handleSubmit((body) => accept.mutate(body, { onSuccess: joined, onError: (err) => void form.setServerErrors(err) }));
  return (
    <form noValidate onSubmit={(e) => void submit(e)} data-testid="accept-new-form">
      <Stack gap="4">
        <AcceptError error={accept.error} />
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField label={t('accept.firstName')} error={form.message('firstName')} required>
            <Input {...form.register('firstName')} autoComplete="given-name" dir="auto" autoFocus data-testid="accept-first-name" />
          </FormField>
          <FormField label={t('accept.lastName')} error={form.message('lastName')} required>
            <Input {...form.register('lastName')} autoComplete="family-name" dir="auto" data-testid="accept-last-name" />
          </FormField>
        </SimpleGrid>
        <FormField
          label={t('accept.password')}
          helperText={t('accept.passwordHelp', { min: AUTH_LIMITS.passwordMinLength })}
          error={form.message('password')}
          required
        >
          <Input
            {...form.register('password', { deps: 'confirmPassword' })}
            type="password"
            autoComplete="new-password"
            data-testid="accept-password"
          />
        </FormField>
        <FormField label={t('accept.confirmPassword')} error={form.message('confirmPassword')} required>
          <Input {...form.register('confirmPassword')} type="password" autoComplete="new-password" data-testid="accept-confirm-password" />
        </FormField>
        <Button type="submit" colorPalette="brand" width="full" loading={accept.isPending} data-testid="accept-submit">
          {t('accept.submitNew')}
        </Button>
      </Stack>
    </form>
  );
}

function ExistingAccountForm({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation('members');
  const accept = useAcceptInvite(token);
  const joined = useJoined();
  const form = useMusterForm(existingAccountSchema, { mode: 'existing', password: '' });
  const submit = form.handleSubmit((body) => accept.mutate(body, { onSuccess: joined, onError: (err) => void form.setServerErrors(err) }));
  return (
    <form noValidate onSubmit={(e) => void submit(e)} data-testid="accept-existing-form">
      <Stack gap="4">
        <Text>{t('accept.existingText', { email })}</Text>
        <AcceptError error={accept.error} />
        <FormField label={t('accept.password')} error={form.message('password')} required>
          <Input {...form.register('password')} type="password" autoComplete="current-password" autoFocus data-testid="accept-password" />
        </FormField>
        <Button type="submit" colorPalette="brand" width="full" loading={accept.isPending} data-testid="accept-submit">
          {t('accept.submitExisting')}
        </Button>
        <Link asChild fontSize="sm" color="brand.fg">
          <RouterLink to="/reset-password">{t('accept.forgot')}</RouterLink>
        </Link>
      </Stack>
    </form>
  );
}

function Invitation({ invite }: { invite: InvitePreview }) {
  const { t, i18n } = useTranslation(['members', 'common']);
  const until = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(invite.expiresAt),
  );
  return (
    <DataList.Root orientation="horizontal" size="sm" data-testid="accept-details">
      <DataList.Item>
        <DataList.ItemLabel>{t('accept.organization')}</DataList.ItemLabel>
        <DataList.ItemValue dir="auto" data-testid="accept-organization">
          {invite.organization}
        </DataList.ItemValue>
      </DataList.Item>
      {invite.inviter && (
        <DataList.Item>
          <DataList.ItemLabel>{t('accept.inviter')}</DataList.ItemLabel>
          <DataList.ItemValue dir="auto" data-testid="accept-inviter">
            {invite.inviter}
          </DataList.ItemValue>
        </DataList.Item>
      )}
      <DataList.Item>
        <DataList.ItemLabel>{t('accept.role')}</DataList.ItemLabel>
        <DataList.ItemValue data-testid="accept-role">{t(`common:roles.${invite.role}`)}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{t('accept.email')}</DataList.ItemLabel>
        <DataList.ItemValue dir="ltr">{invite.email}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{t('accept.validUntil')}</DataList.ItemLabel>
        <DataList.ItemValue>{until}</DataList.ItemValue>
      </DataList.Item>
    </DataList.Root>
  );
}

/** /invite/:token — the screen of an invitation link: what it is for, then joining (new person or existing account). */
export default function InviteAcceptPage({ pageId }: PageProps) {
  const { t } = useTranslation('members');
  usePageTitle(pageId);
  const { token = '' } = useParams();
  const preview = useInvitePreview(token);

  if (preview.isPending) {
    return (
      <AuthCard title={t('accept.loadingTitle')}>
        <Stack gap="3" role="status" aria-busy="true" aria-label={t('accept.loadingTitle')} data-testid="accept-loading">
          <Skeleton height="5" />
          <Skeleton height="5" width="70%" />
          <Skeleton height="10" />
        </Stack>
      </AuthCard>
    );
  }
  if (preview.isError) {
    const reason = refusalOf(preview.error)?.reason ?? null;
    return (
      <AuthCard title={t('accept.unusableTitle')} footer={<ToLogin />}>
        <Alert.Root status="error" role="alert" data-testid="accept-unusable" data-reason={reason ?? undefined}>
          <Alert.Indicator />
          <Alert.Description>{errorText(t, preview.error)}</Alert.Description>
        </Alert.Root>
      </AuthCard>
    );
  }
  const invite = preview.data;
  return (
    <AuthCard
      title={t('accept.title', { organization: invite.organization })}
      subtitle={invite.inviter ? t('accept.subtitle', { inviter: invite.inviter }) : undefined}
      footer={<ToLogin />}
    >
      <Stack gap="5" data-testid="accept-page">
        <Invitation invite={invite} />
        {invite.account === 'new' ? <NewAccountForm token={token} /> : <ExistingAccountForm token={token} email={invite.email} />}
      </Stack>
    </AuthCard>
  );
}
