import { Stack } from '@chakra-ui/react';
import { hasRank, verifyQuerySchema } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../auth/signed-in-session';
import type { PageProps } from '../../lib/page';
import { Section } from '../../components/Section';
import { useListParams } from '../../lib/useListParams';
import { usePageTitle } from '../../lib/usePageTitle';
import { useOrgTimeline } from './api';
import { ChooseOrganizationNote, CsvLink, OrganizationPicker, TimelineFilters, TimelineResults } from './components';
import { PageHeader } from '../../components/PageHeader';
import { SecurityAdminLinks } from './SecurityAdminLinks';
import { pageSizeOf, TIMELINE_KEYS, timelineQuery } from './filters';
import { VerifyChain } from './VerifyChain';
import { issueMessage, reasonText } from '../../lib/error-text';
import { RenderButton } from '../documents/RenderButton';

/**
 * /app/admin/security-timeline: the organisation's security events with their actors, filtered
 * (also by address and free text), paged, exportable, and the audit chain verified on demand.
 * Platform staff have no organisation: they name one by its id first.
 */
/** The filters of a timeline, without its paging: an export holds every event they match. */
function withoutPaging(query: Record<string, string | number | undefined>): Record<string, string | number> {
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  return Object.fromEntries(Object.entries(filters).filter((e): e is [string, string | number] => e[1] !== undefined));
}

export default function OrgTimelinePage({ pageId }: PageProps) {
  const { t } = useTranslation(['audit', 'pages', 'documents']);
  usePageTitle(pageId);
  const session = useSignedInSession();
  const platform = !session.org;
  const { values, offset, update } = useListParams(TIMELINE_KEYS);
  const checked = timelineQuery(values, offset, { extended: true, withOrgId: platform });
  const orgId = values.orgId.trim();
  const org = verifyQuerySchema.safeParse({ orgId: orgId || undefined });
  const orgReady = !platform || (orgId !== '' && org.success);
  const result = useOrgTimeline(checked.ok && orgReady ? checked.query : null);
  const orgError = org.success ? undefined : reasonText(t, issueMessage(org.error.issues[0]!));
  return (
    <Stack gap="6" maxWidth="7xl" data-testid="org-timeline-page">
      <PageHeader
        title={t('pages:orgSecurityTimeline.title')}
        subtitle={t('org.subtitle')}
        actions={
          checked.ok && orgReady ? (
            // Made by the documents engine: a long timeline takes a while, shown as it goes.
            <RenderButton
              key={JSON.stringify(checked.query)}
              request={{ kind: 'security-timeline-csv', filters: withoutPaging(checked.query) }}
              label={t('export')}
              testId="export-csv"
            />
          ) : (
            <CsvLink href="" disabled />
          )
        }
      />
      <SecurityAdminLinks />
      {platform && <OrganizationPicker value={values.orgId} error={orgError} onChange={(next) => update({ orgId: next })} />}
      {platform && !orgReady ? (
        <ChooseOrganizationNote />
      ) : (
        <>
          <Section id="org-chain" title={t('verify.title')}>
            <VerifyChain key={orgId} orgId={platform ? orgId : undefined} />
          </Section>
          <TimelineFilters values={values} errors={checked.ok ? {} : checked.errors} onChange={(next) => update(next)} extended />
          <Section id="org-events" title={t('events')}>
            {checked.ok && (
              <TimelineResults
                result={result}
                offset={offset}
                pageSize={pageSizeOf(values.pageSize)}
                onPage={(o) => update({}, o)}
                showActor
                customerLinks={hasRank(session.role, 'SYSOPS')}
              />
            )}
          </Section>
        </>
      )}
    </Stack>
  );
}
