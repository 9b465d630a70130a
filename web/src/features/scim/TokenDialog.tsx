import { Alert, Button, Clipboard, Dialog, HStack, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface RevealedToken {
  secret: string;
  name: string;
}

/** A new SCIM token, shown this once with a copy button; clicking outside does not close it. */
export function TokenDialog({ revealed, onClose }: { revealed: RevealedToken | null; onClose: () => void }) {
  const { t } = useTranslation('scim');
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
          <Dialog.Content data-testid="scim-token-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('reveal.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {revealed && (
                <Stack gap="4">
                  <Text>{t('reveal.text', { name: revealed.name })}</Text>
                  <Alert.Root status="warning">
                    <Alert.Indicator />
                    <Alert.Description>{t('reveal.once')}</Alert.Description>
                  </Alert.Root>
                  <Clipboard.Root value={revealed.secret}>
                    <Stack gap="1.5">
                      <Clipboard.Label fontSize="sm" fontWeight="medium">
                        {t('reveal.label')}
                      </Clipboard.Label>
                      <HStack gap="2" align="stretch" wrap={{ base: 'wrap', sm: 'nowrap' }}>
                        <Clipboard.Input asChild>
                          <Input readOnly dir="ltr" fontFamily="mono" fontSize="sm" flex="1 1 14rem" data-testid="scim-token-value" />
                        </Clipboard.Input>
                        <Clipboard.Trigger asChild>
                          <Button variant="outline">
                            <Clipboard.Indicator copied={t('copied')}>{t('copy')}</Clipboard.Indicator>
                          </Button>
                        </Clipboard.Trigger>
                      </HStack>
                    </Stack>
                  </Clipboard.Root>
                  <Text fontSize="sm" color="fg.muted">
                    {t('reveal.how')}
                  </Text>
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={onClose} data-testid="scim-token-done">
                {t('reveal.done')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
