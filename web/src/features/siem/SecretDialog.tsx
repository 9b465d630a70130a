import { Alert, Button, Clipboard, Dialog, HStack, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface RevealedSecret {
  secret: string;
  name: string;
  /** A rotation (the old secret keeps signing for the overlap) rather than a new destination. */
  rotated: boolean;
}

/**
 * The signing secret of a new destination or of a rotation, shown this once, with a copy button.
 * Clicking outside does not close it: the secret cannot be read again.
 */
export function SecretDialog({ revealed, onClose }: { revealed: RevealedSecret | null; onClose: () => void }) {
  const { t } = useTranslation('siem');
  return (
    <Dialog.Root
      open={revealed !== null}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      closeOnInteractOutside={false}
      role="alertdialog"
      size={{ base: 'full', sm: 'md' }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={{ base: '0', sm: '3' }}>
          <Dialog.Content data-testid="secret-dialog">
            <Dialog.Header>
              <Dialog.Title>{revealed?.rotated ? t('secret.rotatedTitle') : t('secret.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {revealed && (
                <Stack gap="4">
                  <Text>
                    {revealed.rotated ? t('secret.rotatedText', { name: revealed.name }) : t('secret.text', { name: revealed.name })}
                  </Text>
                  <Alert.Root status="warning" data-testid="secret-warning">
                    <Alert.Indicator />
                    <Alert.Description>{t('secret.once')}</Alert.Description>
                  </Alert.Root>
                  <Clipboard.Root value={revealed.secret}>
                    <Stack gap="1.5">
                      <Clipboard.Label fontSize="sm" fontWeight="medium">
                        {t('secret.label')}
                      </Clipboard.Label>
                      <HStack gap="2" align="stretch" wrap={{ base: 'wrap', sm: 'nowrap' }}>
                        <Clipboard.Input asChild>
                          <Input readOnly dir="ltr" fontFamily="mono" fontSize="sm" flex="1 1 14rem" data-testid="secret-value" />
                        </Clipboard.Input>
                        <Clipboard.Trigger asChild>
                          <Button variant="outline" data-testid="secret-copy">
                            <Clipboard.Indicator copied={t('secret.copied')}>{t('secret.copy')}</Clipboard.Indicator>
                          </Button>
                        </Clipboard.Trigger>
                      </HStack>
                    </Stack>
                  </Clipboard.Root>
                  <Text fontSize="sm" color="fg.muted">
                    {t('secret.how')}
                  </Text>
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={onClose} data-testid="secret-done">
                {t('secret.done')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
