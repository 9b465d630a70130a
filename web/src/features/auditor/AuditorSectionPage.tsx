import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../lib/page';

/** /auditor/evidence and /auditor/bundles: what the section will hold once records are shared. */
export default function AuditorSectionPage({ pageId }: PageProps) {
  const { t } = useTranslation('pages');
  return (
    <Card.Root variant="outline" maxWidth="3xl" data-testid="feature-page">
      <Card.Body>
        <Stack gap="3">
          <Heading as="h1" size="2xl">
            {t(`${pageId}.title`)}
          </Heading>
          <Text>{t(`${pageId}.text`)}</Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
