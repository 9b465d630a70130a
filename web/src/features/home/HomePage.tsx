import { Badge, Box, Button, Card, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { PRODUCT_NAME } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

const FEATURES = ['drills', 'console', 'compliance', 'support', 'usage', 'enterprise'] as const;

export default function HomePage() {
  const { t } = useTranslation('home');
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
              {t('hero.subtitle', { product: PRODUCT_NAME })}
            </Text>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
              <Button asChild size="lg" bg="signal.400" color="gray.900" _hover={{ bg: 'signal.500' }}>
                <RouterLink to="/status">{t('hero.statusCta')}</RouterLink>
              </Button>
            </Stack>
          </Stack>
        </Container>
      </Box>
      <Container maxW="6xl" py={{ base: '10', md: '16' }}>
        <Heading as="h2" size="2xl" mb="8">
          {t('features.title', { product: PRODUCT_NAME })}
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="5">
          {FEATURES.map((key) => (
            <Card.Root key={key} variant="outline">
              <Card.Body gap="2">
                <Card.Title as="h3">{t(`features.${key}.title`)}</Card.Title>
                <Card.Description>{t(`features.${key}.text`)}</Card.Description>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Container>
    </>
  );
}
