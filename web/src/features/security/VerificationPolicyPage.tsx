import { Button, Card, Input, Stack } from '@chakra-ui/react';
import { MEMBER_ROLES, updateSecurityPolicySchema, type MemberRole, type SecurityPolicyAnswer } from '@muster/contracts';
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

/** One checkbox per member role, and the due date as the date input gives it ('' for none). */
const verificationFormSchema = z
  .object({
    roles: z.object(Object.fromEntries(MEMBER_ROLES.map((role) => [role, z.boolean()])) as Record<MemberRole, z.ZodBoolean>),
    dueBy: z.string(),
  })
  .transform((v, ctx) => {
    const request = {
      verificationRoles: MEMBER_ROLES.filter((role) => v.roles[role]),
      verificationDueBy: v.dueBy === '' ? null : v.dueBy,
    };
    const result = updateSecurityPolicySchema.safeParse(request);
    if (!result.success) {
      passIssues(ctx, result.error.issues, { verificationDueBy: 'dueBy', verificationRoles: 'dueBy' });
      return z.NEVER;
    }
    return request;
  });

const startValues = (policy: SecurityPolicyAnswer) => ({
  roles: Object.fromEntries(MEMBER_ROLES.map((role) => [role, policy.verificationRoles.includes(role)])) as Record<MemberRole, boolean>,
  dueBy: policy.verificationDueBy ?? '',
});

function VerificationForm({ policy }: { policy: SecurityPolicyAnswer }) {
  const { t } = useTranslation(['security', 'shell']);
  const update = useUpdateSecurityPolicy();
  const form = useMusterForm(verificationFormSchema, startValues(policy));
  const save = form.handleSubmit((request) =>
    update.mutate(request, {
      onSuccess: (next) => {
        form.reset(startValues(next));
        toaster.create({ type: 'success', title: t('verification.saved') });
      },
      onError: (err) => {
        if (!form.setServerErrors(err, { verificationDueBy: 'dueBy', verificationRoles: 'dueBy' }))
          toaster.create({ type: 'error', title: t('common:error.title'), description: errorText(t, err) });
      },
    }),
  );
  return (
    <form onSubmit={(e) => void save(e)} noValidate data-testid="verification-policy-form">
      <Stack gap="6">
        <Card.Root variant="outline">
          <Card.Header>
            <Card.Title as="h2">{t('verification.roles')}</Card.Title>
            <Card.Description>{t('verification.rolesText')}</Card.Description>
          </Card.Header>
          <Card.Body gap="3">
            {MEMBER_ROLES.map((role) => (
              <CheckboxField key={role} control={form.control} name={`roles.${role}`} label={t(`roles.${role}`)} testId={`role-${role}`} />
            ))}
          </Card.Body>
        </Card.Root>
        <Card.Root variant="outline">
          <Card.Body>
            <FormField label={t('verification.dueBy')} helperText={t('verification.dueByHelp')} error={form.message('dueBy')}>
              <Input type="date" {...form.register('dueBy')} maxWidth="56" data-testid="verification-due" />
            </FormField>
          </Card.Body>
        </Card.Root>
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={update.isPending} data-testid="verification-save">
          {t('verification.save')}
        </Button>
      </Stack>
    </form>
  );
}

/** /app/admin/verification (ADMIN): which roles must pass ID verification, and by when. */
export default function VerificationPolicyPage({ pageId }: PageProps) {
  const { t } = useTranslation(['security', 'pages']);
  usePageTitle(pageId);
  const policy = useSecurityPolicy();
  return (
    <Stack gap="6" maxWidth="3xl" data-testid="verification-policy-page">
      <PageHeader title={t('pages:verificationPolicies.title')} subtitle={t('verification.subtitle')} />
      <SecurityLinks />
      {policy.isPending ? (
        <ListSkeleton rows={2} testId="verification-loading" />
      ) : policy.isError ? (
        <LoadError title={t('policy.loadError')} error={policy.error} onRetry={() => void policy.refetch()} testId="verification-error" />
      ) : (
        <VerificationForm key={policy.data.updatedAt ?? 'defaults'} policy={policy.data} />
      )}
    </Stack>
  );
}
