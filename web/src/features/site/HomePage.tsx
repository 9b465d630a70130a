import { Badge, Box, Button, Card, Container, Heading, HStack, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react';
import { PRODUCT_NAME, TRIAL_DAYS } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { CheckList, CtaBand, Disclaimer } from './SiteBlocks';
import { usePageMeta } from './usePageMeta';

const AUDIENCES = ['ports', 'shipping', 'enterprises'] as const;
const FEATURES = ['drills', 'console', 'compliance', 'maps', 'support', 'enterprise'] as const;
const STEPS = ['plan', 'run', 'review', 'prove'] as const;
const REGULATIONS = ['isps', 'solas', 'iso', 'custom'] as const;

export default function HomePage() {
  const { t } = useTranslation('home');
  usePageMeta('home');
  const product = PRODUCT_NAME;
  return (
    <>
      <Box bg="brand.800" color="white" py={{ base: '14', md: '20' }}>
        <Container maxW="6xl">
          <Stack gap="6" maxW="3xl">
            <Badge alignSelf="flex-start" colorPalette="yellow" variant="solid">
              {t('hero.badge')}
            </Badge>
            <Heading as="h1" size={{ base: '3xl', md: '5xl' }} lineHeight="1.15">
              {t('hero.title')}
            </Heading>
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="brand.100">
              {t('hero.subtitle', { product })}
            </Text>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
              <Button asChild size="lg" bg="signal.400" color="gray.900" _hover={{ bg: 'signal.500' }}>
                <RouterLink to="/signup">{t('hero.primary')}</RouterLink>
              </Button>
              <Button asChild size="lg" variant="outline" color="white" borderColor="whiteAlpha.700" _hover={{ bg: 'whiteAlpha.200' }}>
                <RouterLink to="/pricing">{t('hero.secondary')}</RouterLink>
              </Button>
            </Stack>
            <Text fontSize="sm" color="brand.100">
              {t('hero.note', { days: TRIAL_DAYS })}
            </Text>
          </Stack>
        </Container>
      </Box>

      <Container maxW="6xl" py={{ base: '12', md: '16' }}>
        <Heading as="h2" size="2xl" mb="8">
          {t('audiences.title')}
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
          {AUDIENCES.map((key) => (
            <Card.Root key={key} variant="subtle">
              <Card.Body gap="2">
                <Card.Title as="h3">{t(`audiences.${key}.title`)}</Card.Title>
                <Card.Description>{t(`audiences.${key}.text`)}</Card.Description>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Container>

      <Box bg="bg.subtle" py={{ base: '12', md: '16' }}>
        <Container maxW="6xl">
          <Heading as="h2" size="2xl" mb="8">
            {t('features.title', { product })}
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="5">
            {FEATURES.map((key) => (
              <Card.Root key={key} variant="outline" bg="bg.panel">
                <Card.Body gap="2">
                  <Card.Title as="h3">{t(`features.${key}.title`)}</Card.Title>
                  <Card.Description>{t(`features.${key}.text`)}</Card.Description>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Container maxW="6xl" py={{ base: '12', md: '16' }}>
        <Heading as="h2" size="2xl" mb="8">
          {t('steps.title')}
        </Heading>
        <SimpleGrid as="ol" columns={{ base: 1, sm: 2, lg: 4 }} gap="6" listStyleType="none">
          {STEPS.map((key, index) => (
            <Stack as="li" key={key} gap="2">
              <HStack gap="3">
                <Box
                  as="span"
                  aria-hidden="true"
                  bg="brand.solid"
                  color="brand.contrast"
                  borderRadius="full"
                  boxSize="8"
                  display="inline-flex"
                  alignItems="center"
                  justifyContent="center"
                  fontWeight="bold"
                >
                  {index + 1}
                </Box>
                <Heading as="h3" size="md">
                  {t(`steps.${key}.title`)}
                </Heading>
              </HStack>
              <Text color="fg.muted">{t(`steps.${key}.text`)}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>

      <Box bg="bg.subtle" py={{ base: '12', md: '16' }}>
        <Container maxW="6xl">
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '10', lg: '16' }}>
            <Stack gap="4">
              <Heading as="h2" size="xl">
                {t('live.title')}
              </Heading>
              <Text color="fg.muted">{t('live.text')}</Text>
              <CheckList items={[t('live.point1'), t('live.point2'), t('live.point3')]} />
            </Stack>
            <Stack gap="6">
              <Stack gap="3">
                <Heading as="h2" size="xl">
                  {t('regulations.title')}
                </Heading>
                <Text color="fg.muted">{t('regulations.text')}</Text>
                <Wrap gap="2">
                  {REGULATIONS.map((key) => (
                    <Badge key={key} size="lg" variant="outline" colorPalette="blue">
                      {t(`regulations.${key}`)}
                    </Badge>
                  ))}
                </Wrap>
              </Stack>
              <Stack gap="3">
                <Heading as="h2" size="xl">
                  {t('verify.title')}
                </Heading>
                <Text color="fg.muted">{t('verify.text')}</Text>
              </Stack>
              <Stack gap="3">
                <Heading as="h2" size="xl">
                  {t('languages.title')}
                </Heading>
                <Text color="fg.muted">{t('languages.text', { product })}</Text>
              </Stack>
            </Stack>
          </SimpleGrid>
        </Container>
      </Box>

      <Container maxW="6xl" py="10">
        <Disclaimer />
      </Container>
      <CtaBand />
    </>
  );
}
