import { Alert, Button, Card, Heading, Input, NativeSelect, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { CREDIT_LIMITS, grantCreditSchema, type Credit, type CreditsOverview } from '@muster/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { PageProps } from '../../lib/page';
import { FormField } from '../../components/form/FormField';
import { ListSkeleton, LoadError } from '../../components/list';
import { toaster } from '../../components/ui/toaster';
import { formatDate } from '../../lib/format';
import { usePageTitle } from '../../lib/usePageTitle';
import { passIssues, useMusterForm } from '../../lib/forms';
import { useCredits, useGrantCredit } from './api';
import { Figure, useMoney } from './components';
import { Section } from '../../components/Section';
import { errorText } from '../../lib/error-text';

/**
 * The grant form: the amount is typed in dollars and sent in cents, checked by the contracts'
 * schema; its messages about `amountCents` show under the amount field.
 */
const grantFormSchema = z.object({ orgId: z.string(), amount: z.string(), reason: z.string() }).transform((v, ctx) => {
  const result = grantCreditSchema.safeParse({
    orgId: v.orgId,
    amountCents: v.amount.trim() === '' ? Number.NaN : Math.round(Number(v.amount) * 100),
    reason: v.reason,
  });
  if (result.success) return result.data;
  passIssues(ctx, result.error.issues, { amountCents: 'amount' });
  return z.NEVER;
});

/** A platform admin grants a credit. */
function GrantForm({ organizations }: { organizations: CreditsOverview['organizations'] }) {
  const { t } = useTranslation('billing');
  const grant = useGrantCredit();
  const money = useMoney();
  const form = useMusterForm(grantFormSchema, { orgId: '', amount: '', reason: '' });
  const [done, setDone] = useState<string | null>(null);
  const submit = form.handleSubmit((data) =>
    grant.mutate(data, {
      onSuccess: (credit) => {
        form.reset();
        setDone(t('credits.granted', { amount: money(credit.amountCents), org: credit.orgName }));
        toaster.create({ type: 'success', title: t('credits.granted', { amount: money(credit.amountCents), org: credit.orgName }) });
      },
      onError: (err) => {
        if (!form.setServerErrors(err)) toaster.create({ type: 'error', title: t('credits.grantFailed'), description: errorText(t, err) });
      },
    }),
  );
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="grant-credit">
      <Card.Root variant="outline">
        <Card.Body gap="4" padding="4">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormField label={t('credits.organization')} error={form.message('orgId')} required>
              <NativeSelect.Root>
                <NativeSelect.Field {...form.register('orgId')} data-testid="grant-org">
                  <option value="">{t('credits.chooseOrganization')}</option>
                  {organizations.map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField
              label={t('credits.amount')}
              error={form.message('amount')}
              required
              helperText={t('credits.amountHelp', { min: money(CREDIT_LIMITS.minCents), max: money(CREDIT_LIMITS.maxCents) })}
            >
              <Input {...form.register('amount')} inputMode="decimal" placeholder="100" data-testid="grant-amount" />
            </FormField>
          </SimpleGrid>
          <FormField label={t('credits.reason')} error={form.message('reason')} required>
            <Input {...form.register('reason')} maxLength={CREDIT_LIMITS.reasonMax} data-testid="grant-reason" />
          </FormField>
          <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={grant.isPending} data-testid="grant-submit">
            {t('credits.grant')}
          </Button>
          {done && (
            <Text fontSize="sm" color="fg.muted" role="status">
              {done}
            </Text>
          )}
        </Card.Body>
      </Card.Root>
    </form>
  );
}

function CreditsTable({ credits, showOrganization }: { credits: readonly Credit[]; showOrganization: boolean }) {
  const { t, i18n } = useTranslation('billing');
  const money = useMoney();
  if (credits.length === 0)
    return (
      <Text color="fg.muted" data-testid="credits-empty">
        {t('credits.none')}
      </Text>
    );
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" data-testid="credits">
        <Table.Header>
          <Table.Row>
            {showOrganization && <Table.ColumnHeader>{t('credits.organization')}</Table.ColumnHeader>}
            <Table.ColumnHeader>{t('credits.date')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('credits.reason')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('credits.amount')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('credits.remaining')}</Table.ColumnHeader>
            {showOrganization && <Table.ColumnHeader>{t('credits.grantedBy')}</Table.ColumnHeader>}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {credits.map((c) => (
            <Table.Row key={c.id} data-testid="credit" data-remaining={c.remainingCents}>
              {showOrganization && <Table.Cell>{c.orgName}</Table.Cell>}
              <Table.Cell>{formatDate(c.createdAt.slice(0, 10), i18n.resolvedLanguage)}</Table.Cell>
              <Table.Cell dir="auto">{c.reason}</Table.Cell>
              <Table.Cell textAlign="end" dir="ltr">
                {money(c.amountCents)}
              </Table.Cell>
              <Table.Cell textAlign="end" dir="ltr">
                {money(c.remainingCents)}
              </Table.Cell>
              {showOrganization && <Table.Cell>{c.grantedBy ?? '—'}</Table.Cell>}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/**
 * /app/admin/credits: upgrade credits. Platform admins grant them to any organisation; an
 * organisation's admins see theirs and what is left for the next invoice.
 */
export default function CreditsPage({ pageId }: PageProps) {
  const { t } = useTranslation('billing');
  usePageTitle(pageId);
  const credits = useCredits();
  const money = useMoney();
  return (
    <Stack gap="6" maxWidth="5xl" data-testid="credits-page">
      <Stack gap="1">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {t('credits.title')}
        </Heading>
        <Text color="fg.muted">{t('credits.subtitle')}</Text>
      </Stack>
      {credits.isPending ? (
        <ListSkeleton testId="credits-loading" />
      ) : credits.isError ? (
        <LoadError title={t('credits.loadError')} error={credits.error} onRetry={() => void credits.refetch()} />
      ) : (
        <>
          {credits.data.canGrant ? (
            <Section id="credits-grant" title={t('credits.grantTitle')} text={t('credits.grantText')}>
              <GrantForm organizations={credits.data.organizations} />
            </Section>
          ) : (
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <Figure
                label={t('credits.available')}
                value={money(credits.data.credits.reduce((sum, c) => sum + c.remainingCents, 0))}
                hint={t('credits.availableHint')}
                testId="credits-available"
              />
            </SimpleGrid>
          )}
          {!credits.data.canGrant && credits.data.credits.length === 0 && (
            <Alert.Root status="info">
              <Alert.Indicator />
              <Alert.Description>{t('credits.howToGet')}</Alert.Description>
            </Alert.Root>
          )}
          <Section id="credits-list" title={t('credits.listTitle')}>
            <CreditsTable credits={credits.data.credits} showOrganization={credits.data.canGrant} />
          </Section>
        </>
      )}
    </Stack>
  );
}
