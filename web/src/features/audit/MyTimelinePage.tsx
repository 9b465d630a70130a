import { Stack } from '@chakra-ui/react';
import { api } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../lib/page';
import { Section } from '../../components/Section';
import { useListParams } from '../../lib/useListParams';
import { usePageTitle } from '../../lib/usePageTitle';
import { useMyTimeline } from './api';
import { CsvLink, TimelineFilters, TimelineResults } from './components';
import { PageHeader } from '../../components/PageHeader';
import { csvHref, pageSizeOf, TIMELINE_KEYS, timelineQuery } from './filters';

/**
 * /app/security-timeline: the signed-in user's own security events (sign-ins, failed sign-ins,
 * password changes, exports…), newest first, filtered, paged and exportable as CSV.
 */
export default function MyTimelinePage({ pageId }: PageProps) {
  const { t } = useTranslation(['audit', 'pages']);
  usePageTitle(pageId);
  const { values, offset, update } = useListParams(TIMELINE_KEYS);
  const checked = timelineQuery(values, offset);
  const result = useMyTimeline(checked.ok ? checked.query : null);
  const pageSize = pageSizeOf(values.pageSize);
  return (
    <Stack gap="6" maxWidth="7xl" data-testid="security-timeline-page">
      <PageHeader
        title={t('pages:securityTimeline.title')}
        subtitle={t('mine.subtitle')}
        actions={<CsvLink href={checked.ok ? csvHref(api.audit.myTimelineCsv.path, checked.query) : ''} disabled={!checked.ok} />}
      />
      <TimelineFilters values={values} errors={checked.ok ? {} : checked.errors} onChange={(next) => update(next)} />
      <Section id="my-timeline-events" title={t('events')}>
        {checked.ok ? <TimelineResults result={result} offset={offset} pageSize={pageSize} onPage={(o) => update({}, o)} /> : null}
      </Section>
    </Stack>
  );
}
