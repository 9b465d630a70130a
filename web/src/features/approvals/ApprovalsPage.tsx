import { HStack, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/page';
import { usePageTitle } from '../../lib/usePageTitle';
import { ApprovalsPanel } from './ApprovalsPanel';
import { RequestDialog } from './RequestDialog';

/** /app/root-admin/approvals: four-eyes approvals of platform actions, with break-glass. */
export default function ApprovalsPage({ pageId }: PageProps) {
  const { t } = useTranslation(['approvals', 'pages']);
  usePageTitle(pageId);
  return (
    <Stack gap="6" maxWidth="5xl" data-testid="approvals-page">
      <PageHeader
        title={t('pages:approvals.title')}
        subtitle={t('subtitle')}
        actions={
          <HStack gap="2" wrap="wrap">
            <RequestDialog />
            <RequestDialog breakGlass />
          </HStack>
        }
      />
      <ApprovalsPanel />
    </Stack>
  );
}
