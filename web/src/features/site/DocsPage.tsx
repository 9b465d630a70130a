import { Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import { ANNUAL_DISCOUNT_PERCENT, PRODUCT_NAME, TRIAL_DAYS } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../shell/useAppConfig';
import { ContentsLayout, PageHeader } from './SiteBlocks';
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

export default function DocsPage() {
  const { t } = useTranslation('docs');
  usePageMeta('docs');
  const { assistantName } = useAppConfig();
  const values = { product: PRODUCT_NAME, days: TRIAL_DAYS, percent: ANNUAL_DISCOUNT_PERCENT, assistant: assistantName };
  const sections = Object.entries(GUIDE);
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead', values)} />
      <ContentsLayout
        contentsTitle={t('contents')}
        contentsId="docs-contents"
        gap="12"
        contents={
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
        }
      >
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
      </ContentsLayout>
    </>
  );
}
