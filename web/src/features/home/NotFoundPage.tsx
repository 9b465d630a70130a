import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { PRODUCT_NAME } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

export default function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <Container maxW="3xl" py="20">
      <Stack gap="5" align="flex-start">
        <Heading as="h1" size="3xl">
          {t('notFound.title', { product: PRODUCT_NAME })}
        </Heading>
        <Text color="fg.muted">{t('notFound.text')}</Text>
        <Button asChild colorPalette="brand">
          <RouterLink to="/">{t('notFound.home')}</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
