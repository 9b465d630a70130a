import { Button, Card, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { SECURITY_LIMITS, updateSecurityPolicySchema, type SecurityPolicyAnswer, type SignInMethod } from '@muster/contracts';
import { formatDateTime } from '../../lib/format';
import { useTranslation } from 'react-i18next';
import { SecurityLinks } from './SecurityLinks';
import { z } from 'zod';
import { FormField } from '../../components/form/FormField';
import { ListSkeleton, LoadError } from '../../components/list';
import { PageHeader } from '../../components/PageHeader';
import { toaster } from '../../components/ui/toaster';
import { errorText } from '../../lib/error-text';
import { passIssues, useMusterForm } from '../../lib/forms';
import type { PageProps } from '../../lib/page';
import { usePageTitle } from '../../lib/usePageTitle';
import { useSecurityPolicy, useUpdateSecurityPolicy } from './api';
import { CheckboxField } from './CheckboxField';

/** The form's values: numbers as typed, each sign-in method a checkbox. */
const policyFormSchema = z
  .object({
    passwordMinLength: z.string(),
    rejectCommonPasswords: z.boolean(),
    defaultAutoLockMinutes: z.string(),
    password: z.boolean(),
    magicCode: z.boolean(),
    adminsMayUseCodes: z.boolean(),
  })
  .transform((v, ctx) => {
    const number = (text: string) => (text.trim() === '' ? NaN : Number(text.trim()));
    const signInMethods: SignInMethod[] = [...(v.password ? ['password' as const] : []), ...(v.magicCode ? ['magic_code' as const] : [])];
    const request = {
      passwordMinLength: number(v.passwordMinLength),
      rejectCommonPasswords: v.rejectCommonPasswords,
      defaultAutoLockMinutes: v.defaultAutoLockMinutes.trim() === '' ? null : number(v.defaultAutoLockMinutes),
      signInMethods,
      adminsMayUseCodes: v.adminsMayUseCodes,
    };
    const result = updateSecurityPolicySchema.safeParse(request);
    if (!result.success) {
      passIssues(ctx, result.error.issues, { signInMethods: 'password' });
      return z.NEVER;
    }
    return request;
  });

function startValues(policy: SecurityPolicyAnswer) {
  return {
    passwordMinLength: String(policy.passwordMinLength),
    rejectCommonPasswords: policy.rejectCommonPasswords,
    defaultAutoLockMinutes: policy.defaultAutoLockMinutes === null ? '' : String(policy.defaultAutoLockMinutes),
    password: policy.signInMethods.includes('password'),
    magicCode: policy.signInMethods.includes('magic_code'),
    adminsMayUseCodes: policy.adminsMayUseCodes,
  };
}

function PolicyForm({ policy }: { policy: SecurityPolicyAnswer }) {
  const { t, i18n } = useTranslation('security');
  const update = useUpdateSecurityPolicy();
  const form = useMusterForm(policyFormSchema, startValues(policy));
  const save = form.handleSubmit((request) =>
    update.mutate(request, {
      onSuccess: (next) => {
        form.reset(startValues(next));
        toaster.create({ type: 'success', title: t('policy.saved') });
      },
      onError: (err) => {
        if (!form.setServerErrors(err, { signInMethods: 'password' }))
          toaster.create({ type: 'error', title: t('common:error.title'), description: errorText(t, err) });
      },
    }),
  );
  return (
    <form onSubmit={(e) => void save(e)} noValidate data-testid="security-policy-form">
      <Stack gap="6">
        <Card.Root variant="outline">
          <Card.Header>
            <Card.Title as="h2">{t('policy.passwords.title')}</Card.Title>
            <Card.Description>{t('policy.passwords.text')}</Card.Description>
          </Card.Header>
          <Card.Body gap="4">
            <FormField
              label={t('policy.passwords.minLength')}
              helperText={t('policy.passwords.minLengthHelp', {
                min: SECURITY_LIMITS.passwordMinLengthMin,
                max: SECURITY_LIMITS.passwordMinLengthMax,
              })}
              error={form.message('passwordMinLength')}
              required
            >
              <Input {...form.register('passwordMinLength')} inputMode="numeric" maxWidth="32" data-testid="policy-min-length" />
            </FormField>
            <CheckboxField
              control={form.control}
              name="rejectCommonPasswords"
              label={t('policy.passwords.common')}
              help={t('policy.passwords.commonHelp')}
              testId="policy-common"
            />
          </Card.Body>
        </Card.Root>
        <Card.Root variant="outline">
          <Card.Header>
            <Card.Title as="h2">{t('policy.signIn.title')}</Card.Title>
            <Card.Description>{t('policy.signIn.text')}</Card.Description>
          </Card.Header>
          <Card.Body gap="4">
            <CheckboxField
              control={form.control}
              name="password"
              label={t('policy.signIn.password')}
              error={form.message('password')}
              testId="policy-password"
            />
            <CheckboxField control={form.control} name="magicCode" label={t('policy.signIn.magicCode')} testId="policy-magic-code" />
            <CheckboxField
              control={form.control}
              name="adminsMayUseCodes"
              label={t('policy.signIn.adminsMayUseCodes')}
              help={t('policy.signIn.adminsMayUseCodesHelp')}
              error={form.message('adminsMayUseCodes')}
              testId="policy-admin-codes"
            />
          </Card.Body>
        </Card.Root>
        <Card.Root variant="outline">
          <Card.Header>
            <Card.Title as="h2">{t('policy.autoLock.title')}</Card.Title>
            <Card.Description>{t('policy.autoLock.text')}</Card.Description>
          </Card.Header>
          <Card.Body>
            <FormField
              label={t('policy.autoLock.minutes')}
              helperText={t('policy.autoLock.help', { min: SECURITY_LIMITS.autoLockMinutesMin, max: SECURITY_LIMITS.autoLockMinutesMax })}
              error={form.message('defaultAutoLockMinutes')}
            >
              <Input {...form.register('defaultAutoLockMinutes')} inputMode="numeric" maxWidth="32" data-testid="policy-auto-lock" />
            </FormField>
          </Card.Body>
        </Card.Root>
        <HStack gap="3" wrap="wrap">
          <Button type="submit" colorPalette="brand" loading={update.isPending} data-testid="policy-save">
            {t('policy.save')}
          </Button>
          {policy.updatedAt && (
            <Text fontSize="sm" color="fg.muted">
              {t('policy.updatedAt', { when: formatDateTime(policy.updatedAt, i18n.resolvedLanguage) })}
            </Text>
          )}
        </HStack>
      </Stack>
    </form>
  );
}

/** /app/admin/security (ADMIN): passwords, sign-in methods and the default auto-lock. */
export default function SecurityPolicyPage({ pageId }: PageProps) {
  const { t } = useTranslation(['security', 'pages']);
  usePageTitle(pageId);
  const policy = useSecurityPolicy();
  return (
    <Stack gap="6" maxWidth="3xl" data-testid="security-policy-page">
      <PageHeader title={t('pages:security.title')} subtitle={t('policy.subtitle')} />
      <SecurityLinks />
      {policy.isPending ? (
        <ListSkeleton rows={3} testId="policy-loading" />
      ) : policy.isError ? (
        <LoadError title={t('policy.loadError')} error={policy.error} onRetry={() => void policy.refetch()} testId="policy-error" />
      ) : (
        <PolicyForm key={policy.data.updatedAt ?? 'defaults'} policy={policy.data} />
      )}
    </Stack>
  );
}
