import { HStack, Link, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';

const ADMIN_PAGES = [
  { id: 'timeline', to: '/app/admin/security-timeline', takesOrgId: true },
  { id: 'threats', to: '/app/admin/security-threats', takesOrgId: true },
  { id: 'siem', to: '/app/admin/siem', takesOrgId: false },
  { id: 'saml', to: '/app/admin/saml', takesOrgId: false },
  { id: 'scim', to: '/app/admin/scim', takesOrgId: false },
] as const;

/**
 * The organisation's security pages, linked to each other (the navigation menu is fixed by the
 * spec). The organisation platform staff chose goes along.
 */
export function SecurityAdminLinks() {
  const { t } = useTranslation('audit');
  const { pathname, search } = useLocation();
  const orgId = new URLSearchParams(search).get('orgId');
  return (
    <HStack as="nav" aria-label={t('adminLinks.label')} gap="4" wrap="wrap" fontSize="sm" data-testid="security-admin-links">
      {ADMIN_PAGES.map((p) =>
        p.to === pathname ? (
          <Text key={p.id} fontWeight="semibold" aria-current="page">
            {t(`adminLinks.${p.id}`)}
          </Text>
        ) : (
          <Link key={p.id} asChild color="brand.fg">
            <RouterLink to={p.takesOrgId && orgId ? `${p.to}?${new URLSearchParams({ orgId }).toString()}` : p.to}>
              {t(`adminLinks.${p.id}`)}
            </RouterLink>
          </Link>
        ),
      )}
    </HStack>
  );
}
