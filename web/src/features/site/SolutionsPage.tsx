import { Card, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { PRODUCT_NAME } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { CheckList, CtaBand, Disclaimer, PageHeader } from './SiteBlocks';
import { usePageMeta } from './usePageMeta';

const AUDIENCES = ['ports', 'shipping', 'enterprises'] as const;
const NEEDS = ['isps', 'mapsSops', 'audits'] as const;

function SolutionCard({ id }: { id: string }) {
  const { t } = useTranslation('solutions');
  return (
    <Card.Root as="article" variant="outline" id={id}>
      <Card.Body gap="3">
        <Card.Title as="h3" fontSize="xl">
          {t(`${id}.title`)}
        </Card.Title>
        <Text color="fg.muted">{t(`${id}.text`)}</Text>
        <CheckList items={[t(`${id}.point1`), t(`${id}.point2`), t(`${id}.point3`)]} />
      </Card.Body>
    </Card.Root>
  );
}

export default function SolutionsPage() {
  const { t } = useTranslation('solutions');
  usePageMeta('solutions');
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead', { product: PRODUCT_NAME })} />
      <Container maxW="6xl" py={{ base: '10', md: '14' }}>
        <Stack gap="12">
          <Stack gap="6" as="section" aria-labelledby="by-audience">
            <Heading as="h2" size="2xl" id="by-audience">
              {t('byAudience')}
            </Heading>
            <SimpleGrid columns={{ base: 1, lg: 3 }} gap="5">
              {AUDIENCES.map((id) => (
                <SolutionCard key={id} id={id} />
              ))}
            </SimpleGrid>
          </Stack>
          <Stack gap="6" as="section" aria-labelledby="by-need">
            <Heading as="h2" size="2xl" id="by-need">
              {t('byNeed')}
            </Heading>
            <SimpleGrid columns={{ base: 1, lg: 3 }} gap="5">
              {NEEDS.map((id) => (
                <SolutionCard key={id} id={id} />
              ))}
            </SimpleGrid>
          </Stack>
          <Disclaimer />
        </Stack>
      </Container>
      <CtaBand />
    </>
  );
}
