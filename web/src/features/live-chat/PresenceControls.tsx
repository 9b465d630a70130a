import { HStack, NativeSelect, Spinner, Text } from '@chakra-ui/react';
import { CHAT_LIMITS, OPERATOR_PRESENCES, type OperatorPresence } from '@muster/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useOperatorMe, useUpdateOperatorMe } from './chat-api';

const CAPACITIES = Array.from({ length: CHAT_LIMITS.capacityMax - CHAT_LIMITS.capacityMin + 1 }, (_, i) => CHAT_LIMITS.capacityMin + i);

/** The operator's presence (online, away, offline) and how many chats they take at once. */
export function PresenceControls() {
  const { t } = useTranslation('chat');
  const me = useOperatorMe();
  const update = useUpdateOperatorMe();
  const presenceId = useId();
  const capacityId = useId();
  if (me.isError) return <Text color="fg.error">{t('presence.unavailable')}</Text>;
  if (!me.data) return <Spinner size="sm" />;
  return (
    <HStack gap="4" wrap="wrap" data-testid="presence-controls" data-presence={me.data.presence}>
      <HStack gap="2">
        <Text asChild fontSize="sm" fontWeight="medium">
          <label htmlFor={presenceId}>{t('presence.label')}</label>
        </Text>
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field
            id={presenceId}
            value={me.data.presence}
            onChange={(e) => update.mutate({ presence: e.currentTarget.value as OperatorPresence })}
            data-testid="presence-select"
          >
            {OPERATOR_PRESENCES.map((p) => (
              <option key={p} value={p}>
                {t(`presence.${p}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      <HStack gap="2">
        <Text asChild fontSize="sm" fontWeight="medium">
          <label htmlFor={capacityId}>{t('presence.capacity')}</label>
        </Text>
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field
            id={capacityId}
            value={String(me.data.capacity)}
            onChange={(e) => update.mutate({ capacity: Number(e.currentTarget.value) })}
            data-testid="capacity-select"
          >
            {CAPACITIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      <Text fontSize="sm" color="fg.muted" data-testid="operator-load">
        {t('presence.load', { active: me.data.activeChats, capacity: me.data.capacity })}
      </Text>
    </HStack>
  );
}
