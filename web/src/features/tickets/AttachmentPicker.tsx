import { Button, CloseButton, HStack, Stack, Text } from '@chakra-ui/react';
import { ATTACHMENT_ACCEPT, ATTACHMENT_MAX_BYTES } from '@muster/contracts';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../lib/format';

/**
 * A button that opens the file chooser (images and PDF), for one or several files. Files over the
 * size limit are refused here with `onRejected`; the server checks the real type and size again.
 */
export function FilePickerButton({
  label,
  multiple,
  onFiles,
  onRejected,
  loading,
  testId,
  variant = 'outline',
}: {
  label: ReactNode;
  multiple?: boolean;
  onFiles: (files: File[]) => void;
  onRejected: (file: File) => void;
  loading?: boolean;
  testId?: string;
  variant?: 'outline' | 'subtle';
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={ATTACHMENT_ACCEPT}
        multiple={multiple}
        hidden
        tabIndex={-1}
        aria-hidden="true"
        data-testid={testId ? `${testId}-input` : undefined}
        onChange={(e) => {
          const files = Array.from(e.currentTarget.files ?? []);
          e.currentTarget.value = '';
          const accepted: File[] = [];
          for (const file of files) {
            if (file.size > ATTACHMENT_MAX_BYTES) onRejected(file);
            else accepted.push(file);
          }
          if (accepted.length) onFiles(accepted);
        }}
      />
      <Button size="sm" variant={variant} onClick={() => input.current?.click()} loading={loading} data-testid={testId}>
        {label}
      </Button>
    </>
  );
}

/** Files chosen for a form that is not sent yet, each removable. */
export function PendingFiles({ files, onRemove }: { files: File[]; onRemove: (index: number) => void }) {
  const { t, i18n } = useTranslation('tickets');
  if (!files.length) return null;
  return (
    <Stack as="ul" gap="1" listStyleType="none" data-testid="pending-files">
      {files.map((file, i) => (
        <HStack as="li" key={`${file.name}-${String(i)}`} gap="2" borderWidth="1px" borderRadius="l2" paddingInlineStart="3">
          <Text flex="1" truncate fontSize="sm">
            {file.name}
          </Text>
          <Text fontSize="xs" color="fg.muted" flexShrink={0}>
            {formatBytes(file.size, i18n.resolvedLanguage)}
          </Text>
          <CloseButton size="sm" aria-label={t('new.remove', { name: file.name })} onClick={() => onRemove(i)} />
        </HStack>
      ))}
    </Stack>
  );
}
