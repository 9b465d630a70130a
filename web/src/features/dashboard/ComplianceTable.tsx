import { Badge, Card, HStack, Link, Table } from '@chakra-ui/react';
import type { ComplianceSummary } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { formatCount } from '../../lib/format';

/** Compliance status by profile: rules passing, due soon and failing, each profile linked. */
export function ComplianceTable({ items }: { items: ComplianceSummary }) {
  const { t, i18n } = useTranslation('dashboards');
  const n = (v: number) => formatCount(v, i18n.language);
  return (
    <Card.Root variant="outline">
      <Table.ScrollArea>
        <Table.Root size="sm" data-testid="compliance-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('compliance.profile')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('compliance.status')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {items.map((p) => (
              <Table.Row key={p.profileId} data-testid="compliance-row">
                <Table.Cell>
                  <Link asChild color="brand.fg">
                    <RouterLink to="/app/compliance/profiles">{p.name}</RouterLink>
                  </Link>
                </Table.Cell>
                <Table.Cell>
                  <HStack gap="2" wrap="wrap">
                    <Badge colorPalette="green" data-testid="compliance-passing">
                      {t('compliance.passing', { count: p.passing, value: n(p.passing) })}
                    </Badge>
                    <Badge colorPalette="orange" data-testid="compliance-due-soon">
                      {t('compliance.dueSoon', { count: p.dueSoon, value: n(p.dueSoon) })}
                    </Badge>
                    <Badge colorPalette="red" data-testid="compliance-failing">
                      {t('compliance.failing', { count: p.failing, value: n(p.failing) })}
                    </Badge>
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Card.Root>
  );
}
