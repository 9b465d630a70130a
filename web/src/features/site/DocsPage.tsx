import { Box, Container, Heading, Link, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ANNUAL_DISCOUNT_PERCENT, PRODUCT_NAME, TRIAL_DAYS } from '@muster/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useAppConfig } from '../../shell/useAppConfig';
import { PageHeader } from './SiteBlocks';
import { usePageMeta } from './usePageMeta';

/** The user guide: sections and their topics, in reading order (texts in the `docs` namespace). */
export const GUIDE = {
  gettingStarted: ['signUp', 'signIn', 'invite', 'settings'],
  roles: ['orgRoles', 'platformRoles', 'guestAuditors'],
  drills: ['templates', 'schedule', 'console', 'watchers', 'summary'],
  compliance: ['profiles', 'packets', 'verify', 'library'],
  support: ['assistant', 'liveChat', 'tickets'],
  usage: ['dashboard', 'alerts', 'plans'],
  enterprise: ['saml', 'scim', 'siem'],
  api: ['reference', 'auth', 'limits'],
} as const;

/** Anchor of a section or topic: "getting-started", "drills-console". */
export function anchorOf(...keys: string[]): string {
  return keys.map((key) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)).join('-');
}

/** Scrolls to the element named by the URL's hash once the page has rendered it. */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
}

export default function DocsPage() {
  const { t } = useTranslation('docs');
  usePageMeta('docs');
  useScrollToHash();
  const { assistantName } = useAppConfig();
  const values = { product: PRODUCT_NAME, days: TRIAL_DAYS, percent: ANNUAL_DISCOUNT_PERCENT, assistant: assistantName };
  const sections = Object.entries(GUIDE);
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead', values)} />
      <Container maxW="6xl" py={{ base: '10', md: '14' }}>
        <SimpleGrid columns={{ base: 1, lg: 4 }} gap="10">
          <Box as="nav" aria-labelledby="docs-contents">
            <Box position={{ lg: 'sticky' }} top="6" maxH={{ lg: 'calc(100dvh - 3rem)' }} overflowY={{ lg: 'auto' }}>
              <Heading as="h2" size="sm" id="docs-contents" mb="3">
                {t('contents')}
              </Heading>
              <List.Root as="ol" gap="2" ps="5" fontSize="sm">
                {sections.map(([section, topics]) => (
                  <List.Item key={section}>
                    <Link href={`#${anchorOf(section)}`} fontWeight="semibold">
                      {t(`sections.${section}.title`)}
                    </Link>
                    <List.Root as="ul" gap="1" ps="4" mt="1" listStyleType="none" hideBelow="lg">
                      {topics.map((topic) => (
                        <List.Item key={topic}>
                          <Link href={`#${anchorOf(section, topic)}`} color="fg.muted">
                            {t(`sections.${section}.${topic}.title`)}
                          </Link>
                        </List.Item>
                      ))}
                    </List.Root>
                  </List.Item>
                ))}
              </List.Root>
            </Box>
          </Box>
          <Stack gap="12" gridColumn={{ lg: 'span 3' }} maxW="3xl" as="article">
            {sections.map(([section, topics]) => (
              <Stack
                key={section}
                gap="5"
                as="section"
                id={anchorOf(section)}
                aria-labelledby={`${anchorOf(section)}-title`}
                scrollMarginTop="6"
                data-testid="docs-section"
              >
                <Stack gap="2">
                  <Heading as="h2" size="2xl" id={`${anchorOf(section)}-title`}>
                    {t(`sections.${section}.title`)}
                  </Heading>
                  <Text fontSize="lg" color="fg.muted">
                    {t(`sections.${section}.intro`, values)}
                  </Text>
                </Stack>
                {topics.map((topic) => (
                  <Stack key={topic} gap="1.5" id={anchorOf(section, topic)} scrollMarginTop="6">
                    <Heading as="h3" size="md">
                      {t(`sections.${section}.${topic}.title`)}
                    </Heading>
                    <Text lineHeight="tall">{t(`sections.${section}.${topic}.text`, values)}</Text>
                  </Stack>
                ))}
              </Stack>
            ))}
          </Stack>
        </SimpleGrid>
      </Container>
    </>
  );
}
