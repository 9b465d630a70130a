import { Alert, Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-text';
import { useAcceptWaiver, useWaiver } from './packets-api';

/**
 * The waiver before any packet download (spec §1): `gate()` resolves true at once when the member
 * accepted the current version, else opens the dialog with its text and resolves true on Accept
 * (recorded once per version on the server), false on Cancel.
 */
export function useWaiverGate(): { gate: () => Promise<boolean>; dialog: ReactNode } {
  const { t } = useTranslation('packets');
  const waiver = useWaiver();
  const accept = useAcceptWaiver();
  const [open, setOpen] = useState(false);
  const pending = useRef<((ok: boolean) => void) | null>(null);

  const settle = (ok: boolean) => {
    pending.current?.(ok);
    pending.current = null;
    setOpen(false);
  };

  const gate = useCallback(async () => {
    const state = waiver.data ?? (await waiver.refetch()).data;
    if (state?.acceptedAt) return true;
    accept.reset();
    setOpen(true);
    return new Promise<boolean>((resolve) => {
      pending.current = resolve;
    });
  }, [waiver, accept]);

  const version = waiver.data?.version;
  const dialog = (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && settle(false)} role="alertdialog" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content data-testid="waiver-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('waiver.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text data-testid="waiver-text">{t('waiver.text')}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {t('waiver.once', { version: version ?? '' })}
                </Text>
                {accept.error && (
                  <Alert.Root status="error">
                    <Alert.Indicator />
                    <Alert.Description>{errorText(t, accept.error)}</Alert.Description>
                  </Alert.Root>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => settle(false)} data-testid="waiver-cancel">
                {t('waiver.cancel')}
              </Button>
              <Button
                colorPalette="brand"
                loading={accept.isPending}
                disabled={!version}
                onClick={() => version && accept.mutate(version, { onSuccess: () => settle(true) })}
                data-testid="waiver-accept"
              >
                {t('waiver.accept')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
  return { gate, dialog };
}
