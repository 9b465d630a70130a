import { Badge, Button, Field, Flex, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { RUN_LIMITS, type DrillMember, type DrillPosition } from '@muster/contracts';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/list';
import { guestRow, memberRow, type RosterRow } from './roster';

/** The roster's lines as a form's list (react-hook-form's `useFieldArray` over the form's `roster`). */
export interface RosterList {
  append: (row: RosterRow) => void;
  remove: (index: number) => void;
  update: (index: number, row: RosterRow) => void;
}

/**
 * The roster of a run: members of the organisation (each once) and guests by name, each with an
 * optional position of the template. `rows` are the form's lines as they are now, changed through
 * `list`; `messageOf` gives the message (in the reader's language) on a path of the request
 * (`participants`, `participants.1.name`).
 */
export function RosterEditor({
  members,
  positions,
  rows,
  list,
  messageOf = () => undefined,
}: {
  members: readonly DrillMember[];
  positions: readonly DrillPosition[];
  rows: readonly RosterRow[];
  list: RosterList;
  messageOf?: (path: string) => string | undefined;
}) {
  const { t } = useTranslation('drillRuns');
  const guestId = useId();
  const [memberId, setMemberId] = useState('');
  const [guest, setGuest] = useState('');
  const [guestError, setGuestError] = useState('');
  const onRoster = new Set(rows.map((r) => r.userId).filter((id): id is string => id !== null));
  const available = members.filter((m) => !onRoster.has(m.id));
  const full = rows.length >= RUN_LIMITS.rosterMax;
  const listError = messageOf('participants');

  const addMember = () => {
    const member = available.find((m) => m.id === memberId);
    if (!member || full) return;
    list.append(memberRow(member));
    setMemberId('');
  };
  const addGuest = () => {
    if (full) return;
    if (!guest.trim()) {
      setGuestError(t('roster.guestRequired'));
      return;
    }
    list.append(guestRow(guest));
    setGuest('');
    setGuestError('');
  };
  const onGuestKey = (e: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the guest rather than submitting the whole form.
    if (e.key === 'Enter') {
      e.preventDefault();
      addGuest();
    }
  };

  return (
    <Stack gap="4" data-testid="roster-editor">
      <Flex gap="3" wrap="wrap" align="flex-end">
        <SelectField
          label={t('roster.addMember')}
          value={memberId}
          onChange={setMemberId}
          options={[
            { value: '', label: available.length ? t('roster.chooseMember') : t('roster.everyoneAdded') },
            ...available.map((m) => ({ value: m.id, label: t('roster.memberOption', { name: m.name, email: m.email }) })),
          ]}
          disabled={available.length === 0 || full}
          testId="roster-member"
          width={{ base: 'full', sm: '18rem' }}
        />
        <Button size="sm" variant="outline" onClick={addMember} disabled={!memberId || full} data-testid="roster-add-member">
          {t('roster.add')}
        </Button>
      </Flex>
      <Flex gap="3" wrap="wrap" align="flex-start">
        <Field.Root invalid={Boolean(guestError)} width={{ base: 'full', sm: '18rem' }}>
          <Field.Label htmlFor={guestId}>{t('roster.addGuest')}</Field.Label>
          <Input
            id={guestId}
            size="sm"
            value={guest}
            onChange={(e) => {
              setGuest(e.currentTarget.value);
              if (guestError) setGuestError('');
            }}
            onKeyDown={onGuestKey}
            maxLength={RUN_LIMITS.nameMax}
            placeholder={t('roster.guestPlaceholder')}
            disabled={full}
            data-testid="roster-guest"
          />
          <Field.HelperText>{t('roster.guestHint')}</Field.HelperText>
          <Field.ErrorText>{guestError}</Field.ErrorText>
        </Field.Root>
        <Button
          size="sm"
          variant="outline"
          onClick={addGuest}
          disabled={full}
          marginTop={{ base: '0', sm: '6' }}
          data-testid="roster-add-guest"
        >
          {t('roster.addGuestButton')}
        </Button>
      </Flex>
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {rows.length === 0 ? t('roster.empty') : t('roster.count', { count: rows.length, max: RUN_LIMITS.rosterMax })}
      </Text>
      {listError && (
        <Text fontSize="sm" color="fg.error">
          {listError}
        </Text>
      )}
      {rows.length > 0 && (
        <Stack as="ul" gap="2" listStyleType="none" data-testid="roster-list">
          {rows.map((row, i) => {
            const path = `participants.${String(i)}`;
            const error = messageOf(`${path}.name`) ?? messageOf(`${path}.userId`) ?? messageOf(path) ?? messageOf(`${path}.positionId`);
            return (
              <Stack as="li" key={row.key} gap="1" borderWidth="1px" borderRadius="l2" padding="2" data-testid="roster-row">
                <Flex gap="2" align="center" wrap="wrap">
                  <HStack gap="2" flex="1" minWidth="10rem">
                    <Text fontWeight="medium" dir="auto" wordBreak="break-word">
                      {row.name}
                    </Text>
                    {row.userId === null && (
                      <Badge size="sm" variant="outline">
                        {t('roster.guest')}
                      </Badge>
                    )}
                  </HStack>
                  {positions.length > 0 && (
                    <NativeSelect.Root size="sm" width={{ base: 'full', sm: '14rem' }}>
                      <NativeSelect.Field
                        aria-label={t('roster.positionOf', { name: row.name })}
                        value={row.positionId ?? ''}
                        onChange={(e) => list.update(i, { ...row, positionId: e.currentTarget.value || null })}
                        data-testid="roster-position"
                      >
                        <option value="">{t('roster.noPosition')}</option>
                        {positions.map((p) => (
                          <option key={p.id} value={p.id}>
                            {p.name}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  )}
                  <Button
                    size="sm"
                    variant="ghost"
                    colorPalette="red"
                    onClick={() => list.remove(i)}
                    aria-label={t('roster.removeNamed', { name: row.name })}
                    data-testid="roster-remove"
                  >
                    {t('roster.remove')}
                  </Button>
                </Flex>
                {error && (
                  <Text fontSize="sm" color="fg.error">
                    {error}
                  </Text>
                )}
              </Stack>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
