import { Alert, Badge, Card, DataList, Heading, HStack, Stack } from '@chakra-ui/react';
import { api, type CustomerTimeline } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { z } from 'zod';
import type { PageProps } from '../../lib/page';
import { Section } from '../../components/Section';
import { errorStatus } from '../../lib/api';
import { useListParams } from '../../lib/useListParams';
import { usePageTitle } from '../../lib/usePageTitle';
import { useCustomerTimeline } from './api';
import { CsvLink, TimelineFilters, TimelineResults } from './components';
import { PageHeader } from '../../components/PageHeader';
import { useAuditText } from './audit-text';
import { csvHref, pageSizeOf, TIMELINE_KEYS, timelineQuery } from './filters';
import { CallerPinCheck } from '../security/CallerPinCheck';

const STATUS_PALETTE: Record<string, string> = { active: 'green', suspended: 'orange', frozen: 'blue', locked: 'red' };
const KNOWN_STATUSES = Object.keys(STATUS_PALETTE);

/** Who the customer is: name, email, role, account status and organisation. */
function CustomerCard({ customer }: { customer: CustomerTimeline['customer'] }) {
  const text = useAuditText();
  const { t } = text;
  return (
    <Card.Root variant="outline" data-testid="customer-card" data-status={customer.status}>
      <Card.Body gap="3" padding={{ base: '4', md: '5' }}>
        <HStack gap="2" wrap="wrap">
          <Heading as="h2" size="lg" data-testid="customer-name">
            <bdi>{customer.name}</bdi>
          </Heading>
          <Badge colorPalette={STATUS_PALETTE[customer.status] ?? 'gray'}>
            {KNOWN_STATUSES.includes(customer.status) ? t(`customer.statuses.${customer.status}`) : customer.status}
          </Badge>
        </HStack>
        <DataList.Root orientation="horizontal" size="sm" gap="2">
          <DataList.Item>
            <DataList.ItemLabel>{t('customer.email')}</DataList.ItemLabel>
            <DataList.ItemValue wordBreak="break-all" data-testid="customer-email">
              <bdi>{customer.email}</bdi>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('customer.role')}</DataList.ItemLabel>
            <DataList.ItemValue>{customer.role ? text.role(customer.role) : t('customer.noRole')}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('customer.organization')}</DataList.ItemLabel>
            <DataList.ItemValue>{customer.orgName ?? t('customer.noOrganization')}</DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}

function NotFound() {
  const { t } = useTranslation('audit');
  return (
    <Alert.Root status="warning" data-testid="customer-not-found">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('errors.userNotFound')}</Alert.Title>
        <Alert.Description>{t('customer.notFoundText')}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * /app/sysops/customer-timeline/:userId: one customer's security events for support operators
 * (SYSOPS and above; the server audits each view), with who the customer is.
 */
export default function CustomerTimelinePage({ pageId }: PageProps) {
  const { t } = useTranslation(['audit', 'pages']);
  usePageTitle(pageId);
  const userId = useParams().userId ?? '';
  const validId = z.uuid().safeParse(userId).success;
  const { values, offset, update } = useListParams(TIMELINE_KEYS);
  const checked = timelineQuery(values, offset);
  const result = useCustomerTimeline(validId ? userId : '', checked.ok ? checked.query : null);
  const notFound = !validId || (result.isError && errorStatus(result.error) === 404);
  return (
    <Stack gap="6" maxWidth="7xl" data-testid="customer-timeline-page">
      <PageHeader
        title={t('pages:customerTimeline.title')}
        subtitle={t('customer.subtitle')}
        actions={
          <CsvLink
            href={checked.ok && validId ? csvHref(api.audit.customerTimelineCsv.path, checked.query, { userId }) : ''}
            disabled={!checked.ok || notFound}
          />
        }
      />
      {notFound ? (
        <NotFound />
      ) : (
        <>
          {result.data && <CustomerCard customer={result.data.customer} />}
          {result.data && <CallerPinCheck key={result.data.customer.email} email={result.data.customer.email} />}
          <TimelineFilters values={values} errors={checked.ok ? {} : checked.errors} onChange={(next) => update(next)} />
          <Section id="customer-events" title={t('events')}>
            {checked.ok && (
              <TimelineResults result={result} offset={offset} pageSize={pageSizeOf(values.pageSize)} onPage={(o) => update({}, o)} />
            )}
          </Section>
        </>
      )}
    </Stack>
  );
}
