import { Box, Image, Link, Spinner, Text } from '@chakra-ui/react';
import type { ChatAttachment } from '@muster/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadAttachment } from './chat-api';

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * An attachment of a chat message: images as a thumbnail, other files (PDF) as a link. The bytes
 * are fetched with the visitor's header, so visitors see them too.
 */
export function AttachmentView({
  chatId,
  attachment,
  visitorToken,
}: {
  chatId: string;
  attachment: ChatAttachment;
  visitorToken: string | null;
}) {
  const { t } = useTranslation('chat');
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    downloadAttachment(chatId, attachment.id, visitorToken).then(
      (blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [chatId, attachment.id, visitorToken]);

  const isImage = attachment.contentType.startsWith('image/');
  const label = t('attachment.label', { name: attachment.filename, size: formatSize(attachment.size) });
  if (failed)
    return (
      <Text fontSize="sm" color="fg.error">
        {t('attachment.unavailable', { name: attachment.filename })}
      </Text>
    );
  if (!url) return <Spinner size="sm" aria-label={label} />;
  return isImage ? (
    <Link href={url} target="_blank" rel="noopener" download={attachment.filename} aria-label={label} data-testid="chat-attachment">
      <Image src={url} alt={attachment.filename} maxHeight="40" maxWidth="full" borderRadius="md" objectFit="contain" />
    </Link>
  ) : (
    <Box>
      <Link href={url} download={attachment.filename} textDecoration="underline" data-testid="chat-attachment" dir="auto">
        {label}
      </Link>
    </Box>
  );
}
