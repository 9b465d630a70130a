import { Alert, Button, Clipboard, Dialog, HStack, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useRef } from 'react';

/** The texts of a shown-once dialog, already translated by the feature that opens it. */
export interface ShownOnceTexts {
  title: string;
  text: string;
  /** The warning that the value cannot be read again. */
  once: string;
  label: string;
  /** What to do with the value. */
  how: string;
  copy: string;
  copied: string;
  done: string;
}

/**
 * A secret shown this once (a signing secret, a bearer token), with a copy button. Clicking
 * outside does not close it: the value cannot be read again. Test ids are `<testId>-dialog`,
 * `-warning`, `-value`, `-copy` and `-done`.
 */
export function ShownOnceDialog({
  value,
  texts,
  testId,
  onClose,
}: {
  /** The value to show; null while closed. */
  value: string | null;
  texts: ShownOnceTexts | null;
  testId: string;
  onClose: () => void;
}) {
  // The title and button keep their texts while the dialog animates out.
  const last = useRef(texts);
  if (texts) last.current = texts;
  const frame = texts ?? last.current;
  return (
    <Dialog.Root
      open={value !== null}
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
          <Dialog.Content data-testid={`${testId}-dialog`}>
            <Dialog.Header>
              <Dialog.Title>{frame?.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {value !== null && texts && (
                <Stack gap="4">
                  <Text>{texts.text}</Text>
                  <Alert.Root status="warning" data-testid={`${testId}-warning`}>
                    <Alert.Indicator />
                    <Alert.Description>{texts.once}</Alert.Description>
                  </Alert.Root>
                  <Clipboard.Root value={value}>
                    <Stack gap="1.5">
                      <Clipboard.Label fontSize="sm" fontWeight="medium">
                        {texts.label}
                      </Clipboard.Label>
                      <HStack gap="2" align="stretch" wrap={{ base: 'wrap', sm: 'nowrap' }}>
                        <Clipboard.Input asChild>
                          <Input readOnly dir="ltr" fontFamily="mono" fontSize="sm" flex="1 1 14rem" data-testid={`${testId}-value`} />
                        </Clipboard.Input>
                        <Clipboard.Trigger asChild>
                          <Button variant="outline" data-testid={`${testId}-copy`}>
                            <Clipboard.Indicator copied={texts.copied}>{texts.copy}</Clipboard.Indicator>
                          </Button>
                        </Clipboard.Trigger>
                      </HStack>
                    </Stack>
                  </Clipboard.Root>
                  <Text fontSize="sm" color="fg.muted">
                    {texts.how}
                  </Text>
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={onClose} data-testid={`${testId}-done`}>
                {frame?.done}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
