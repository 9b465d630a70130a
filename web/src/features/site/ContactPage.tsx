import {
  Alert,
  Box,
  Button,
  Card,
  Container,
  Heading,
  Input,
  Link,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  VisuallyHidden,
} from '@chakra-ui/react';
import {
  api,
  CONTACT_LIMITS,
  CONTACT_SUBJECTS,
  contactMessageSchema,
  isLanguageCode,
  PRODUCT_NAME,
  type ContactMessageRequest,
  type ContactSubject,
} from '@muster/contracts';
import { fieldSlotRecipe } from '@chakra-theme/recipes/field';
import { inputRecipe } from '@chakra-theme/recipes/input';
import { textareaRecipe } from '@chakra-theme/recipes/textarea';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { FormField } from '../../components/form/FormField';
import { addRecipes } from '../../components/ui/system';
import { toaster } from '../../components/ui/toaster';
import { callEndpoint, errorStatus } from '../../lib/api';
import { useMusterForm } from '../../lib/forms';
import { useAppConfig } from '../../shell/useAppConfig';
import { PageHeader } from './SiteBlocks';
import { usePageMeta } from './usePageMeta';

addRecipes({ recipes: { input: inputRecipe, textarea: textareaRecipe }, slotRecipes: { field: fieldSlotRecipe } });

/** The other ways to reach us, beside the support address. */
const OTHER_WAYS = [
  { id: 'chat', to: '/app/help-desk' },
  { id: 'docs', to: '/docs' },
] as const;

const EMPTY = { name: '', email: '', company: '', subject: '', message: '', website: '' };

function initialSubject(value: string | null): ContactSubject | '' {
  return (CONTACT_SUBJECTS as readonly string[]).includes(value ?? '') ? (value as ContactSubject) : '';
}

function ContactForm() {
  const { t, i18n } = useTranslation('contact');
  const [params] = useSearchParams();
  const form = useMusterForm(contactMessageSchema, { ...EMPTY, subject: initialSubject(params.get('subject')) });
  const send = useMutation({
    mutationFn: (body: ContactMessageRequest) => callEndpoint(api.contact.send, { body }),
    meta: { silent: true },
  });

  const onValid = (data: ContactMessageRequest) => {
    const language = i18n.resolvedLanguage;
    send.mutate(
      { ...data, company: data.company || undefined, language: isLanguageCode(language) ? language : undefined },
      {
        onSuccess: () => {
          form.reset({ ...EMPTY, subject: '' });
          toaster.create({ type: 'success', title: t('success.title'), description: t('success.text') });
        },
        onError: (err) => {
          if (form.setServerErrors(err)) return;
          const description = errorStatus(err) === 429 ? t('failure.tooManyText') : t('failure.text');
          toaster.create({ type: 'error', title: t('failure.title'), description });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(onValid)(e)} aria-labelledby="contact-form-title" data-testid="contact-form">
      <Stack gap="4">
        <Heading as="h2" size="lg" id="contact-form-title">
          {t('form.title')}
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label={t('form.name')} error={form.message('name')} required>
            <Input {...form.register('name')} autoComplete="name" maxLength={CONTACT_LIMITS.nameMax} data-testid="contact-name" />
          </FormField>
          <FormField label={t('form.email')} error={form.message('email')} required>
            <Input {...form.register('email')} type="email" autoComplete="email" inputMode="email" dir="ltr" data-testid="contact-email" />
          </FormField>
          <FormField label={t('form.company')} error={form.message('company')} helperText={t('form.companyHint')}>
            <Input
              {...form.register('company')}
              autoComplete="organization"
              maxLength={CONTACT_LIMITS.companyMax}
              data-testid="contact-company"
            />
          </FormField>
          <FormField label={t('form.subject')} error={form.message('subject')} required>
            <NativeSelect.Root>
              <NativeSelect.Field {...form.register('subject')} data-testid="contact-subject">
                <option value="" disabled>
                  {t('form.subjectPlaceholder')}
                </option>
                {CONTACT_SUBJECTS.map((subject) => (
                  <option key={subject} value={subject}>
                    {t(`subjects.${subject}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        </SimpleGrid>
        <FormField
          label={t('form.message')}
          error={form.message('message')}
          helperText={t('form.messageHint', { min: CONTACT_LIMITS.messageMin })}
          required
        >
          <Textarea {...form.register('message')} rows={6} maxLength={CONTACT_LIMITS.messageMax} data-testid="contact-message" />
        </FormField>
        {/* Honeypot: invisible, skipped by keyboard and screen readers; bots fill it in. */}
        <VisuallyHidden aria-hidden="true">
          <label htmlFor="contact-website">{t('form.honeypot')}</label>
          <input id="contact-website" {...form.register('website')} tabIndex={-1} autoComplete="off" />
        </VisuallyHidden>
        <Text fontSize="sm" color="fg.muted">
          {t('form.privacy')}{' '}
          <Link asChild color="brand.fg">
            <RouterLink to="/legal/privacy">{t('form.privacyLink')}</RouterLink>
          </Link>
        </Text>
        {/* The confirmation stays on the page (the toast goes away), read out politely. */}
        <Box role="status" aria-live="polite">
          {send.isSuccess && (
            <Alert.Root status="success" data-testid="contact-sent">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t('success.title')}</Alert.Title>
                <Alert.Description>{t('success.text')}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
        </Box>
        <Button
          type="submit"
          colorPalette="brand"
          size="lg"
          alignSelf="flex-start"
          loading={send.isPending}
          loadingText={t('form.sending')}
          data-testid="contact-submit"
        >
          {t('form.submit')}
        </Button>
      </Stack>
    </form>
  );
}

export default function ContactPage() {
  const { t } = useTranslation('contact');
  usePageMeta('contact');
  const { supportEmail } = useAppConfig();
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} />
      <Container maxW="6xl" py={{ base: '10', md: '14' }}>
        <SimpleGrid columns={{ base: 1, lg: 3 }} gap="10">
          <Box gridColumn={{ lg: 'span 2' }} position="relative">
            <ContactForm />
          </Box>
          <Stack gap="5" as="aside" aria-labelledby="contact-other">
            <Heading as="h2" size="lg" id="contact-other">
              {t('other.title')}
            </Heading>
            <Card.Root variant="subtle">
              <Card.Body gap="1">
                <Card.Title as="h3">{t('other.email')}</Card.Title>
                <Link href={`mailto:${supportEmail}`} color="brand.fg" dir="ltr" data-testid="contact-support-email">
                  {supportEmail}
                </Link>
              </Card.Body>
            </Card.Root>
            {OTHER_WAYS.map(({ id, to }) => (
              <Card.Root key={id} variant="subtle">
                <Card.Body gap="2">
                  <Card.Title as="h3">{t(`other.${id}`)}</Card.Title>
                  <Text color="fg.muted">{t(`other.${id}Text`, { product: PRODUCT_NAME })}</Text>
                  <Link asChild color="brand.fg" fontWeight="semibold">
                    <RouterLink to={to}>{t(`other.${id}Cta`)}</RouterLink>
                  </Link>
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
        </SimpleGrid>
      </Container>
    </>
  );
}
