import { Box } from '@chakra-ui/react';
import { AssistantConversation } from '../assistant/AssistantConversation';

/** What the help desk does when the customer asks for a person or a ticket. */
export interface HelpDeskAssistantProps {
  /** The help desk checks who is online and starts a live chat, or takes a message that becomes a ticket. */
  onTalkToPerson: () => void;
  /** Members: /app/tickets/new; visitors: /contact. */
  onCreateTicket: () => void;
}

/** The assistant's part of the help desk: the conversation with Skipper, answering from the help centre. */
export function HelpDeskAssistant({ onTalkToPerson, onCreateTicket }: HelpDeskAssistantProps) {
  return (
    <Box data-testid="help-desk-assistant" height={{ base: '28rem', md: '32rem' }} minHeight="0">
      <AssistantConversation onTalkToPerson={onTalkToPerson} onCreateTicket={onCreateTicket} />
    </Box>
  );
}
