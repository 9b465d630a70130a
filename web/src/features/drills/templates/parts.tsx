import { Badge, Card, Heading, Stack } from '@chakra-ui/react';
import type { DrillType, TemplateSource } from '@muster/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A titled card of a template screen (a labelled region). */
export function Section({
  id,
  title,
  action,
  children,
  testId,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card.Root variant="outline" as="section" aria-labelledby={id} data-testid={testId}>
      <Card.Header paddingBottom="0">
        <Stack direction="row" justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="md" id={id}>
            {title}
          </Heading>
          {action}
        </Stack>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

export function SourceBadge({ source }: { source: TemplateSource }) {
  const { t } = useTranslation('drills');
  return (
    <Badge variant="surface" colorPalette={source === 'library' ? 'purple' : 'brand'} data-testid="template-source" data-source={source}>
      {t(`sources.${source}`)}
    </Badge>
  );
}

export function TypeBadge({ type }: { type: DrillType }) {
  const { t } = useTranslation('drills');
  return (
    <Badge variant="outline" colorPalette="gray" data-type={type}>
      {t(`types.${type}`)}
    </Badge>
  );
}
