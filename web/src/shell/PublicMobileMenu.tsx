import { Box, Button } from '@chakra-ui/react';
import { PRODUCT_NAME } from '@muster/contracts';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from './LanguageSelect';
import { MenuDrawer } from './MenuDrawer';
import { PUBLIC_NAV } from './PublicLayout';

interface PublicMobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onNavigate: (to: string) => void;
  /** The button that opened the menu: focus returns to it on close. */
  trigger: RefObject<HTMLButtonElement | null>;
}

/** The public site's menu on narrow screens (loaded when first opened). */
export default function PublicMobileMenu({ open, onOpenChange, onNavigate, trigger }: PublicMobileMenuProps) {
  const { t } = useTranslation('shell');
  return (
    <MenuDrawer
      open={open}
      onOpenChange={onOpenChange}
      title={PRODUCT_NAME}
      navLabel={t('public.navLabel')}
      closeLabel={t('topBar.closeMenu')}
      testId="public-mobile-menu"
      returnFocusTo={trigger}
    >
      {PUBLIC_NAV.map((item) => (
        <Button key={item.id} variant="ghost" justifyContent="flex-start" onClick={() => onNavigate(item.to)}>
          {t(`public.nav.${item.id}`)}
        </Button>
      ))}
      <Button variant="outline" onClick={() => onNavigate('/login')}>
        {t('public.nav.login')}
      </Button>
      <Button colorPalette="brand" onClick={() => onNavigate('/signup')}>
        {t('public.nav.signup')}
      </Button>
      <Box pt="2">
        <LanguageSelect />
      </Box>
    </MenuDrawer>
  );
}
