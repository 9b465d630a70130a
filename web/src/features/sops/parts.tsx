import { Badge, Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { SopContent, SopVersionStatus } from '@muster/contracts';
import { useTranslation } from 'react-i18next';

export const STATUS_PALETTE: Record<SopVersionStatus, string> = {
  draft: 'gray',
  in_review: 'orange',
  approved: 'blue',
  effective: 'green',
  superseded: 'purple',
};

export function StatusBadge({ status, testId }: { status: SopVersionStatus; testId?: string }) {
  const { t } = useTranslation('sops');
  return (
    <Badge colorPalette={STATUS_PALETTE[status]} variant="subtle" data-testid={testId} data-status={status}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}

/** A version's procedure as written: numbered sections and steps (what people typed, `dir="auto"`). */
export function ProcedureView({ content }: { content: SopContent }) {
  const { t } = useTranslation('sops');
  return (
    <Stack gap="4" data-testid="sop-procedure">
      <Text fontSize="sm" color="fg.muted">
        {t('detail.reviewEvery', { total: content.reviewIntervalMonths })}
      </Text>
      {content.sections.map((section, s) => (
        <Box as="section" key={section.id} data-testid="sop-section">
          <Heading as="h3" size="md" marginBottom="2" dir="auto" textAlign="start">
            {t('detail.sectionHeading', { number: s + 1, heading: section.heading })}
          </Heading>
          <Stack as="ol" gap="2" listStyleType="none" ps="0">
            {section.steps.map((step, i) => (
              <Box as="li" key={step.id} display="flex" gap="3" data-testid="sop-step" data-step-id={step.id}>
                <Text as="span" fontWeight="semibold" color="fg.muted" minWidth="8" flexShrink={0}>
                  {`${String(s + 1)}.${String(i + 1)}`}
                </Text>
                <Text as="span" dir="auto" textAlign="start">
                  {step.text}
                </Text>
              </Box>
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
