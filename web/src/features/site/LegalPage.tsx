import { Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import { ANNUAL_DISCOUNT_PERCENT, formatUsd, LEGAL, OVERAGE, PRODUCT_NAME, TRIAL_DAYS } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../lib/page';
import { formatDate } from '../../lib/format';
import { ContentsLayout, PageHeader } from './SiteBlocks';
import { usePageMeta } from './usePageMeta';

/** Sections of each legal text, in order (their texts live in the `legal` namespace). */
export const LEGAL_SECTIONS = {
  privacy: ['controller', 'data', 'purposes', 'sharing', 'retention', 'security', 'rights', 'children', 'changes'],
  terms: ['service', 'eligibility', 'plans', 'refunds', 'overage', 'fairUse', 'acceptable', 'data', 'liability', 'termination', 'changes'],
} as const;

type LegalDocument = keyof typeof LEGAL_SECTIONS;

/** The Privacy Policy (`privacy`) or the Terms of Use (`terms`), with a table of contents. */
export default function LegalPage({ pageId }: PageProps) {
  const doc: LegalDocument = pageId === 'terms' ? 'terms' : 'privacy';
  const { t, i18n } = useTranslation(['legal', 'site']);
  usePageMeta(doc);
  const lng = i18n.resolvedLanguage;
  const values = {
    product: PRODUCT_NAME,
    age: LEGAL.minimumAge,
    months: LEGAL.liabilityCapMonths,
    noticeDays: LEGAL.fairUseNoticeDays,
    complianceYears: LEGAL.retention.complianceAndBillingYears,
    standardYears: LEGAL.retention.standardPlanDocumentationYears,
    terminatedDays: LEGAL.retention.terminatedAccountDays,
    days: TRIAL_DAYS,
    percent: ANNUAL_DISCOUNT_PERCENT,
    runPrice: formatUsd(OVERAGE.drillRunBlockPriceCents, lng),
    runBlock: OVERAGE.drillRunBlockSize,
    gbPrice: formatUsd(OVERAGE.storagePricePerGbCents, lng),
  };
  const sections = LEGAL_SECTIONS[doc];
  return (
    <>
      <PageHeader title={t(`${doc}.title`)} lead={t(`${doc}.intro`, values)}>
        <Text fontSize="sm" color="fg.muted">
          {t('site:lastUpdated', { date: formatDate(LEGAL.effectiveDate, lng) })}
        </Text>
      </PageHeader>
      <ContentsLayout
        contentsTitle={t('site:onThisPage')}
        contentsId="legal-contents"
        gap="8"
        contents={
          <List.Root as="ol" gap="1.5" ps="5" fontSize="sm">
            {sections.map((key) => (
              <List.Item key={key}>
                <Link href={`#${key}`} color="fg.muted">
                  {t(`${doc}.sections.${key}.title`)}
                </Link>
              </List.Item>
            ))}
          </List.Root>
        }
      >
        {sections.map((key, index) => (
          <Stack key={key} gap="2" as="section" id={key} aria-labelledby={`${key}-title`} scrollMarginTop="6">
            <Heading as="h2" size="lg" id={`${key}-title`}>
              {index + 1}. {t(`${doc}.sections.${key}.title`)}
            </Heading>
            <Text lineHeight="tall">{t(`${doc}.sections.${key}.text`, values)}</Text>
          </Stack>
        ))}
      </ContentsLayout>
    </>
  );
}
