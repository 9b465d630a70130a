import { CloseButton, Drawer, Portal, Stack } from '@chakra-ui/react';
import { drawerSlotRecipe } from '@chakra-theme/recipes/drawer';
import type { ReactNode, RefObject } from 'react';
import { addRecipes } from '../components/ui/system';

addRecipes({ slotRecipes: { drawer: drawerSlotRecipe } });

interface MenuDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Accessible names of the navigation inside and of the close button. */
  navLabel: string;
  closeLabel: string;
  testId: string;
  /** The button that opens the drawer, when it lives inside it; otherwise pass `returnFocusTo`. */
  trigger?: ReactNode;
  /** Where focus goes back on close, for a trigger outside the drawer. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/** The menu of a layout on narrow screens: a drawer at the end edge holding a navigation. */
export function MenuDrawer({ open, onOpenChange, title, navLabel, closeLabel, testId, trigger, returnFocusTo, children }: MenuDrawerProps) {
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      placement="end"
      size="xs"
      finalFocusEl={returnFocusTo ? () => returnFocusTo.current : undefined}
    >
      {trigger && <Drawer.Trigger asChild>{trigger}</Drawer.Trigger>}
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid={testId}>
            <Drawer.Header>
              <Drawer.Title>{title}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="1" as="nav" aria-label={navLabel}>
                {children}
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={closeLabel} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
