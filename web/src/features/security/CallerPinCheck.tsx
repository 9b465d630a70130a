import { Alert, Badge, Button, Card, DataList, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { pinCheckSchema, securityUserQuerySchema, type SecurityUser } from '@muster/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form/FormField';
import { LoadError } from '../../components/list';
import { errorStatus } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { useMusterForm } from '../../lib/forms';
import { useCheckPin, useResetPin, useSecurityUser } from './api';

const pinFormSchema = pinCheckSchema.pick({ pin: true });

function PinCheck({ user }: { user: SecurityUser }) {
  const { t } = useTranslation('security');
  const check = useCheckPin();
  const reset = useResetPin();
  const [confirming, setConfirming] = useState(false);
  const form = useMusterForm(pinFormSchema, { pin: '' });
  const submit = form.handleSubmit(({ pin }) =>
    check.mutate(
      { userId: user.id, pin },
      {
        onSuccess: () => form.reset({ pin: '' }),
        onError: (err) => void form.setServerErrors(err),
      },
    ),
  );
  return (
    <Stack gap="4">
      {user.hasPin ? (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <HStack gap="3" align="flex-end" wrap="wrap">
            <FormField label={t('caller.pin')} error={form.message('pin')} required>
              <Input
                type="password"
                inputMode="numeric"
                autoComplete="off"
                dir="ltr"
                maxWidth="48"
                {...form.register('pin')}
                data-testid="caller-pin"
              />
            </FormField>
            <Button type="submit" colorPalette="brand" loading={check.isPending} data-testid="caller-check">
              {t('caller.check')}
            </Button>
          </HStack>
        </form>
      ) : (
        <Text color="fg.muted" data-testid="caller-no-pin">
          {t('caller.noPin')}
        </Text>
      )}
      <div aria-live="polite">
        {check.isSuccess && (
          <Alert.Root status={check.data.match ? 'success' : 'error'} data-testid="caller-result" data-match={check.data.match}>
            <Alert.Indicator />
            <Alert.Title>{check.data.match ? t('caller.match') : t('caller.noMatch')}</Alert.Title>
          </Alert.Root>
        )}
        {check.isError && (
          <Alert.Root status={errorStatus(check.error) === 429 ? 'warning' : 'error'} data-testid="caller-refused">
            <Alert.Indicator />
            <Alert.Title>{errorText(t, check.error)}</Alert.Title>
          </Alert.Root>
        )}
      </div>
      {user.hasPin && (
        <HStack gap="3" wrap="wrap">
          {confirming ? (
            <>
              <Text fontSize="sm">{t('caller.resetConfirm', { name: user.name })}</Text>
              <Button
                colorPalette="red"
                size="sm"
                loading={reset.isPending}
                onClick={() => reset.mutate(user.id, { onSettled: () => setConfirming(false) })}
                data-testid="caller-reset-confirm"
              >
                {t('caller.resetYes')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
                {t('caller.resetNo')}
              </Button>
            </>
          ) : (
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming(true)} data-testid="caller-reset">
              {t('caller.reset')}
            </Button>
          )}
        </HStack>
      )}
      {reset.isSuccess && !reset.data.hasPin && (
        <Text role="status" color="fg.success" data-testid="caller-reset-done">
          {t('caller.resetDone')}
        </Text>
      )}
      {reset.isError && (
        <Text role="alert" color="fg.error">
          {errorText(t, reset.error)}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Caller verification for support operators (SYSOPS and above): find a user by email, type the
 * PIN the caller says, see whether it matches (each check is on the member's timeline; 5 per
 * member per 15 minutes), or remove the member's PIN. Self-contained: mount it on any operator
 * page; `email` looks a user up at once; `embedded` leaves out the card (the host's section has the title).
 */
export function CallerPinCheck({ email: givenEmail, embedded = false }: { email?: string; embedded?: boolean }) {
  const { t } = useTranslation('security');
  const [email, setEmail] = useState<string | null>(givenEmail ?? null);
  const user = useSecurityUser(email);
  const form = useMusterForm(securityUserQuerySchema, { email: givenEmail ?? '' });
  const find = form.handleSubmit((query) => setEmail(query.email));
  const body = (
    <>
      {!givenEmail && (
        <form onSubmit={(e) => void find(e)} noValidate>
          <HStack gap="3" align="flex-end" wrap="wrap">
            <FormField label={t('caller.email')} error={form.message('email')} required>
              <Input type="email" dir="ltr" {...form.register('email')} data-testid="caller-email" />
            </FormField>
            <Button type="submit" variant="outline" loading={user.isFetching} data-testid="caller-find">
              {t('caller.find')}
            </Button>
          </HStack>
        </form>
      )}
      {user.isError ? (
        errorStatus(user.error) === 404 ? (
          <Text color="fg.muted" data-testid="caller-not-found">
            {t('caller.notFound')}
          </Text>
        ) : (
          <LoadError title={t('caller.loadError')} error={user.error} onRetry={() => void user.refetch()} testId="caller-error" />
        )
      ) : user.data ? (
        <Stack gap="4">
          <DataList.Root orientation="horizontal" size="sm" data-testid="caller-user">
            <DataList.Item>
              <DataList.ItemLabel>{t('caller.name')}</DataList.ItemLabel>
              <DataList.ItemValue>
                <bdi>{user.data.name}</bdi>
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('caller.organization')}</DataList.ItemLabel>
              <DataList.ItemValue>{user.data.orgName ?? t('caller.noOrganization')}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('caller.verification')}</DataList.ItemLabel>
              <DataList.ItemValue>
                <Badge colorPalette={user.data.verification === 'approved' ? 'green' : 'gray'}>
                  {t(`states.${user.data.verification ?? 'none'}`)}
                </Badge>
              </DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
          <PinCheck key={user.data.id} user={user.data} />
        </Stack>
      ) : null}
    </>
  );
  // Inside another page's section card (which gives the title), only the body.
  if (embedded)
    return (
      <Stack gap="4" data-testid="caller-pin-check">
        <Text color="fg.muted">{t('caller.text')}</Text>
        {body}
      </Stack>
    );
  return (
    <Card.Root variant="outline" data-testid="caller-pin-check">
      <Card.Header>
        <Card.Title as="h2">{t('caller.title')}</Card.Title>
        <Card.Description>{t('caller.text')}</Card.Description>
      </Card.Header>
      <Card.Body gap="4">{body}</Card.Body>
    </Card.Root>
  );
}
