import { api, type AskAssistantRequest } from '@muster/contracts';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';

/** POST /api/assistant/ask: the assistant's answer, its sources, and whether it knew. Errors are shown in the conversation. */
export function useAskAssistant() {
  return useMutation({
    mutationFn: (body: AskAssistantRequest) => callEndpoint(api.assistant.ask, { body }),
    meta: { silent: true },
  });
}
