import { HStack, Link, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';

const PAGES = [
  { id: 'policy', to: '/app/admin/security' },
  { id: 'pins', to: '/app/admin/security-pins' },
  { id: 'verification', to: '/app/admin/verification' },
  { id: 'recoveryDelegates', to: '/app/admin/recovery-delegates' },
] as const;

/** The organisation's security settings pages, linked to each other (the navigation menu is fixed by the spec). */
export function SecurityLinks() {
  const { t } = useTranslation('security');
  const { pathname } = useLocation();
  return (
    <HStack as="nav" aria-label={t('links.label')} gap="4" wrap="wrap" fontSize="sm" data-testid="security-links">
      {PAGES.map((p) =>
        p.to === pathname ? (
          <Text key={p.id} fontWeight="semibold" aria-current="page">
            {t(`links.${p.id}`)}
          </Text>
        ) : (
          <Link key={p.id} asChild color="brand.fg">
            <RouterLink to={p.to}>{t(`links.${p.id}`)}</RouterLink>
          </Link>
        ),
      )}
    </HStack>
  );
}
