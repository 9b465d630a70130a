import { Avatar, Button, Card, Heading, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { changePasswordSchema, updateProfileSchema } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useSignedInSession } from '../auth/signed-in-session';
import { FormField } from '../../components/form/FormField';
import { toaster } from '../../components/ui/toaster';
import { useMusterForm } from '../../lib/forms';
import { greetingName, greetingPeriod } from '../auth/greeting';
import { useChangePassword, useUpdateProfile } from './useProfileMutations';
import { errorText } from '../../lib/error-text';
import { PinCard } from '../security/PinCard';

function DetailsCard() {
  const { t } = useTranslation('profile');
  const session = useSignedInSession();
  const update = useUpdateProfile();
  const form = useMusterForm(updateProfileSchema, {
    firstName: session.user.firstName ?? '',
    lastName: session.user.lastName ?? '',
    username: session.user.username,
  });
  const save = form.handleSubmit((data) =>
    update.mutate(
      { firstName: data.firstName ?? null, lastName: data.lastName ?? null, username: data.username },
      {
        onSuccess: () => toaster.create({ type: 'success', title: t('details.saved') }),
        onError: (err) => {
          if (!form.setServerErrors(err)) toaster.create({ type: 'error', title: t('common:error.title'), description: errorText(t, err) });
        },
      },
    ),
  );
  return (
    <Card.Root variant="outline" asChild>
      <form onSubmit={(e) => void save(e)} noValidate>
        <Card.Header>
          <Card.Title as="h2">{t('details.title')}</Card.Title>
        </Card.Header>
        <Card.Body>
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <FormField label={t('details.firstName')} error={form.message('firstName')}>
                <Input {...form.register('firstName')} autoComplete="given-name" />
              </FormField>
              <FormField label={t('details.lastName')} error={form.message('lastName')}>
                <Input {...form.register('lastName')} autoComplete="family-name" />
              </FormField>
            </SimpleGrid>
            <FormField label={t('details.username')} error={form.message('username')} required>
              <Input {...form.register('username')} autoComplete="username" />
            </FormField>
            <FormField label={t('details.email')} helperText={t('details.emailHelp')}>
              <Input value={session.user.email} readOnly dir="ltr" />
            </FormField>
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={update.isPending} data-testid="save-profile">
              {t('details.save')}
            </Button>
          </Stack>
        </Card.Body>
      </form>
    </Card.Root>
  );
}

function PasswordCard() {
  const { t } = useTranslation('profile');
  const change = useChangePassword();
  const form = useMusterForm(changePasswordSchema, { currentPassword: '', password: '', confirmPassword: '' });
  const submit = form.handleSubmit((data) =>
    change.mutate(data, {
      onSuccess: () => {
        form.reset();
        toaster.create({ type: 'success', title: t('password.changed'), description: t('password.changedText') });
      },
      onError: (err) => {
        if (!form.setServerErrors(err)) toaster.create({ type: 'error', title: t('common:error.title'), description: errorText(t, err) });
      },
    }),
  );
  return (
    <Card.Root variant="outline" asChild>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Card.Header>
          <Card.Title as="h2">{t('password.title')}</Card.Title>
        </Card.Header>
        <Card.Body>
          <Stack gap="4">
            <FormField label={t('password.current')} error={form.message('currentPassword')} required>
              <Input type="password" {...form.register('currentPassword')} autoComplete="current-password" />
            </FormField>
            <FormField label={t('password.new')} error={form.message('password')} required>
              <Input type="password" {...form.register('password', { deps: 'confirmPassword' })} autoComplete="new-password" />
            </FormField>
            <FormField label={t('password.confirm')} error={form.message('confirmPassword')} required>
              <Input type="password" {...form.register('confirmPassword')} autoComplete="new-password" />
            </FormField>
            <Text fontSize="sm" color="fg.muted">
              {t('password.otherSessions')}
            </Text>
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={change.isPending}>
              {t('password.submit')}
            </Button>
          </Stack>
        </Card.Body>
      </form>
    </Card.Root>
  );
}

/** /app/profile: greeting, names, username, email and password. */
export default function ProfilePage() {
  const { t } = useTranslation(['profile', 'auth']);
  const session = useSignedInSession();
  const fullName = [session.user.firstName, session.user.lastName].filter(Boolean).join(' ') || session.user.username;
  return (
    <Stack gap="6" maxWidth="3xl">
      <HStack gap="4">
        <Avatar.Root size="xl" colorPalette="blue">
          <Avatar.Fallback name={fullName} />
        </Avatar.Root>
        <Stack gap="1">
          <Heading as="h1" size="2xl" data-testid="greeting">
            {t(`auth:dashboard.${greetingPeriod(new Date().getHours())}`, { name: greetingName(session.user) })}
          </Heading>
          <Text color="fg.muted">{t('subtitle')}</Text>
        </Stack>
      </HStack>
      <DetailsCard />
      <PasswordCard />
      {session.org && session.role !== 'GUEST_AUDITOR' && <PinCard />}
      <Card.Root variant="subtle">
        <Card.Body>
          <HStack justify="space-between" wrap="wrap" gap="3">
            <Stack gap="1">
              <Text fontWeight="semibold">{t('idVerification.title')}</Text>
              <Text fontSize="sm" color="fg.muted">
                {t('idVerification.text')}
              </Text>
            </Stack>
            <Button asChild variant="outline">
              <RouterLink to="/app/profile/id-verification">{t('idVerification.open')}</RouterLink>
            </Button>
          </HStack>
        </Card.Body>
      </Card.Root>
      <Card.Root variant="subtle" data-testid="profile-security-timeline">
        <Card.Body>
          <HStack justify="space-between" wrap="wrap" gap="3">
            <Stack gap="1">
              <Text fontWeight="semibold">{t('securityTimeline.title')}</Text>
              <Text fontSize="sm" color="fg.muted">
                {t('securityTimeline.text')}
              </Text>
            </Stack>
            <Button asChild variant="outline">
              <RouterLink to="/app/security-timeline">{t('securityTimeline.open')}</RouterLink>
            </Button>
          </HStack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
