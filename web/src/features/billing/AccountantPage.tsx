import { Alert, Button, Heading, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { api } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../auth/signed-in-session';
import type { PageProps } from '../../lib/page';
import { ListSkeleton, LoadError } from '../../components/list';
import { usePageTitle } from '../../lib/usePageTitle';
import { useAccountant, useLiveBilling } from './api';
import { Figure, InvoicesTable, useMoney } from './components';
import { Section } from '../../components/Section';

/**
 * /app/accountant: the ACCOUNTANT's dashboard: what is open and paid, overage accrued this month,
 * six months of usage costs, every invoice (payments recorded here) and the CSV for the books.
 */
export default function AccountantPage({ pageId }: PageProps) {
  const { t, i18n } = useTranslation(['billing', 'pricing']);
  usePageTitle(pageId);
  useLiveBilling();
  const session = useSignedInSession();
  const overview = useAccountant();
  const money = useMoney();
  const month = (period: string) =>
    new Intl.DateTimeFormat(`${i18n.resolvedLanguage ?? 'en'}-u-nu-latn`, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${period}-01T00:00:00Z`),
    );
  const header = (
    <HStack justify="space-between" align="flex-start" gap="3" wrap="wrap">
      <Stack gap="1">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {t('accountant.title')}
        </Heading>
        <Text color="fg.muted">{t('accountant.subtitle')}</Text>
      </Stack>
      {session.org && (
        <Button asChild variant="outline">
          <a href={api.billing.invoicesCsv.path} download data-testid="invoices-csv">
            {t('accountant.export')}
          </a>
        </Button>
      )}
    </HStack>
  );
  if (!session.org)
    return (
      <Stack gap="6" maxWidth="6xl">
        {header}
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>{t('noOrganization')}</Alert.Description>
        </Alert.Root>
      </Stack>
    );
  return (
    <Stack gap="6" maxWidth="6xl" data-testid="accountant-page">
      {header}
      {overview.isPending ? (
        <ListSkeleton testId="accountant-loading" />
      ) : overview.isError ? (
        <LoadError title={t('loadError')} error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
            <Figure
              label={t('accountant.plan')}
              value={t(`plans.${overview.data.plan}.name`, { ns: 'pricing' })}
              hint={t(`status.${overview.data.status}`)}
              testId="figure-plan"
            />
            <Figure label={t('accountant.open')} value={money(overview.data.openCents)} testId="figure-open" />
            <Figure label={t('accountant.paidThisYear')} value={money(overview.data.paidThisYearCents)} testId="figure-paid" />
            <Figure
              label={t('accountant.accrued')}
              value={money(overview.data.accrued.totalCents)}
              hint={t('accountant.accruedHint', { month: month(overview.data.period) })}
              testId="figure-accrued"
            />
          </SimpleGrid>
          {overview.data.creditCents > 0 && (
            <Text data-testid="accountant-credit">{t('accountant.credit', { amount: money(overview.data.creditCents) })}</Text>
          )}
          <Section id="accountant-costs" title={t('accountant.costsTitle')} text={t('accountant.costsText')}>
            <Table.ScrollArea borderWidth="1px" rounded="md">
              <Table.Root size="sm" data-testid="usage-costs">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('accountant.month')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('accountant.planShare')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('accountant.overage')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('accountant.total')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {overview.data.costs.map((c) => (
                    <Table.Row key={c.period}>
                      <Table.Cell>{month(c.period)}</Table.Cell>
                      <Table.Cell textAlign="end" dir="ltr">
                        {money(c.planCents)}
                      </Table.Cell>
                      <Table.Cell textAlign="end" dir="ltr">
                        {money(c.overageCents)}
                      </Table.Cell>
                      <Table.Cell textAlign="end" dir="ltr" fontWeight="semibold">
                        {money(c.totalCents)}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </Section>
          <Section id="accountant-invoices" title={t('invoices.title')} text={t('accountant.invoicesText')}>
            <InvoicesTable invoices={overview.data.invoices} canMarkPaid={session.role === 'ACCOUNTANT' || session.role === 'ADMIN'} />
          </Section>
        </>
      )}
    </Stack>
  );
}
