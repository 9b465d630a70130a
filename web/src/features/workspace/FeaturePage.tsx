import { Badge, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../lib/page';

/**
 * A screen whose feature arrives with its own issue: it names the feature and says what it
 * will do, inside the app shell, so navigation, guards and warming are real today.
 */
export default function FeaturePage({ pageId }: PageProps) {
  const { t } = useTranslation('pages');
  return (
    <Stack gap="5" maxWidth="3xl" data-testid="feature-page" data-page-id={pageId}>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
        {t(`${pageId}.title`)}
      </Heading>
      <Card.Root variant="outline">
        <Card.Body>
          <Stack gap="3">
            <Badge alignSelf="flex-start" colorPalette="yellow">
              {t('comingSoonBadge')}
            </Badge>
            <Text>{t(`${pageId}.text`)}</Text>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
