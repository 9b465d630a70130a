import { Alert, Badge, Button, Card, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { RECOVERY_LIMITS, recoveryPolicySchema, type RecoveryPolicy, type RecoverySettings } from '@muster/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form/FormField';
import { EmptyList, ListSkeleton, LoadError, SelectField } from '../../components/list';
import { PageHeader } from '../../components/PageHeader';
import { SecurityLinks } from '../security/SecurityLinks';
import { Section } from '../../components/Section';
import { toaster } from '../../components/ui/toaster';
import { errorText } from '../../lib/error-text';
import { formatDate } from '../../lib/format';
import { useMusterForm } from '../../lib/forms';
import type { PageProps } from '../../lib/page';
import { usePageTitle } from '../../lib/usePageTitle';
import { useSignedInSession } from '../auth/signed-in-session';
import { useAddDelegate, useRecoverySettings, useRemoveDelegate, useSetPolicy } from './api';

function useErrorToast() {
  const { t } = useTranslation('recovery');
  return (err: unknown) => toaster.create({ type: 'error', title: t('common:error.title'), description: errorText(t, err) });
}

function Delegates({ settings }: { settings: RecoverySettings }) {
  const { t, i18n } = useTranslation('recovery');
  const add = useAddDelegate();
  const remove = useRemoveDelegate();
  const showError = useErrorToast();
  const [chosen, setChosen] = useState('');
  const full = settings.delegates.length >= settings.maxDelegates;
  return (
    <Section id="recovery-delegates" title={t('admin.delegates')} text={t('admin.delegatesText', { max: settings.maxDelegates })}>
      {settings.delegates.length === 0 ? (
        <EmptyList title={t('admin.emptyTitle')} text={t('admin.emptyText')} testId="delegates-empty" />
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" data-testid="delegates">
          {settings.delegates.map((d) => (
            <Card.Root as="li" key={d.id} variant="outline" data-testid="delegate">
              <Card.Body>
                <HStack justify="space-between" gap="3" wrap="wrap">
                  <Stack gap="0" minWidth="0">
                    <Text fontWeight="semibold">{d.member.name}</Text>
                    <Text fontSize="sm" color="fg.muted" dir="ltr" textAlign="start" truncate>
                      {d.member.email}
                    </Text>
                    <Text fontSize="xs" color="fg.muted">
                      {d.acceptedAt
                        ? t('admin.acceptedOn', { date: formatDate(d.acceptedAt.slice(0, 10), i18n.language, 'medium') })
                        : t('admin.invitedOn', { date: formatDate(d.invitedAt.slice(0, 10), i18n.language, 'medium') })}
                    </Text>
                  </Stack>
                  <HStack gap="2">
                    <Badge colorPalette={d.status === 'accepted' ? 'green' : 'orange'} data-testid="delegate-status">
                      {t(`delegateStatus.${d.status}`)}
                    </Badge>
                    <Button
                      size="sm"
                      variant="outline"
                      colorPalette="red"
                      loading={remove.isPending && remove.variables === d.id}
                      onClick={() => remove.mutate(d.id, { onError: showError })}
                      aria-label={t('admin.removeNamed', { name: d.member.name })}
                    >
                      {t('admin.remove')}
                    </Button>
                  </HStack>
                </HStack>
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      )}
      {full ? (
        <Text fontSize="sm" color="fg.muted" data-testid="delegates-full">
          {t('admin.full', { max: settings.maxDelegates })}
        </Text>
      ) : settings.candidates.length > 0 ? (
        <HStack gap="2" align="flex-end" wrap="wrap">
          <SelectField
            label={t('admin.choose')}
            value={chosen}
            onChange={setChosen}
            options={[
              { value: '', label: t('admin.chooseMember') },
              ...settings.candidates.map((c) => ({ value: c.id, label: `${c.name} (${c.email})` })),
            ]}
            testId="delegate-choose"
            size="md"
            width={{ base: 'full', sm: 'sm' }}
          />
          <Button
            colorPalette="brand"
            disabled={!chosen}
            loading={add.isPending}
            onClick={() => add.mutate(chosen, { onSuccess: () => setChosen(''), onError: showError })}
            data-testid="delegate-add"
          >
            {t('admin.add')}
          </Button>
        </HStack>
      ) : null}
    </Section>
  );
}

function Policy({ settings }: { settings: RecoverySettings }) {
  const { t } = useTranslation('recovery');
  const setPolicy = useSetPolicy();
  const showError = useErrorToast();
  const accepted = settings.delegates.filter((d) => d.status === 'accepted').length;
  const form = useMusterForm(recoveryPolicySchema, settings.policy);
  const choices = Array.from({ length: Math.max(accepted, settings.policy.approvalsRequired, 1) }, (_, i) => i + 1);
  const onValid = (body: RecoveryPolicy) =>
    setPolicy.mutate(body, {
      onSuccess: (next) => {
        form.reset(next.policy);
        toaster.create({ type: 'success', title: t('admin.saved') });
      },
      onError: (err) => {
        if (!form.setServerErrors(err)) showError(err);
      },
    });
  return (
    <Section id="recovery-policy" title={t('admin.policy')} text={t('admin.policyText')}>
      {accepted < settings.policy.approvalsRequired && (
        <Alert.Root status="warning" data-testid="policy-short">
          <Alert.Indicator />
          <Alert.Description>{t('admin.tooFewAccepted', { accepted, required: settings.policy.approvalsRequired })}</Alert.Description>
        </Alert.Root>
      )}
      <form noValidate onSubmit={(e) => void form.handleSubmit(onValid)(e)}>
        <Stack gap="4" maxWidth="lg">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <FormField label={t('admin.approvals')} error={form.message('approvalsRequired')} required>
              <NativeSelect.Root>
                <NativeSelect.Field {...form.register('approvalsRequired', { valueAsNumber: true })} data-testid="policy-approvals">
                  {choices.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField
              label={t('admin.coolingOff')}
              error={form.message('coolingOffHours')}
              helperText={t('admin.coolingOffHelp', { min: RECOVERY_LIMITS.minCoolingOffHours, max: RECOVERY_LIMITS.maxCoolingOffHours })}
              required
            >
              <Input
                {...form.register('coolingOffHours', { valueAsNumber: true })}
                type="number"
                inputMode="numeric"
                min={RECOVERY_LIMITS.minCoolingOffHours}
                max={RECOVERY_LIMITS.maxCoolingOffHours}
                data-testid="policy-hours"
              />
            </FormField>
          </SimpleGrid>
          <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={setPolicy.isPending} data-testid="policy-save">
            {t('admin.save')}
          </Button>
        </Stack>
      </form>
    </Section>
  );
}

/** /app/admin/recovery-delegates: who may help members regain their accounts, and the policy (ADMIN). */
export default function RecoveryDelegatesPage({ pageId }: PageProps) {
  const { t } = useTranslation(['recovery', 'pages']);
  usePageTitle(pageId);
  const session = useSignedInSession();
  const settings = useRecoverySettings();
  return (
    <Stack gap="6" maxWidth="4xl" data-testid="recovery-delegates-page">
      <PageHeader title={t('pages:recoveryDelegates.title')} subtitle={t('admin.subtitle')} />
      <SecurityLinks />
      {!session.org ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>{t('errors:recovery.noOrganization')}</Alert.Description>
        </Alert.Root>
      ) : settings.isPending ? (
        <ListSkeleton testId="delegates-loading" />
      ) : settings.isError ? (
        <LoadError title={t('admin.loadError')} error={settings.error} onRetry={() => void settings.refetch()} testId="delegates-error" />
      ) : (
        <>
          <Delegates settings={settings.data} />
          <Policy key={JSON.stringify(settings.data.policy)} settings={settings.data} />
        </>
      )}
    </Stack>
  );
}
