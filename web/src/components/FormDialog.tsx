import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';

/**
 * A dialog that holds a form or a panel: full screen on phones, large from `sm` up, its body
 * scrolling inside. `children` gets `close` (a form calls it once done). Open state is its own
 * unless `open` and `onOpenChange` are given (a caller that loads data only while open).
 */
export function FormDialog({
  trigger,
  title,
  titleDir,
  testId,
  closeLabel,
  open: controlled,
  onOpenChange,
  children,
}: {
  trigger: ReactNode;
  title: ReactNode;
  /** `auto` for a title written by users (its own direction). */
  titleDir?: 'auto';
  testId: string;
  closeLabel: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  children: (close: () => void) => ReactNode;
}) {
  const [own, setOwn] = useState(false);
  const open = controlled ?? own;
  const setOpen = onOpenChange ?? setOwn;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => setOpen(e.open)}
      size={{ base: 'full', sm: 'lg' }}
      lazyMount
      unmountOnExit
      scrollBehavior="inside"
    >
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={{ base: '0', sm: '3' }}>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title dir={titleDir}>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children(() => setOpen(false))}</Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={closeLabel} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
