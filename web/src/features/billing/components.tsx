import { Badge, Button, Card, DataList, Heading, HStack, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import { formatUsd, type Invoice, type InvoiceStatus, type SubscriptionInfo } from '@muster/contracts';

import { useTranslation } from 'react-i18next';
import { toaster } from '../../components/ui/toaster';

import { formatCount, formatDate } from '../../lib/format';
import { useMarkPaid } from './api';
import { errorText } from '../../lib/error-text';

export const STATUS_PALETTE: Record<InvoiceStatus, string> = { open: 'orange', paid: 'green', void: 'gray' };

/** Money in US dollars, in the reader's language. */
export function useMoney(): (cents: number) => string {
  const { i18n } = useTranslation();
  return (cents) => formatUsd(cents, i18n.resolvedLanguage);
}

/** One figure with its label (stat tiles of the billing and accountant pages). */
export function Figure({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId?: string }) {
  return (
    <Card.Root variant="outline" data-testid={testId}>
      <Card.Body gap="1" padding="4">
        <Text fontSize="sm" color="fg.muted">
          {label}
        </Text>
        <Text fontSize="2xl" fontWeight="bold" dir="ltr" textAlign="start">
          {value}
        </Text>
        {hint && (
          <Text fontSize="xs" color="fg.muted">
            {hint}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** The organisation's current plan: name, status, trial or renewal, members and credit. */
export function CurrentPlan({ info }: { info: SubscriptionInfo }) {
  const { t, i18n } = useTranslation(['billing', 'pricing']);
  const money = useMoney();
  const lng = i18n.resolvedLanguage;
  const renewal =
    info.status === 'trialing'
      ? info.trialDaysLeft === 0
        ? t('current.trialEnded')
        : t('current.trialLeft', { count: info.trialDaysLeft ?? 0 })
      : info.currentPeriodEnd
        ? info.cancelAtPeriodEnd || info.status === 'canceled'
          ? t('current.ends', { date: formatDate(info.currentPeriodEnd.slice(0, 10), lng) })
          : t('current.renews', { date: formatDate(info.currentPeriodEnd.slice(0, 10), lng) })
        : null;
  return (
    <Card.Root variant="outline" data-testid="current-plan" data-plan={info.plan} data-status={info.status}>
      <Card.Body gap="2" padding={{ base: '4', md: '5' }}>
        <HStack gap="2" wrap="wrap">
          <Heading as="h2" size="xl">
            {t('current.title', { plan: t(`plans.${info.plan}.name`, { ns: 'pricing' }) })}
          </Heading>
          <Badge colorPalette={info.status === 'active' ? 'green' : info.status === 'trialing' ? 'blue' : 'gray'}>
            {t(`status.${info.status}`)}
          </Badge>
          {info.status !== 'trialing' && <Badge variant="outline">{t(`billing.${info.cycle}`, { ns: 'pricing' })}</Badge>}
        </HStack>
        {renewal && <Text data-testid="plan-renewal">{renewal}</Text>}
        <Text fontSize="sm" color="fg.muted">
          {t('current.members', { count: info.members, members: formatCount(info.members, lng) })}
        </Text>
        {info.creditCents > 0 && (
          <Text fontSize="sm" data-testid="plan-credit">
            {t('current.credit', { amount: money(info.creditCents) })}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** What one invoice shows, in the reader's language, for both the table and the cards. */
function useInvoiceTexts() {
  const { t, i18n } = useTranslation('billing');
  const money = useMoney();
  const lng = i18n.resolvedLanguage;
  const date = (iso: string) => formatDate(iso.slice(0, 10), lng, 'medium');
  return {
    t,
    money,
    origin: (invoice: Invoice) => `${t(`invoices.kinds.${invoice.kind}`)} · ${t(`invoices.providers.${invoice.provider}`)}`,
    issued: (invoice: Invoice) => date(invoice.issuedAt),
    period: (invoice: Invoice) => t('invoices.range', { from: date(invoice.periodStart), to: date(invoice.periodEnd) }),
    due: (invoice: Invoice) => (invoice.status === 'open' && invoice.dueAt ? t('invoices.due', { date: date(invoice.dueAt) }) : null),
  };
}

type InvoiceTexts = ReturnType<typeof useInvoiceTexts>;

function InvoiceLines({ invoice, texts }: { invoice: Invoice; texts: InvoiceTexts }) {
  return invoice.lines.map((line, i) => (
    <Text key={i} fontSize="xs" color="fg.muted">
      {line.description}: <span dir="ltr">{texts.money(line.amountCents)}</span>
    </Text>
  ));
}

function InvoiceStatus({ invoice, texts }: { invoice: Invoice; texts: InvoiceTexts }) {
  return (
    <Badge colorPalette={STATUS_PALETTE[invoice.status]} alignSelf="flex-start">
      {texts.t(`invoices.statuses.${invoice.status}`)}
    </Badge>
  );
}

function InvoiceTotal({ invoice, texts, size }: { invoice: Invoice; texts: InvoiceTexts; size: 'sm' | 'xl' }) {
  return (
    <>
      <Text fontWeight={size === 'xl' ? 'bold' : 'semibold'} fontSize={size} dir="ltr" whiteSpace="nowrap" data-testid="invoice-total">
        {texts.money(invoice.totalCents)}
      </Text>
      {invoice.creditCents > 0 && (
        <Text fontSize="xs" color="fg.muted">
          {texts.t('invoices.credited', { amount: texts.money(invoice.creditCents) })}
        </Text>
      )}
    </>
  );
}

/**
 * Invoices, newest first, with their lines; open built-in invoices can be marked paid. From `md`
 * up a table whose columns wrap to fit the page (Total and the action stay in view at 1280 px);
 * on phones one card per invoice, the total and the action full width.
 */
export function InvoicesTable({ invoices, canMarkPaid }: { invoices: readonly Invoice[]; canMarkPaid: boolean }) {
  const texts = useInvoiceTexts();
  const { t } = texts;
  const markPaid = useMarkPaid();
  const wide = useBreakpointValue({ base: false, md: true }, { ssr: false });
  if (invoices.length === 0) {
    return (
      <Text color="fg.muted" data-testid="invoices-empty">
        {t('invoices.none')}
      </Text>
    );
  }
  const pay = (invoice: Invoice) =>
    markPaid.mutate(invoice.id, {
      onSuccess: () => toaster.create({ type: 'success', title: t('invoices.paidToast', { number: invoice.number }) }),
      onError: (error) => toaster.create({ type: 'error', title: t('invoices.payFailed'), description: errorText(t, error) }),
    });
  const action = (invoice: Invoice, fullWidth: boolean) =>
    canMarkPaid &&
    invoice.status === 'open' &&
    invoice.provider === 'builtin' && (
      <Button
        size={fullWidth ? 'sm' : 'xs'}
        width={fullWidth ? 'full' : undefined}
        variant="outline"
        onClick={() => pay(invoice)}
        loading={markPaid.isPending && markPaid.variables === invoice.id}
        data-testid="invoice-mark-paid"
      >
        {t('invoices.markPaid')}
      </Button>
    );

  if (!wide) {
    return (
      <Stack as="ul" gap="3" listStyleType="none" data-testid="invoices" data-layout="cards">
        {invoices.map((invoice) => {
          const due = texts.due(invoice);
          return (
            <Card.Root
              as="li"
              key={invoice.id}
              variant="outline"
              data-testid="invoice"
              data-number={invoice.number}
              data-status={invoice.status}
            >
              <Card.Body gap="3" padding="4">
                <HStack justify="space-between" align="flex-start" gap="3">
                  <Stack gap="0.5" minWidth="0">
                    <Text fontWeight="semibold" dir="ltr" textAlign="start" wordBreak="break-all">
                      {invoice.number}
                    </Text>
                    <Text fontSize="xs" color="fg.muted">
                      {texts.origin(invoice)}
                    </Text>
                  </Stack>
                  <InvoiceStatus invoice={invoice} texts={texts} />
                </HStack>
                <Stack gap="0.5">
                  <InvoiceTotal invoice={invoice} texts={texts} size="xl" />
                  {due && (
                    <Text fontSize="sm" color="fg.muted">
                      {due}
                    </Text>
                  )}
                </Stack>
                <DataList.Root size="sm" orientation="horizontal" gap="1.5">
                  <DataList.Item>
                    <DataList.ItemLabel>{t('invoices.issued')}</DataList.ItemLabel>
                    <DataList.ItemValue>{texts.issued(invoice)}</DataList.ItemValue>
                  </DataList.Item>
                  <DataList.Item>
                    <DataList.ItemLabel>{t('invoices.period')}</DataList.ItemLabel>
                    <DataList.ItemValue>{texts.period(invoice)}</DataList.ItemValue>
                  </DataList.Item>
                </DataList.Root>
                <Stack gap="0.5">
                  <InvoiceLines invoice={invoice} texts={texts} />
                </Stack>
                {action(invoice, true)}
              </Card.Body>
            </Card.Root>
          );
        })}
      </Stack>
    );
  }

  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root
        size="sm"
        data-testid="invoices"
        data-layout="table"
        css={{ '& th, & td': { whiteSpace: 'normal', verticalAlign: 'top' } }}
      >
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('invoices.number')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('invoices.issued')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('invoices.period')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('invoices.status')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('invoices.total')}</Table.ColumnHeader>
            {canMarkPaid && <Table.ColumnHeader>{t('invoices.actions')}</Table.ColumnHeader>}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {invoices.map((invoice) => {
            const due = texts.due(invoice);
            return (
              <Table.Row key={invoice.id} data-testid="invoice" data-number={invoice.number} data-status={invoice.status}>
                <Table.Cell minWidth="48">
                  <Stack gap="0.5">
                    <Text fontWeight="medium" dir="ltr" textAlign="start" whiteSpace="nowrap">
                      {invoice.number}
                    </Text>
                    <Text fontSize="xs" color="fg.muted">
                      {texts.origin(invoice)}
                    </Text>
                    <InvoiceLines invoice={invoice} texts={texts} />
                  </Stack>
                </Table.Cell>
                <Table.Cell>{texts.issued(invoice)}</Table.Cell>
                <Table.Cell>{texts.period(invoice)}</Table.Cell>
                <Table.Cell>
                  <Stack gap="0.5">
                    <InvoiceStatus invoice={invoice} texts={texts} />
                    {due && (
                      <Text fontSize="xs" color="fg.muted">
                        {due}
                      </Text>
                    )}
                  </Stack>
                </Table.Cell>
                <Table.Cell textAlign="end">
                  <InvoiceTotal invoice={invoice} texts={texts} size="sm" />
                </Table.Cell>
                {canMarkPaid && <Table.Cell>{action(invoice, false)}</Table.Cell>}
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
