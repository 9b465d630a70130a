import { Box, Button, CloseButton, Drawer, Portal, Stack } from '@chakra-ui/react';
import { PRODUCT_NAME } from '@muster/contracts';
import { drawerSlotRecipe } from '@chakra-theme/recipes/drawer';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { addRecipes } from '../components/ui/system';
import { LanguageSelect } from './LanguageSelect';
import { PUBLIC_NAV } from './PublicLayout';

interface PublicMobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onNavigate: (to: string) => void;
  /** The button that opened the menu: focus returns to it on close. */
  trigger: RefObject<HTMLButtonElement | null>;
}

addRecipes({ slotRecipes: { drawer: drawerSlotRecipe } });

/** The public site's menu on narrow screens (loaded when first opened). */
export default function PublicMobileMenu({ open, onOpenChange, onNavigate, trigger }: PublicMobileMenuProps) {
  const { t } = useTranslation('shell');
  return (
    <Drawer.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="end" size="xs" finalFocusEl={() => trigger.current}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="public-mobile-menu">
            <Drawer.Header>
              <Drawer.Title>{PRODUCT_NAME}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="1" as="nav" aria-label={t('public.navLabel')}>
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
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('topBar.closeMenu')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
