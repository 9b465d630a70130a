import { Avatar, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../shell/useAppConfig';

/**
 * The assistant's part of the help desk: THE SEAM for the assistant feature.
 *
 * Props (the same as `AssistantConversation` of `features/assistant`):
 * - `onTalkToPerson()`: the customer wants a support operator (the help desk then checks who is
 *   online and starts a live chat, or takes a message that becomes a ticket);
 * - `onCreateTicket()`: the customer wants a ticket (members: /app/tickets/new; visitors: /contact).
 *
 * Until the assistant's endpoint exists this shows Skipper's welcome and the two actions; when the
 * assistant arrives, render `<AssistantConversation onTalkToPerson={…} onCreateTicket={…} />`
 * here instead (or in place of this component in HelpDesk.tsx).
 */
export interface HelpDeskAssistantProps {
  onTalkToPerson: () => void;
  onCreateTicket: () => void;
}

export function HelpDeskAssistant({ onTalkToPerson, onCreateTicket }: HelpDeskAssistantProps) {
  const { t } = useTranslation('helpdesk');
  const { assistantName } = useAppConfig();
  return (
    <Stack gap="4" data-testid="help-desk-assistant">
      <HStack align="flex-start" gap="3">
        <Avatar.Root size="sm" colorPalette="brand">
          <Avatar.Fallback name={assistantName} />
        </Avatar.Root>
        <Stack gap="1" bg="bg.muted" borderRadius="lg" px="3" py="2" flex="1">
          <Text fontSize="xs" fontWeight="semibold">
            {assistantName}
          </Text>
          <Text>{t('assistant.welcome', { name: assistantName })}</Text>
        </Stack>
      </HStack>
      <Flex gap="2" wrap="wrap">
        <Button colorPalette="brand" onClick={onTalkToPerson} data-testid="talk-to-person">
          {t('assistant.talkToPerson')}
        </Button>
        <Button variant="outline" onClick={onCreateTicket} data-testid="create-ticket">
          {t('assistant.createTicket')}
        </Button>
      </Flex>
    </Stack>
  );
}
