import { Box, Button, CloseButton, HStack, Stack, Text, Textarea, VisuallyHidden } from '@chakra-ui/react';
import { ATTACHMENT_ACCEPT, ATTACHMENT_MAX_MB, CHAT_LIMITS, type CannedResponse, type ChatAttachment } from '@muster/contracts';
import { useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { cannedQuery, insertCanned, matchCanned } from './canned';
import { uploadAttachment } from './chat-api';
import { attachmentProblem } from './messages';
import { errorText } from '../../lib/error-text';

interface ComposerProps {
  chatId: string;
  visitorToken: string | null;
  onSend: (body: string, attachment: ChatAttachment | null) => void;
  /** Called on every change: true while there is text, false when it is cleared. */
  onTyping: (active: boolean) => void;
  /** Operators: canned responses, inserted by typing `/shortcut`. */
  canned?: readonly CannedResponse[];
  disabled?: boolean;
}

/**
 * The message box: Enter sends (Shift+Enter for a new line), a file (image or PDF up to 10 MB)
 * can go with the text, and for operators `/shortcut` offers canned responses (arrows choose,
 * Tab or Enter inserts, Escape closes the list).
 */
export function Composer({ chatId, visitorToken, onSend, onTyping, canned, disabled }: ComposerProps) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const [attachment, setAttachment] = useState<ChatAttachment | null>(null);
  const [uploading, setUploading] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const inputId = useId();

  const query = canned ? cannedQuery(text) : null;
  const suggestions = query !== null && query !== dismissed && canned ? matchCanned(canned, query).slice(0, 6) : [];
  const open = suggestions.length > 0;
  const activeIndex = Math.min(active, Math.max(0, suggestions.length - 1));

  const change = (value: string) => {
    setText(value);
    setActive(0);
    if (dismissed !== null && cannedQuery(value) !== dismissed) setDismissed(null);
    onTyping(value.trim().length > 0);
  };

  const insert = (response: CannedResponse) => {
    change(insertCanned(text, response));
    textRef.current?.focus();
  };

  const send = () => {
    const body = text.trim();
    if ((!body && !attachment) || uploading || disabled) return;
    onSend(body, attachment);
    setText('');
    setAttachment(null);
    setFileError(null);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setActive((activeIndex + step + suggestions.length) % suggestions.length);
        return;
      }
      if (e.key === 'Tab' || e.key === 'Enter') {
        e.preventDefault();
        insert(suggestions[activeIndex]!);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        setDismissed(query);
        return;
      }
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0];
    e.currentTarget.value = '';
    if (!file) return;
    const problem = attachmentProblem(file);
    if (problem) {
      setFileError(problem === 'type' ? t('attachment.wrongType') : t('attachment.tooBig', { max: ATTACHMENT_MAX_MB }));
      return;
    }
    setFileError(null);
    setUploading(true);
    try {
      setAttachment(await uploadAttachment(chatId, file, visitorToken));
    } catch (err) {
      setFileError(t('attachment.uploadFailed', { reason: errorText(t, err) }));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack gap="2" data-testid="chat-composer">
      {(attachment || uploading) && (
        <HStack gap="2" bg="bg.muted" borderRadius="md" px="2" py="1" alignSelf="flex-start" maxWidth="full">
          <Text fontSize="sm" truncate dir="auto" data-testid="chat-attachment-ready">
            {uploading ? t('attachment.uploading') : attachment?.filename}
          </Text>
          {attachment && <CloseButton size="2xs" aria-label={t('attachment.remove')} onClick={() => setAttachment(null)} />}
        </HStack>
      )}
      {fileError && (
        <Text fontSize="sm" color="fg.error" role="alert" data-testid="chat-file-error">
          {fileError}
        </Text>
      )}
      <Box position="relative">
        <VisuallyHidden asChild>
          <label htmlFor={inputId}>{t('composer.label')}</label>
        </VisuallyHidden>
        <Textarea
          id={inputId}
          ref={textRef}
          value={text}
          onChange={(e) => change(e.currentTarget.value)}
          onKeyDown={onKeyDown}
          onBlur={() => onTyping(false)}
          placeholder={canned ? t('composer.placeholderOperator') : t('composer.placeholder')}
          rows={2}
          autoresize
          maxHeight="40"
          maxLength={CHAT_LIMITS.messageMax}
          disabled={disabled}
          dir="auto"
          role={canned ? 'combobox' : undefined}
          aria-autocomplete={canned ? 'list' : undefined}
          aria-expanded={canned ? open : undefined}
          aria-controls={canned && open ? listId : undefined}
          aria-activedescendant={open ? `${listId}-${activeIndex}` : undefined}
          data-testid="chat-input"
        />
        {open && (
          <Box
            as="ul"
            id={listId}
            role="listbox"
            aria-label={t('canned.suggestions')}
            position="absolute"
            bottom="100%"
            insetStart="0"
            insetEnd="0"
            mb="1"
            bg="bg.panel"
            borderWidth="1px"
            borderRadius="md"
            boxShadow="md"
            zIndex="dropdown"
            py="1"
            listStyleType="none"
            data-testid="canned-suggestions"
          >
            {suggestions.map((item, index) => (
              <Box
                as="li"
                key={item.id}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === activeIndex}
                px="3"
                py="1.5"
                cursor="pointer"
                bg={index === activeIndex ? 'bg.emphasized' : undefined}
                onMouseDown={(e) => {
                  e.preventDefault();
                  insert(item);
                }}
              >
                <Text fontSize="sm" fontWeight="semibold" dir="ltr" as="span">
                  /{item.shortcut}
                </Text>{' '}
                <Text as="span" fontSize="sm" color="fg.muted">
                  {item.title}
                </Text>
              </Box>
            ))}
          </Box>
        )}
      </Box>
      <HStack justify="space-between" gap="2" wrap="wrap">
        <input ref={fileRef} type="file" accept={ATTACHMENT_ACCEPT} hidden onChange={(e) => void pick(e)} data-testid="chat-file-input" />
        <Button size="sm" variant="ghost" onClick={() => fileRef.current?.click()} disabled={disabled || uploading}>
          {t('attachment.add')}
        </Button>
        <Button
          size="sm"
          colorPalette="brand"
          onClick={send}
          disabled={disabled || uploading || (!text.trim() && !attachment)}
          data-testid="chat-send"
        >
          {t('composer.send')}
        </Button>
      </HStack>
    </Stack>
  );
}
