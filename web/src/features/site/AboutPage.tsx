import { Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { PRODUCT_NAME } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { CtaBand, PageHeader } from './SiteBlocks';
import { usePageMeta } from './usePageMeta';

const PRINCIPLES = ['live', 'evidence', 'privacy', 'everyone'] as const;

export default function AboutPage() {
  const { t } = useTranslation('about');
  usePageMeta('about');
  const product = PRODUCT_NAME;
  return (
    <>
      <PageHeader title={t('title', { product })} lead={t('lead', { product })} />
      <Container maxW="6xl" py={{ base: '10', md: '14' }}>
        <Stack gap="12">
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '8', lg: '14' }}>
            <Stack gap="3">
              <Heading as="h2" size="xl">
                {t('mission.title')}
              </Heading>
              <Text>{t('mission.text1')}</Text>
              <Text>{t('mission.text2', { product })}</Text>
            </Stack>
            <Stack gap="3">
              <Heading as="h2" size="xl">
                {t('build.title')}
              </Heading>
              <Text>{t('build.text')}</Text>
            </Stack>
          </SimpleGrid>
          <Stack gap="6">
            <Heading as="h2" size="xl">
              {t('principles.title')}
            </Heading>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
              {PRINCIPLES.map((key) => (
                <Stack key={key} gap="2" borderTopWidth="3px" borderColor="brand.solid" pt="4">
                  <Heading as="h3" size="md">
                    {t(`principles.${key}.title`)}
                  </Heading>
                  <Text color="fg.muted">{t(`principles.${key}.text`, { product })}</Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Stack>
          <Stack gap="3" borderStartWidth="4px" borderColor="signal.400" bg="bg.subtle" px="5" py="4" borderRadius="md">
            <Heading as="h2" size="md">
              {t('honesty.title', { product })}
            </Heading>
            <Text color="fg.muted" data-testid="site-disclaimer">
              {t('honesty.text', { product })}
            </Text>
          </Stack>
        </Stack>
      </Container>
      <CtaBand />
    </>
  );
}
