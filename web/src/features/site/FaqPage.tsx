import { Accordion, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { LEGAL, PRODUCT_NAME, TRIAL_DAYS } from '@muster/contracts';
import { accordionSlotRecipe } from '@chakra-theme/recipes/accordion';
import { useTranslation } from 'react-i18next';
import { addRecipes } from '../../components/ui/system';
import { CtaBand, PageHeader } from './SiteBlocks';
import { usePageMeta } from './usePageMeta';

addRecipes({ slotRecipes: { accordion: accordionSlotRecipe } });

/** The 23 questions of the FAQ (spec §2), by group. */
export const FAQ_GROUPS = {
  gettingStarted: ['whatIs', 'compliance', 'setup', 'install'],
  drills: ['templates', 'console', 'offline', 'participants', 'reminders'],
  compliance: ['packets', 'verification', 'auditors', 'retention'],
  security: ['dataSeparation', 'sso', 'sessions', 'audit'],
  billing: ['plans', 'trial', 'limits'],
  support: ['help', 'responseTime', 'languages'],
} as const;

const VALUES = {
  product: PRODUCT_NAME,
  days: TRIAL_DAYS,
  complianceYears: LEGAL.retention.complianceAndBillingYears,
  standardYears: LEGAL.retention.standardPlanDocumentationYears,
  terminatedDays: LEGAL.retention.terminatedAccountDays,
};

export default function FaqPage() {
  const { t } = useTranslation('faq');
  usePageMeta('faq');
  const total = Object.values(FAQ_GROUPS).reduce((n, items) => n + items.length, 0);
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')}>
        <Text fontSize="sm" color="fg.muted" data-testid="faq-count">
          {t('count', { count: total })}
        </Text>
      </PageHeader>
      <Container maxW="4xl" py={{ base: '10', md: '14' }}>
        <Stack gap="10">
          {Object.entries(FAQ_GROUPS).map(([group, items]) => (
            <Stack key={group} gap="3" as="section" aria-labelledby={`faq-group-${group}`}>
              <Heading as="h2" size="xl" id={`faq-group-${group}`}>
                {t(`groups.${group}`)}
              </Heading>
              <Accordion.Root collapsible multiple variant="enclosed">
                {items.map((id) => (
                  <Accordion.Item key={id} value={id} data-testid="faq-item" id={`faq-q-${id}`}>
                    <Heading as="h3" size="md" fontWeight="semibold">
                      <Accordion.ItemTrigger cursor="pointer" py="4" textAlign="start">
                        <Text as="span" flex="1">
                          {t(`items.${id}.q`, VALUES)}
                        </Text>
                        <Accordion.ItemIndicator />
                      </Accordion.ItemTrigger>
                    </Heading>
                    <Accordion.ItemContent>
                      <Accordion.ItemBody color="fg.muted" pb="4">
                        {t(`items.${id}.a`, VALUES)}
                      </Accordion.ItemBody>
                    </Accordion.ItemContent>
                  </Accordion.Item>
                ))}
              </Accordion.Root>
            </Stack>
          ))}
        </Stack>
      </Container>
      <CtaBand />
    </>
  );
}
